/**
 * Runs before the tests: end-to-end tests drive the system's Chromium and never download a browser, so say
 * how to install one when it is missing.
 */
import { accessSync, constants } from "node:fs";
import { chromiumPath } from "./support/chromium";
import { stopQuietlyWhenOutputCloses } from "../server/cli/closedOutput";

stopQuietlyWhenOutputCloses();

try {
  accessSync(chromiumPath, constants.X_OK);
} catch {
  console.error(
    [
      `Chromium was not found at ${chromiumPath}.`,
      "The end-to-end tests drive the system's Chromium. Install it, then run the tests again:",
      "  Debian/Ubuntu:  sudo apt-get update && sudo apt-get install -y chromium",
      "Or point CHROMIUM_PATH at an existing Chromium or Chrome binary.",
    ].join("\n"),
  );
  process.exit(1);
}
