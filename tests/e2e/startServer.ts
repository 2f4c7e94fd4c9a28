/** Starts the real server for the end-to-end tests on an emptied data directory. */
import { rmSync } from "node:fs";
import { e2eDataDir } from "./server";

rmSync(e2eDataDir, { recursive: true, force: true });
await import("../../server/main");
