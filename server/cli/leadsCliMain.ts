/** `npm run leads -- …`: runs an operator command against the database the server's settings name. */
import path from "node:path";
import { loadConfig } from "../config";
import { openDatabase } from "../storage/database";
import { runLeadsCli, USAGE, UsageError } from "./leadsCli";
import { stopQuietlyWhenOutputCloses } from "./closedOutput";

stopQuietlyWhenOutputCloses();

const args = process.argv.slice(2);
if (args.length === 0 || args[0] === "--help" || args[0] === "help") {
  console.log(USAGE);
  process.exit(args.length === 0 ? 1 : 0);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const db = config.databaseUrl ? await openDatabase({ url: config.databaseUrl }) : await openDatabase({ file: path.join(config.dataDir, "leads.sqlite") });
let code: number;
try {
  code = await runLeadsCli(args, { db, out: (text) => process.stdout.write(text), now: () => new Date() });
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`${error.message}\n\n${USAGE}`);
  code = 1;
} finally {
  await db.destroy();
}
process.exit(code);
