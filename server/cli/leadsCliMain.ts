/** `npm run leads -- …`: runs an operator command against the database the server's settings name. */
import { runLeadsCli, USAGE, UsageError } from "./leadsCli";
import { stopQuietlyWhenOutputCloses } from "./closedOutput";
import { configOrExit, openConfiguredStore } from "./commandStore";

stopQuietlyWhenOutputCloses();

const args = process.argv.slice(2);
if (args.length === 0 || args[0] === "--help" || args[0] === "help") {
  console.log(USAGE);
  process.exit(args.length === 0 ? 1 : 0);
}

const config = configOrExit();
const db = await openConfiguredStore(config);
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
