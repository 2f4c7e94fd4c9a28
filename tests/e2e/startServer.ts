/** Starts the real server for the end-to-end tests on an emptied data directory, with one analyst (a publisher) in its analysts file, imported into the store at its start. */
import { rmSync } from "node:fs";
import { writeAnalystsFile } from "../../server/analysts/analystsFile";
import { hashPassword } from "../../server/analysts/passwords";
import { E2E_ANALYST, e2eAnalystsFile, e2eDataDir } from "./server";

rmSync(e2eDataDir, { recursive: true, force: true });
await writeAnalystsFile(e2eAnalystsFile, [{ name: E2E_ANALYST.name, passwordHash: await hashPassword(E2E_ANALYST.password), role: "publisher", added: new Date().toISOString() }]);
process.env.ANALYSTS_FILE = e2eAnalystsFile;
await import("../../server/main");
