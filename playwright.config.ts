import { defineConfig } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./scripts/support/chromium";
import { e2eDataDir, e2ePort, e2eServerEnv, marketplacePort } from "./tests/e2e/server";

export default defineConfig({
  testDir: "tests",
  // The end-to-end suite, and the browser half of the specification's conformance suite (vitest takes *.test.ts).
  testMatch: ["e2e/**/*.spec.ts", "spec/**/*.spec.ts"],
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: `http://127.0.0.1:${e2ePort}`,
    browserName: "chromium",
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: "off",
  },
  webServer: {
    command: "tsx tests/e2e/startServer.ts",
    url: `http://127.0.0.1:${e2ePort}/api/health`,
    reuseExistingServer: false,
    timeout: 30_000,
    env: {
      PORT: String(e2ePort),
      HOST: "127.0.0.1",
      DATA_DIR: e2eDataDir,
      ...e2eServerEnv,
      // The partner marketplace frame loads from a stand-in partner on loopback (tests/e2e/partnerMarketplace.spec.ts).
      MARKETPLACE_ORIGINS: `mmob=http://127.0.0.1:${marketplacePort}`,
    },
  },
});
