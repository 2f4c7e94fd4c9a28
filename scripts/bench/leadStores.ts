/**
 * `npm run bench:server -- --store postgres|both`: on each store asked for, durable POST /api/leads, then "leads from
 * visits" (a quote page GET, then its lead with the visit's cookie: leadsFromVisits.ts, on the built site, so
 * `npm run build` first), a fresh store and server for each (PostgreSQL in a scratch schema of TEST_DATABASE_URL's
 * database, dropped afterwards), the stores taking turns for --rounds rounds, so a change in the machine's load falls
 * on both alike. The servers' logs are read for deadlocks.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { existsSync } from "node:fs";
import { loadSettings, postLead, root, startLeadServer, uncappedBuyersFile } from "../support/leadServer";
import { leadsFromVisits, type VisitsRun } from "./leadsFromVisits";
import { percentile, type Phase } from "./phases";

export type Store = "sqlite" | "postgres";

/** A measuring loop of bench:server: `clients` loops of `send` for `durationMs`. */
export type Measure = (name: string, send: () => Promise<boolean>, durationMs: number) => Promise<Phase>;

/** One store's run: its leads phase (or its visits' pages and leads) and the load average when it started. */
interface StoreRun {
  store: Store;
  phase: Phase;
  load: number;
  visits?: VisitsRun;
  /** Log lines of its server that name a deadlock. */
  deadlocks: number;
}

/** The tables a lead, and a visit, are written to. */
const LEAD_TABLES = ["leads", "contact_claims", "deliveries", "buyer_daily_counts", "experiment_exposures", "experiment_step_reach", "experiment_visit_outcomes"];

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

/** Durable leads (or leads from visits) on a fresh store of one kind: a server of its own, warmed up, then measured. */
async function leadsOn(store: Store, measure: Measure, durationMs: number, kind: "leads" | "visits", connections: number): Promise<StoreRun> {
  const dir = await mkdtemp(path.join(tmpdir(), "switchplan-bench-store-"));
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (store === "postgres" && !databaseUrl) throw new Error("--store postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)");
  const siteDir = path.join(root, "dist", "client");
  if (kind === "visits" && !existsSync(path.join(siteDir, "quote"))) throw new Error("dist/ is missing: run `npm run build` first");
  const schema = store === "postgres" ? await scratchSchema(databaseUrl!) : undefined;
  const label = store === "sqlite" ? "SQLite" : "PostgreSQL";
  try {
    const server = await startLeadServer({
      ...loadSettings(dir, await uncappedBuyersFile(dir)),
      ...(schema ? { DATABASE_URL: schema.url } : {}),
      ...(kind === "visits" ? { SITE_DIR: siteDir } : {}),
    });
    try {
      let serial = 0;
      const lead = async () => {
        const { status, body } = await postLead(server.url, serial++);
        return status === 200 && body.code === "5";
      };
      const visits = (ms: number) => leadsFromVisits(server.url, connections, ms, () => serial++, label);
      if (kind === "visits") await visits(1000);
      else await measure("warm-up", lead, 1000);
      // As autovacuum does a store in service within its first minute: until then each connection keeps the plans it
      // made for empty tables, and checks a lead's foreign keys by reading the whole of \`leads\`.
      await schema?.analyze();
      const load = loadavg()[0]!;
      const deadlocks = () => server.output().split("\n").filter((line) => /deadlock|40P01/.test(line)).length;
      if (kind === "visits") {
        const run = await visits(durationMs);
        return { store, load, phase: run.leads, visits: run, deadlocks: deadlocks() };
      }
      return { store, load, phase: await measure(`POST /api/leads (durable), ${label}`, lead, durationMs), deadlocks: deadlocks() };
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

const header = () => console.log(`${"".padEnd(52)}${"req/s".padStart(8)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}${"failed".padStart(8)}${"5xx".padStart(6)}${"deadlk".padStart(7)}${"load".padStart(7)}`);

function row(phase: Phase, load: number, serverErrors: number | string, deadlocks: number | string): void {
  const figures = [perSecond(phase).toFixed(0).padStart(8), percentile(phase.latencies, 50).toFixed(1).padStart(9), percentile(phase.latencies, 99).toFixed(1).padStart(9), String(phase.failures).padStart(8)];
  console.log(`${phase.name.padEnd(52)}${figures.join("")}${String(serverErrors).padStart(6)}${String(deadlocks).padStart(7)}${load.toFixed(2).padStart(7)}`);
}

/** PostgreSQL's p99 and its leads/s against SQLite's, beside their targets, for the runs of one kind. */
function verdicts(runs: StoreRun[], what: string): boolean {
  const of = (store: Store) => runs.filter((run) => run.store === store);
  const postgres = of("postgres");
  let met = true;
  if (postgres.length > 0) {
    const p99 = median(postgres.map((run) => percentile(run.phase.latencies, 99)));
    met &&= p99 <= 100;
    console.log(`${what}: PostgreSQL lead p99 (median of runs):  ${p99.toFixed(1)} ms (target ≤ 100 ms: ${p99 <= 100 ? "meets" : "MISSES"})`);
  }
  if (postgres.length > 0 && of("sqlite").length > 0) {
    const ratio = median(postgres.map((run) => perSecond(run.phase))) / median(of("sqlite").map((run) => perSecond(run.phase)));
    met &&= ratio >= 0.8;
    console.log(`${what}: PostgreSQL / SQLite leads/s (medians): ${ratio.toFixed(2)} (target ≥ 0.8: ${ratio >= 0.8 ? "meets" : "MISSES"})`);
  }
  return met;
}

/**
 * Runs the stores in turn for `rounds` rounds, durable leads then leads from visits each round, and prints each run
 * and, with both, PostgreSQL's leads/s against SQLite's; false when any request failed or a server logged a deadlock.
 */
export async function benchLeadStores(stores: Store[], rounds: number, measure: Measure, durationMs: number, connections: number): Promise<boolean> {
  const runs: StoreRun[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const kind of ["leads", "visits"] as const) {
      for (const store of round % 2 === 0 ? stores : [...stores].reverse()) runs.push(await leadsOn(store, measure, durationMs, kind, connections));
    }
  }
  console.log(`\n${connections} connections, ${durationMs / 1000} s per run, a fresh store each run; SQLite WAL with synchronous=FULL, PostgreSQL with its defaults (synchronous_commit on), its lead and visit tables analyzed after the warm-up\n`);
  header();
  for (const run of runs) {
    if (!run.visits) row(run.phase, run.load, "", run.deadlocks);
    else {
      row(run.visits.pages, run.load, "", "");
      row(run.visits.leads, run.load, run.visits.serverErrors, run.deadlocks);
    }
  }
  console.log("");
  const durable = runs.filter((run) => !run.visits);
  const fromVisits = runs.filter((run) => run.visits);
  verdicts(durable, "durable leads");
  verdicts(fromVisits, "leads from visits");
  const errors = fromVisits.reduce((n, run) => n + run.visits!.serverErrors, 0);
  const deadlocks = runs.reduce((n, run) => n + run.deadlocks, 0);
  console.log(`leads from visits: 5xx pages and leads ${errors} (target 0: ${errors === 0 ? "meets" : "MISSES"}); deadlocks logged ${deadlocks} (target 0: ${deadlocks === 0 ? "meets" : "MISSES"})`);
  return runs.every((run) => run.phase.failures === 0 && (run.visits?.pages.failures ?? 0) === 0 && run.deadlocks === 0);
}
