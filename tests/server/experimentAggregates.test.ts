import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { settleCounts } from "../../server/storage/experiments/countsFolding";
import { rebuildExperimentCounts } from "../../server/storage/experiments/rebuildUnit";
import type { Database } from "../../server/storage/schema";
import { databaseForTests, dialects } from "./support/databases";
import { driveRandomTraffic, FLOW } from "./support/experimentTraffic";

/** Every counts row as a report reads them (PostgreSQL's changes folded in), as numbers, in one order. */
async function countsNow(db: Kysely<Database>) {
  await settleCounts(db);
  const counts = await db.selectFrom("experiment_counts").selectAll().orderBy(["period_id", "flow_version", "day", "device", "source"]).execute();
  const hours = await db.selectFrom("experiment_hour_counts").selectAll().orderBy(["period_id", "hour", "flow_version", "device", "source"]).execute();
  const steps = await db.selectFrom("experiment_step_counts").selectAll().orderBy(["period_id", "flow_version", "step_id"]).execute();
  const outcomes = await db.selectFrom("experiment_visit_outcomes").selectAll().orderBy(["period_id", "visit_id"]).execute();
  const numbers = <T extends object>(row: T) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === "string" && /^-?\d+$/.test(v) ? Number(v) : v]));
  return { counts: counts.map(numbers), hours: hours.map(numbers), steps: steps.map(numbers), outcomes: outcomes.map(numbers) };
}

// The named sources stay, as in the server's memory: a flow names its first 20 once.
const TABLES = ["experiment_counts", "experiment_hour_counts", "experiment_step_counts", "experiment_visit_outcomes", "experiment_step_reach", "experiment_exposures", "experiment_periods"] as const;

describe.each(dialects)("the experiment counts on %s", (name, open, skipped) => {
  const store = databaseForTests(open, skipped, async ({ db, clear }) => {
    await clear();
    for (const table of TABLES) await db.deleteFrom(table).execute();
  });
  const test = it.skipIf(skipped);

  test.each([1, 2])(`kept as random traffic arrives, equal the counts rebuilt from the visits (seed %i, ${name})`, async (seed) => {
    const { db } = store;
    await driveRandomTraffic(db, seed, 120);
    const kept = await countsNow(db);
    // The traffic reached every kind of row the counts follow.
    expect(kept.counts.some((r) => Number(r.pending) > 0)).toBe(true);
    expect(kept.counts.some((r) => Number(r.accepted) > 0)).toBe(true);
    expect(kept.steps.length).toBeGreaterThan(0);
    expect(kept.outcomes.some((r) => r.period_id === "periodbbbbbb")).toBe(true);

    const rebuilt = await rebuildExperimentCounts(db, { flowId: FLOW });
    expect(await countsNow(db)).toEqual(kept);
    expect(rebuilt.exposures).toBe(kept.counts.reduce((n, r) => n + Number(r.exposures), 0));
  }, 60_000);

  test(`names at most 20 sources per flow; the rest count as other (${name})`, async () => {
    const { db } = store;
    await driveRandomTraffic(db, 3, 60);
    const sources = await db.selectFrom("experiment_sources").select("source").where("flow_id", "=", FLOW).execute();
    expect(sources.length).toBe(20);
    await settleCounts(db);
    const counted = new Set((await db.selectFrom("experiment_counts").select("source").execute()).map((r) => r.source));
    expect(counted.has("other")).toBe(true);
    expect(counted.size).toBeLessThanOrEqual(22);
  }, 60_000);

  test(`a rebuild of one period leaves the other period's counts as they were (${name})`, async () => {
    const { db } = store;
    await driveRandomTraffic(db, 4, 40);
    const kept = await countsNow(db);
    await db.updateTable("experiment_counts").set({ exposures: 999 }).execute();
    await rebuildExperimentCounts(db, { flowId: FLOW, periodId: "periodaaaaaa" });
    const after = await countsNow(db);
    expect(after.counts.filter((r) => r.period_id === "periodaaaaaa")).toEqual(kept.counts.filter((r) => r.period_id === "periodaaaaaa"));
    expect(after.counts.filter((r) => r.period_id === "periodbbbbbb").every((r) => r.exposures === 999)).toBe(true);
  }, 60_000);
});
