/**
 * `npm run test:crash`: no acknowledged lead is ever lost. Each round posts leads from 32 connections to
 * the real server, kills it with SIGKILL once --leads (1000) are acknowledged (with more in flight),
 * restarts it on the same store, and checks that every lead answered "5" is there with one delivery row
 * per buyer it named. Three rounds on one SQLite file, then one on PostgreSQL (TEST_DATABASE_URL, in a
 * schema of its own). Prints acknowledged against found per round; exits 1 on any loss.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import pg from "pg";
import { openDatabase } from "../server/storage/database";
import type { Database } from "../server/storage/schema";
import { loadSettings, postLead, startLeadServer, uncappedBuyersFile } from "./support/leadServer";
import { stopQuietlyWhenOutputCloses } from "../server/cli/closedOutput";

stopQuietlyWhenOutputCloses();

const CONNECTIONS = 32;
const leadsFlag = process.argv.indexOf("--leads");
const target = leadsFlag >= 0 ? Number(process.argv[leadsFlag + 1]) : 1000;

interface Acknowledged {
  leadId: string;
  buyers: number;
}

let serial = 0;

/** Posts from 32 loops until the server dies; kills it with SIGKILL after `target` acknowledgements. */
async function postUntilKilled(env: Record<string, string>): Promise<Acknowledged[]> {
  const server = await startLeadServer(env);
  const acknowledged: Acknowledged[] = [];
  let killed = false;
  const sender = async () => {
    for (;;) {
      try {
        const { status, body } = await postLead(server.url, serial++);
        if (status !== 200 || body.code !== "5") throw new Error(`a lead was answered ${status} ${JSON.stringify(body)}`);
        acknowledged.push({ leadId: body.leadId!, buyers: body.buyers?.length ?? 0 });
      } catch (error) {
        if (killed) return;
        throw error;
      }
      if (!killed && acknowledged.length >= target) {
        killed = true;
        // Mid-stream: the other senders' leads are in flight, some committed and unanswered.
        process.kill(server.pid, "SIGKILL");
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: CONNECTIONS }, sender));
  } finally {
    await server.stop("SIGKILL");
  }
  return acknowledged;
}

/** Restarts on the store, then counts which acknowledged leads are there with all their delivery rows. */
async function found(env: Record<string, string>, open: () => Promise<Kysely<Database>>, acknowledged: Acknowledged[]): Promise<number> {
  const restarted = await startLeadServer(env);
  const db = await open();
  try {
    const rows = new Map<string, number>();
    for (let i = 0; i < acknowledged.length; i += 500) {
      const ids = acknowledged.slice(i, i + 500).map((a) => a.leadId);
      const leads = await db.selectFrom("leads").select("id").where("id", "in", ids).execute();
      for (const lead of leads) rows.set(lead.id, 0);
      const deliveries = await db.selectFrom("deliveries").select("lead_id").where("lead_id", "in", ids).execute();
      for (const delivery of deliveries) rows.set(delivery.lead_id, (rows.get(delivery.lead_id) ?? 0) + 1);
    }
    return acknowledged.filter((a) => rows.get(a.leadId) === a.buyers && a.buyers > 0).length;
  } finally {
    await db.destroy();
    await restarted.stop();
  }
}

async function round(name: string, env: Record<string, string>, open: () => Promise<Kysely<Database>>): Promise<boolean> {
  const acknowledged = await postUntilKilled(env);
  const present = await found(env, open, acknowledged);
  console.log(`${name.padEnd(14)} acknowledged ${String(acknowledged.length).padStart(5)}   found with their delivery rows ${String(present).padStart(5)}   ${present === acknowledged.length ? "none lost" : "LOST LEADS"}`);
  return present === acknowledged.length;
}

const dir = await mkdtemp(path.join(tmpdir(), "switchplan-crash-"));
let whole = true;
try {
  const sqliteEnv = loadSettings(dir, await uncappedBuyersFile(dir));
  const sqliteFile = path.join(sqliteEnv.DATA_DIR!, "leads.sqlite");
  console.log(`SIGKILL after ${target} acknowledged leads, ${CONNECTIONS} connections, then a restart on the same store`);
  for (const n of [1, 2, 3]) whole = (await round(`SQLite ${n}`, sqliteEnv, () => openDatabase({ file: sqliteFile }))) && whole;

  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log("PostgreSQL     skipped: TEST_DATABASE_URL is not set");
  } else {
    const schema = `crash_${randomBytes(4).toString("hex")}`;
    const inSchema = new URL(url);
    inSchema.searchParams.set("options", `-c search_path=${schema}`);
    const prepared = await openDatabase({ url, schema });
    await prepared.destroy();
    try {
      whole = (await round("PostgreSQL", { ...sqliteEnv, DATABASE_URL: inSchema.toString() }, () => openDatabase({ url, schema }))) && whole;
    } finally {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
if (!whole) process.exitCode = 1;
