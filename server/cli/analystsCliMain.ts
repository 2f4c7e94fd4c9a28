/** `npm run analysts -- …`: adds, removes, lists the analysts in the store the server's settings name, and sets their roles (see analystsCli.ts). */
import { loadConfig } from "../config";
import { runAnalystsCli, USAGE, UsageError } from "./analystsCli";
import { stopQuietlyWhenOutputCloses } from "./closedOutput";
import { openConfiguredStore } from "./commandStore";
import { readPassword } from "./readPassword";
import { storeWords } from "./storeWords";

stopQuietlyWhenOutputCloses();

const args = process.argv.slice(2);
if (args.length === 0 || args[0] === "--help" || args[0] === "help") {
  console.log(USAGE);
  process.exit(args.length === 0 ? 1 : 0);
}

let code: number;
try {
  const config = loadConfig();
  const db = await openConfiguredStore(config);
  try {
    code = await runAnalystsCli(args, { db, store: storeWords(config), file: config.analystsFile, out: (text) => process.stdout.write(text), readPassword: () => readPassword(), now: () => new Date() });
  } finally {
    await db.destroy();
  }
} catch (error) {
  console.error(error instanceof UsageError ? `${error.message}\n\n${USAGE}` : (error as Error).message);
  code = 1;
}
process.exit(code);
