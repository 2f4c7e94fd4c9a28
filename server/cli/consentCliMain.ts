/** `npm run consent -- …`: the consent signing keys and checking a certificate, against the store the settings name. */
import type { Kysely } from "kysely";
import { consentKeysSecret } from "../consent/signingKeys";
import type { Database } from "../storage/schema";
import { stopQuietlyWhenOutputCloses } from "./closedOutput";
import { configOrExit, openConfiguredStore } from "./commandStore";
import { runConsentCli, USAGE, UsageError } from "./consentCli";

stopQuietlyWhenOutputCloses();

const args = process.argv.slice(2);
if (args.length === 0 || args[0] === "--help" || args[0] === "help") {
  console.log(USAGE);
  process.exit(args.length === 0 ? 1 : 0);
}

const config = configOrExit();
let db: Kysely<Database> | undefined;
let code: number;
try {
  code = await runConsentCli(args, {
    store: async () => (db ??= await openConfiguredStore(config)),
    secret: () => consentKeysSecret(config.consentKeysSecret, config.dataDir),
    out: (text) => process.stdout.write(text),
    stdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString("utf8");
    },
    now: () => new Date(),
  });
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`${error.message}\n\n${USAGE}`);
  code = 1;
} finally {
  await db?.destroy();
}
process.exit(code);
