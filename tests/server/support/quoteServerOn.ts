/** A test server with quote pages on SQLite (its own file) or PostgreSQL (TEST_DATABASE_URL, a fresh schema), and the database it writes. */
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { openDatabase } from "../../../server/storage/database";
import type { Database } from "../../../server/storage/schema";
import { startTestServer, type TestServerOptions } from "../testServer";
import { openTestPostgres } from "./databases";

/** The app, a second connection to its database, and how to stop both. */
export interface QuoteServerOn {
  app: FastifyInstance;
  db: Kysely<Database>;
  close(): Promise<void>;
}

/** Starts startTestServer's server with quote pages on the dialect, with the settings given (silent unless given a logger). */
export async function startQuoteServerOn(dialect: "SQLite" | "PostgreSQL", env: Record<string, string> = {}, { logger = false, ...options }: TestServerOptions & { logger?: object | false } = {}): Promise<QuoteServerOn> {
  if (dialect === "SQLite") {
    const server = await startTestServer(env, logger, { quotePages: true, ...options });
    const db = await openDatabase({ file: path.join(server.dataDir, "leads.sqlite") });
    return {
      app: server.app,
      db,
      close: async () => {
        await db.destroy();
        await server.close();
      },
    };
  }
  const store = await openTestPostgres();
  const server = await startTestServer({ ...env, DATABASE_URL: store.url! }, logger, { quotePages: true, ...options });
  return {
    app: server.app,
    db: store.db,
    close: async () => {
      await server.close();
      await store.drop();
    },
  };
}
