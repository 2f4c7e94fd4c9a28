import { fileURLToPath } from "node:url";
import { defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config";

export default mergeConfig(
  viteConfig,
  defineConfig({
    root: fileURLToPath(new URL("./", import.meta.url)),
    test: {
      include: ["tests/unit/**/*.test.{ts,tsx}", "tests/server/**/*.test.ts", "tests/build/**/*.test.ts", "tests/spec/**/*.test.ts"],
      environment: "node",
      restoreMocks: true,
      testTimeout: 60_000,
      // Set-up that starts servers and stores (PostgreSQL schemas, SQLite threads) takes seconds on a busy machine.
      hookTimeout: 30_000,
    },
  }),
);
