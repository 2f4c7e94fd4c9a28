/** How a command names the store it reads, in words an analyst can check against their settings; never a password. */
import path from "node:path";
import { displayPath } from "../../engine/node/formsFolder";
import type { Config } from "../config";

/**
 * `data/leads.sqlite (DATA_DIR unset: the project's own data/)`, `/tmp/copy/data/leads.sqlite (DATA_DIR)`, or for
 * DATABASE_URL `the PostgreSQL database "leads" on db.example:5432 (DATABASE_URL)`: host and name only.
 */
export function storeWords(config: Pick<Config, "databaseUrl" | "dataDir">, env: NodeJS.ProcessEnv = process.env): string {
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    const name = decodeURIComponent(url.pathname.replace(/^\//, "")) || url.username || "postgres";
    return `the PostgreSQL database "${name}" on ${url.host || "localhost"} (DATABASE_URL)`;
  }
  const file = displayPath(path.join(config.dataDir, "leads.sqlite"));
  return `${file} (${env.DATA_DIR ? "DATA_DIR" : "DATA_DIR unset: the project's own data/"})`;
}
