/** What every operator's command starts with: the server's settings, and the store they name. */
import path from "node:path";
import type { Kysely } from "kysely";
import { loadConfig, type Config } from "../config";
import { openDatabase } from "../storage/database";
import type { Database } from "../storage/schema";

/** The server's settings; a setting it cannot take is printed in one line and the command exits with 1. */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

/** The store the settings name (DATABASE_URL, else DATA_DIR's SQLite file), opened and migrated; the caller destroys it. */
export function openConfiguredStore(config: Pick<Config, "databaseUrl" | "dataDir">): Promise<Kysely<Database>> {
  return config.databaseUrl ? openDatabase({ url: config.databaseUrl }) : openDatabase({ file: path.join(config.dataDir, "leads.sqlite") });
}
