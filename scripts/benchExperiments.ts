/**
 * `npm run bench:experiments`: a flow's results page's time as its visits grow. Business energy's current
 * period gets N visits in a scratch store (a temp SQLite file; PostgreSQL in a schema of its own, dropped after),
 * and its page (loadExperimentCounts by the settled-cohort rule, with the last day's visits inside the settling
 * window, + analyseExperiment + flowPageHtml) is timed, median of 5, at each N. The first N visits
 * are written in bulk (bench/bulkVisits.ts: the truth rows made by the database, then the counts rebuilt by the
 * store's rebuild); a sample of single visits then goes through the store's own write functions one at a time
 * (exposure, step, lead, delivery), timed, so the counts the report reads were also kept as visits arrive.
 *   --sizes 100000,1000000,10000000   SQLite sizes (ascending; each adds to the last)
 *   --postgres-sizes 1000000          PostgreSQL sizes (TEST_DATABASE_URL or DATABASE_URL; skipped when neither)
 *   --no-sqlite / --no-postgres       leave one out
 *   --sample 500                      single visits written and timed at each size
 */
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { loadFlowCorpus } from "../engine/node/formsFolder";
import { stopQuietlyWhenOutputCloses } from "../server/cli/closedOutput";
import { repoRoot } from "../server/config";
import { DEFAULT_RETRY_SCHEDULE, longestRetryHours } from "../server/delivery/retryPolicy";
import { currentPeriod } from "../server/experiments/experimentPeriod";
import { openDatabase } from "../server/storage/database";
import { ensurePeriod } from "../server/storage/experimentStore";
import { rebuildExperimentCounts } from "../server/storage/experiments/rebuildUnit";
import { FIRST_DAY, writeVisitsInBulk } from "./bench/bulkVisits";
import { percentile, timeReport, writeSingleVisits } from "./bench/experimentsTiming";

stopQuietlyWhenOutputCloses();

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "100000,1000000,10000000" },
    "postgres-sizes": { type: "string", default: "1000000" },
    "no-sqlite": { type: "boolean", default: false },
    "no-postgres": { type: "boolean", default: false },
    sample: { type: "string", default: "500" },
  },
});
const sizes = (list: string) => list.split(",").map((s) => Number(s.replace(/_/g, ""))).filter((n) => Number.isInteger(n) && n > 0).sort((a, b) => a - b);
const sample = Number(values.sample);
const postgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const flow = loadFlowCorpus(path.join(repoRoot, "forms")).flows.find((f) => f.id === "business-energy")!;
const period = currentPeriod(flow)!;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;
const count = (n: number) => n.toLocaleString("en-GB");

console.log(`Experiment report bench: ${flow.id}, versions ${Object.keys(flow.weights).join("/")}, ${availableParallelism()} CPUs, load ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);
console.log("Bulk path: truth rows (exposures, steps, leads, deliveries) made by the database from a sequence, then the counts rebuilt by the store's rebuild;");
console.log(`then ${sample} single visits per size through recordExposure, recordStepReach, insertRoutedLead and recordAttempt, one at a time.\n`);
console.log(["store".padEnd(10), "visits".padStart(12), "bulk write".padStart(11), "rebuild".padStart(9), "flow page (median of 5)".padStart(24), "exposure write p50 / p99".padStart(26), "step write p50 / p99".padStart(22), "lead write p50".padStart(15)].join("  "));

const reportTimes = new Map<string, number>();
// Two hours after the bulk visits' last noon: that day's visits are inside the default settling window.
const SETTLING = { now: new Date(Date.parse(`${FIRST_DAY}T14:00:00Z`) + 27 * 86_400_000), settleHours: longestRetryHours(DEFAULT_RETRY_SCHEDULE) };

async function run(store: "SQLite" | "PostgreSQL", open: () => Promise<{ db: Awaited<ReturnType<typeof openDatabase>>; close: () => Promise<void> }>, list: number[]) {
  const { db, close } = await open();
  try {
    await ensurePeriod(db, flow.id, period, new Date(`${FIRST_DAY}T00:00:00Z`));
    let written = 0;
    for (const size of list) {
      let began = performance.now();
      await writeVisitsInBulk(db, { flow, periodId: period.id }, written, size);
      const bulkMs = performance.now() - began;
      written = size;
      began = performance.now();
      await rebuildExperimentCounts(db, { flowId: flow.id, periodId: period.id });
      const rebuildMs = performance.now() - began;
      const writes = await writeSingleVisits(db, flow, period.id, `${store}-${size}`, sample);
      const report = await timeReport(db, flow, SETTLING);
      reportTimes.set(`${store} ${size}`, report.medianMs);
      console.log(
        [
          store.padEnd(10),
          count(report.exposures).padStart(12),
          seconds(bulkMs).padStart(11),
          seconds(rebuildMs).padStart(9),
          ms(report.medianMs).padStart(24),
          `${ms(percentile(writes.exposure, 50))} / ${ms(percentile(writes.exposure, 99))}`.padStart(26),
          `${ms(percentile(writes.step, 50))} / ${ms(percentile(writes.step, 99))}`.padStart(22),
          ms(percentile(writes.lead, 50)).padStart(15),
        ].join("  "),
      );
    }
  } finally {
    await close();
  }
}

if (!values["no-sqlite"]) {
  await run("SQLite", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "bench-experiments-"));
    const db = await openDatabase({ file: path.join(dir, "bench.sqlite") });
    return { db, close: async () => (await db.destroy(), await rm(dir, { recursive: true, force: true })) };
  }, sizes(values.sizes));
}
if (!values["no-postgres"] && postgresUrl) {
  const schema = `bench_experiments_${process.pid}`;
  await run("PostgreSQL", async () => {
    const db = await openDatabase({ url: postgresUrl, schema });
    return {
      db,
      close: async () => {
        await db.destroy();
        const client = new pg.Client({ connectionString: postgresUrl });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`).finally(() => client.end());
      },
    };
  }, sizes(values["postgres-sizes"]));
} else if (!values["no-postgres"]) {
  console.log("PostgreSQL: skipped (set TEST_DATABASE_URL or DATABASE_URL)");
}

const sqliteSizes = sizes(values.sizes);
const [smallest, largest] = [sqliteSizes[0], sqliteSizes.at(-1)];
const atLargest = largest === undefined ? undefined : reportTimes.get(`SQLite ${largest}`);
const atSmallest = smallest === undefined ? undefined : reportTimes.get(`SQLite ${smallest}`);
if (atLargest !== undefined && atSmallest !== undefined && largest !== undefined && smallest !== undefined) {
  const verdict = (met: boolean) => (met ? "met" : "MISSED");
  console.log(`\nTarget: a flow's page at ${count(largest)} visits on SQLite ≤ 100 ms: ${ms(atLargest)}, ${verdict(atLargest <= 100)}`);
  console.log(`Target: ${count(largest)} within 1.5× of ${count(smallest)}: ${(atLargest / atSmallest).toFixed(2)}×, ${verdict(atLargest <= 1.5 * atSmallest)}`);
}
console.log(`Load average after: ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);
