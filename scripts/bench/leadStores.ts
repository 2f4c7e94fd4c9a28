/**
 * `npm run bench:server -- --store postgres|both`: durable POST /api/leads on each store asked for, a fresh store
 * and server each time (PostgreSQL in a scratch schema of TEST_DATABASE_URL's database, dropped afterwards), the
 * stores taking turns for --rounds rounds, so a change in the machine's load falls on both alike.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { loadSettings, postLead, startLeadServer, uncappedBuyersFile } from "../support/leadServer";
import { percentile, type Phase } from "./phases";

export type Store = "sqlite" | "postgres";

/** A measuring loop of bench:server: `clients` loops of `send` for `durationMs`. */
export type Measure = (name: string, send: () => Promise<boolean>, durationMs: number) => Promise<Phase>;

/** One store's run: its leads phase and the load average when it started. */
interface StoreRun {
  store: Store;
  phase: Phase;
  load: number;
}

/** The tables a lead is written to. */
const LEAD_TABLES = ["leads", "contact_claims", "deliveries", "buyer_daily_counts"];

/** A scratch schema in the PostgreSQL database, the DATABASE_URL that lands in it, and how to analyze its lead tables. */
async function scratchSchema(databaseUrl: string): Promise<{ url: string; analyze: () => Promise<void>; drop: () => Promise<void> }> {
  const schema = `bench_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create schema ${schema}`);
  const url = new URL(databaseUrl);
  url.searchParams.set("options", `-c search_path=${schema}`);
  const analyze = () => admin(`analyze ${LEAD_TABLES.map((table) => `${schema}.${table}`).join(", ")}`);
  return { url: url.toString(), analyze, drop: () => admin(`drop schema if exists ${schema} cascade`) };
}

/** Durable leads on a fresh store of one kind: a server of its own, warmed up, then measured. */
async function leadsOn(store: Store, measure: Measure, durationMs: number): Promise<StoreRun> {
  const dir = await mkdtemp(path.join(tmpdir(), "switchplan-bench-store-"));
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (store === "postgres" && !databaseUrl) throw new Error("--store postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)");
  const schema = store === "postgres" ? await scratchSchema(databaseUrl!) : undefined;
  try {
    const server = await startLeadServer({ ...loadSettings(dir, await uncappedBuyersFile(dir)), ...(schema ? { DATABASE_URL: schema.url } : {}) });
    try {
      let serial = 0;
      const lead = async () => {
        const { status, body } = await postLead(server.url, serial++);
        return status === 200 && body.code === "5";
      };
      await measure("warm-up", lead, 1000);
      // As autovacuum does a store in service within its first minute: until then each connection keeps the plans it
      // made for empty tables, and checks a lead's foreign keys by reading the whole of \`leads\`.
      await schema?.analyze();
      const load = loadavg()[0]!;
      return { store, load, phase: await measure(`POST /api/leads (durable), ${store === "sqlite" ? "SQLite" : "PostgreSQL"}`, lead, durationMs) };
    } finally {
      await server.stop();
    }
  } finally {
    await schema?.drop();
    await rm(dir, { recursive: true, force: true });
  }
}

const perSecond = (phase: Phase) => phase.requests / (phase.elapsedMs / 1000);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** Runs the stores in turn for `rounds` rounds and prints each run and, with both, PostgreSQL's leads/s against SQLite's. */
export async function benchLeadStores(stores: Store[], rounds: number, measure: Measure, durationMs: number, connections: number): Promise<boolean> {
  const runs: StoreRun[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const store of round % 2 === 0 ? stores : [...stores].reverse()) runs.push(await leadsOn(store, measure, durationMs));
  }
  console.log(`\n${connections} connections, ${durationMs / 1000} s per run, a fresh store each run; SQLite WAL with synchronous=FULL, PostgreSQL with its defaults (synchronous_commit on), its lead tables analyzed after the warm-up\n`);
  console.log(`${"".padEnd(42)}${"leads/s".padStart(10)}${"p50 ms".padStart(10)}${"p99 ms".padStart(10)}${"failed".padStart(9)}${"load".padStart(8)}`);
  for (const { phase, load } of runs) {
    const row = [perSecond(phase).toFixed(0).padStart(10), percentile(phase.latencies, 50).toFixed(1).padStart(10), percentile(phase.latencies, 99).toFixed(1).padStart(10)];
    console.log(`${phase.name.padEnd(42)}${row.join("")}${String(phase.failures).padStart(9)}${load.toFixed(2).padStart(8)}`);
  }
  const of = (store: Store) => runs.filter((run) => run.store === store);
  const postgres = of("postgres");
  if (postgres.length > 0) {
    const p99 = median(postgres.map((run) => percentile(run.phase.latencies, 99)));
    console.log(`\nPostgreSQL lead p99 (median of runs):  ${p99.toFixed(1)} ms (target ≤ 100 ms: ${p99 <= 100 ? "meets" : "MISSES"})`);
  }
  if (postgres.length > 0 && of("sqlite").length > 0) {
    const ratio = median(postgres.map((run) => perSecond(run.phase))) / median(of("sqlite").map((run) => perSecond(run.phase)));
    console.log(`PostgreSQL / SQLite leads/s (medians): ${ratio.toFixed(2)} (target ≥ 0.8: ${ratio >= 0.8 ? "meets" : "MISSES"})`);
  }
  return runs.every((run) => run.phase.failures === 0);
}
