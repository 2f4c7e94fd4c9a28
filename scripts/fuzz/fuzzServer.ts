/**
 * The server the fuzz leans on: the real app (buildServer) with the built site, listening on 127.0.0.1, over a
 * scratch SQLite folder or a scratch PostgreSQL schema, and a second connection that reads what it stored.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import pg from "pg";
import { buildServer } from "../../server/buildServer";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/storage/database";
import type { Database } from "../../server/storage/schema";
import { root, uncappedBuyersFile } from "../support/leadServer";
import { scratchAnalyst } from "../support/scratchAnalyst";

/** The stores the fuzz runs on. */
export type Store = "SQLite" | "PostgreSQL";

/** A listening server, its origin, its database as a second connection sees it, and how to stop and remove both. */
export interface FuzzServer {
  url: string;
  app: FastifyInstance;
  db: Kysely<Database>;
  stop(): Promise<void>;
}

/**
 * The settings: every limit at its default but the ones the checks need volume past, which are raised:
 * MIN_FILL_MS (leads are posted milliseconds after the form is drawn) and the buyers' daily caps (so each stored
 * lead has deliveries to count). The shop is always open, so routing does not depend on the hour the fuzz runs,
 * and the delivery worker is off (no buyer is called). TRUST_PROXY=1: the fuzz's client stands for one load balancer,
 * naming each simulated client's address.
 * The analysts file lists one analyst, whose password the fuzz does not know.
 */
async function settings(dir: string): Promise<Record<string, string>> {
  return {
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "error",
    DATA_DIR: path.join(dir, "data"),
    SITE_DIR: path.join(root, "dist", "client"),
    BUYERS_FILE: await uncappedBuyersFile(dir),
    TRUST_PROXY: "1",
    OPENING_HOURS: "always",
    MIN_FILL_MS: "0",
    DELIVERY_WORKER: "off",
    // An analyst, so the analysts' pages are served behind their sign-in (without a file they are only 404).
    ANALYSTS_FILE: (await scratchAnalyst(dir)).file,
  };
}

/** Starts the server on `store` (PostgreSQL at `databaseUrl`, in a schema of its own dropped at the end). */
export async function startFuzzServer(store: Store, databaseUrl?: string): Promise<FuzzServer> {
  const dir = await mkdtemp(path.join(tmpdir(), "switchplan-fuzz-"));
  const env = await settings(dir);
  let db: Kysely<Database> | undefined;
  let dropSchema = async () => {};
  if (store === "PostgreSQL") {
    if (!databaseUrl) throw new Error("PostgreSQL needs TEST_DATABASE_URL");
    const schema = `fuzz_${process.pid}_${randomBytes(4).toString("hex")}`;
    db = await openDatabase({ url: databaseUrl, schema });
    const url = new URL(databaseUrl);
    url.searchParams.set("options", `-c search_path=${schema}`);
    env.DATABASE_URL = url.toString();
    dropSchema = async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`).finally(() => client.end());
    };
  }
  const app = await buildServer({ config: loadConfig(env), secrets: {} });
  await app.listen({ host: "127.0.0.1", port: 0 });
  // SQLite's file is made by the server; the second connection opens it once it is there.
  db ??= await openDatabase({ file: path.join(env.DATA_DIR!, "leads.sqlite") });
  const reads = db;
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    url,
    app,
    db: reads,
    stop: async () => {
      await app.close();
      await reads.destroy();
      await dropSchema();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
