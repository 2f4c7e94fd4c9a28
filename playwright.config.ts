import { defineConfig } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./scripts/support/chromium";
import { e2eDataDir, e2ePort, marketplacePort } from "./tests/e2e/server";

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
      LOG_LEVEL: "warn",
      // The tests fill forms in milliseconds and send a burst of leads from one address: neither is a bot here.
      // A short minimum fill time still makes every lead carry the page's start token, and the page wait for it.
      MIN_FILL_MS: "500",
      RATE_LIMIT_MAX: "10000",
      ADDRESS_RATE_LIMIT_MAX: "10000",
      // Every test's browser starts its visits and quote sessions from the one loopback address.
      NEW_VISITS_PER_ADDRESS_MAX: "100000",
      QUOTE_SESSIONS_PER_ADDRESS_MAX: "100000",
      // Visitors here draw phone numbers from a range of a thousand; de-duplication has its own server tests.
      DUPLICATE_WINDOW_HOURS: "0",
      // Open every hour, so what a test sees does not depend on when it runs; and nothing is sent to buyers.
      OPENING_HOURS: "always",
      DELIVERY_WORKER: "off",
      // The partner marketplace frame loads from a stand-in partner on loopback (tests/e2e/partnerMarketplace.spec.ts).
      MARKETPLACE_ORIGINS: `mmob=http://127.0.0.1:${marketplacePort}`,
    },
  },
});
