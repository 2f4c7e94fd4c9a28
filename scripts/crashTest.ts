/**
 * `npm run test:crash`: no acknowledged lead is ever lost. Each round posts leads from 32 connections to
 * the real server, kills it with SIGKILL once --leads (1000) are acknowledged (with more in flight),
 * restarts it on the same store, and checks that every lead answered "5" is there with one delivery row
 * per buyer it named. Three rounds on one SQLite file, then one on PostgreSQL (TEST_DATABASE_URL, in a
 * schema of its own). Prints acknowledged against found per round. Then the outage round
 * (scripts/support/outageRound.ts) on each store: the store away for 30 s under 32 connections, every lead answered
 * as received stored once after its return, a table of the figures. `--outage-only` runs that round alone. Exits 1
 * on any loss or double.
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
import { outageHeld, outageRound, outageTable, type OutageFigures } from "./support/outageRound";
import { postgresOutage, sqliteOutage } from "./support/storeOutage";
import { stopQuietlyWhenOutputCloses } from "../server/cli/closedOutput";

stopQuietlyWhenOutputCloses();

const CONNECTIONS = 32;
const leadsFlag = process.argv.indexOf("--leads");
const target = leadsFlag >= 0 ? Number(process.argv[leadsFlag + 1]) : 1000;
const outageOnly = process.argv.includes("--outage-only");

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

/** A scratch schema of TEST_DATABASE_URL's database: the URL that lands in it, how to open it, and how to drop it. */
async function scratchSchema(url: string) {
  const schema = `crash_${randomBytes(4).toString("hex")}`;
  const inSchema = new URL(url);
  inSchema.searchParams.set("options", `-c search_path=${schema}`);
  const prepared = await openDatabase({ url, schema });
  await prepared.destroy();
  return {
    url: inSchema.toString(),
    open: () => openDatabase({ url, schema }),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    },
  };
}

const dir = await mkdtemp(path.join(tmpdir(), "switchplan-crash-"));
const url = process.env.TEST_DATABASE_URL;
let whole = true;
try {
  const buyersFile = await uncappedBuyersFile(dir);
  if (!outageOnly) {
    const sqliteEnv = loadSettings(dir, buyersFile);
    const sqliteFile = path.join(sqliteEnv.DATA_DIR!, "leads.sqlite");
    console.log(`SIGKILL after ${target} acknowledged leads, ${CONNECTIONS} connections, then a restart on the same store`);
    for (const n of [1, 2, 3]) whole = (await round(`SQLite ${n}`, sqliteEnv, () => openDatabase({ file: sqliteFile }))) && whole;

    if (!url) {
      console.log("PostgreSQL     skipped: TEST_DATABASE_URL is not set");
    } else {
      const scratch = await scratchSchema(url);
      try {
        whole = (await round("PostgreSQL", { ...sqliteEnv, DATABASE_URL: scratch.url }, scratch.open)) && whole;
      } finally {
        await scratch.drop();
      }
    }
  }

  console.log(`\nThe store away for 30 s under ${CONNECTIONS} connections (one key in 10 sent twice at once), then back`);
  const rows: OutageFigures[] = [];
  const sqliteEnv = loadSettings(path.join(dir, "outage-sqlite"), buyersFile);
  const sqliteFile = path.join(sqliteEnv.DATA_DIR!, "leads.sqlite");
  const sqliteAway = sqliteOutage(sqliteFile);
  try {
    rows.push(await outageRound("SQLite", sqliteEnv, sqliteAway, () => openDatabase({ file: sqliteFile })));
  } finally {
    await sqliteAway.close();
  }
  if (url) {
    const scratch = await scratchSchema(url);
    const postgresAway = await postgresOutage(scratch.url);
    try {
      rows.push(await outageRound("PostgreSQL", loadSettings(path.join(dir, "outage-postgres"), buyersFile), postgresAway, scratch.open));
    } finally {
      await postgresAway.close();
      await scratch.drop();
    }
  }
  console.log(outageTable(rows));
  if (!url) console.log("PostgreSQL  skipped: TEST_DATABASE_URL is not set");
  for (const row of rows) {
    if (row.firstRefusal) console.log(`${row.store}: ${row.refused} posts refused, the first ${row.firstRefusal}`);
    if (row.otherId > 0) console.log(`${row.store}: ${row.otherId} keys answered with an id the store does not keep`);
    const held = outageHeld(row);
    console.log(`${row.store}: ${held ? "none lost, none doubled" : "LOST OR DOUBLED LEADS"}`);
    whole = held && whole;
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
if (!whole) process.exitCode = 1;
