/** A pipeline server on SQLite or on its own PostgreSQL schema, with a connection to read what it stored. */
import path from "node:path";
import type { Kysely } from "kysely";
import { openDatabase } from "../../../server/storage/database";
import type { Database } from "../../../server/storage/schema";
import { openTestPostgres, testDatabaseUrl } from "./databases";
import { startPipelineServer, type PipelineServer, type PipelineServerOptions } from "./pipelineServer";

/** The databases a server runs on here: [name, skipped], PostgreSQL only when TEST_DATABASE_URL is set. */
export const serverDialects = [
  ["SQLite", false],
  ["PostgreSQL", !testDatabaseUrl],
] as const;

/** The server, the database as a second connection sees it, and how to stop both. */
export interface ServerOnDialect {
  server: PipelineServer;
  db: Kysely<Database>;
  /** The settings that point another process (a worker, a CLI) at the same store: DATA_DIR or DATABASE_URL. */
  storeEnv: Record<string, string>;
  close(): Promise<void>;
}

/** Starts a pipeline server on SQLite (its own file) or PostgreSQL (TEST_DATABASE_URL, a fresh schema). */
export async function startServerOn(dialect: "SQLite" | "PostgreSQL", options: PipelineServerOptions = {}): Promise<ServerOnDialect> {
  if (dialect === "SQLite") {
    const server = await startPipelineServer(options);
    const db = await openDatabase({ file: path.join(server.dataDir, "leads.sqlite") });
    return {
      server,
      db,
      storeEnv: { DATA_DIR: server.dataDir },
      close: async () => {
        await db.destroy();
        await server.close();
      },
    };
  }
  const store = await openTestPostgres();
  const server = await startPipelineServer({ ...options, env: { ...options.env, DATABASE_URL: store.url! } });
  return {
    server,
    db: store.db,
    storeEnv: { DATABASE_URL: store.url! },
    close: async () => {
      await server.close();
      await store.drop();
    },
  };
}
