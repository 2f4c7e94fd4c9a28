/** `npm run analysts -- …`: adds, removes and lists the analysts in ANALYSTS_FILE (see analystsCli.ts). */
import { loadConfig } from "../config";
import { runAnalystsCli, USAGE, UsageError } from "./analystsCli";
import { stopQuietlyWhenOutputCloses } from "./closedOutput";
import { readPassword } from "./readPassword";

stopQuietlyWhenOutputCloses();

const args = process.argv.slice(2);
if (args.length === 0 || args[0] === "--help" || args[0] === "help") {
  console.log(USAGE);
  process.exit(args.length === 0 ? 1 : 0);
}

let code: number;
try {
  const { analystsFile } = loadConfig();
  code = await runAnalystsCli(args, { file: analystsFile, out: (text) => process.stdout.write(text), readPassword: () => readPassword(), now: () => new Date() });
} catch (error) {
  console.error(error instanceof UsageError ? `${error.message}\n\n${USAGE}` : (error as Error).message);
  code = 1;
}
process.exit(code);
