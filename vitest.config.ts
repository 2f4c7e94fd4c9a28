import { defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config";

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      include: ["tests/unit/**/*.test.{ts,tsx}", "tests/server/**/*.test.ts"],
      environment: "node",
      restoreMocks: true,
      testTimeout: 20_000,
    },
  }),
);
