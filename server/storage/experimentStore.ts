/**
 * The experiment tables: periods, one exposure per visit and period, distinct steps reached per visit (the truth),
 * and the counts kept beside them as they are written (experiments/*), which the report reads
 * (experiments/loadCounts.ts). Every write is an insert that does nothing when the row is there, and only a row
 * inserted adds to the counts, so repeats, retries and several servers never count twice.
 */
import type { Kysely } from "kysely";
import type { CurrentPeriod } from "../experiments/experimentPeriod";
import type { DeviceClass } from "../experiments/visitSegments";
import { londonDate } from "../hours/londonClock";
import { isPostgres, runUnit } from "./connection";
import { insertExposurePostgres, insertStepReachPostgres, storeExposure, storeStepReach, storeVisitOutcome } from "./experiments/exposureWrites";
import type { Database } from "./schema";

export { loadExperimentCounts } from "./experiments/loadCounts";
export { listPeriods } from "./experiments/listPeriods";

const knownPeriods = new WeakMap<Kysely<Database>, Set<string>>();

/** Records that a period has begun (the first server to serve it sets its start); once per process and period. */
export async function ensurePeriod(db: Kysely<Database>, flowId: string, period: CurrentPeriod, now: Date): Promise<void> {
  let known = knownPeriods.get(db);
  if (!known) knownPeriods.set(db, (known = new Set()));
  const key = `${flowId}\n${period.id}`;
  if (known.has(key)) return;
  await db
    .insertInto("experiment_periods")
    .values({
      flow_id: flowId,
      period_id: period.id,
      started_at: now.toISOString(),
      weights: JSON.stringify(period.weights),
      control: period.control,
      planned_per_version: period.plannedPerVersion ?? null,
    })
    .onConflict((oc) => oc.columns(["flow_id", "period_id"]).doNothing())
    .execute();
  known.add(key);
}

/** One visit served one version of a flow in a period. */
export interface Exposure {
  flowId: string;
  periodId: string;
  visitId: string;
  version: number;
  at: Date;
  /** Its device class (visitSegments.ts); "desktop", as for a request with no User-Agent, when not given. */
  device?: DeviceClass;
  /** Its traffic source as the flow names it (namedSources.ts); "direct" when not given. */
  source?: string;
}

/**
 * Counts a visit's exposure, once per period however often the page is served, with the counts it adds to in the
 * same commit; true when this call counted it. One insert-or-nothing round: a unit on SQLite, a statement on
 * PostgreSQL.
 */
export async function recordExposure(db: Kysely<Database>, { flowId, periodId, visitId, version, at, device = "desktop", source = "direct" }: Exposure): Promise<boolean> {
  const row = { flowId, periodId, visitId, version, at: at.toISOString(), day: londonDate(at), device, source };
  if (!isPostgres(db)) return runUnit(db, storeExposure, row);
  const { inserted, hasLead } = await insertExposurePostgres(db, row);
  // A visit met again in a new period with a lead already stored: rare, and counted in a transaction of its own.
  if (hasLead) await runUnit(db, storeVisitOutcome, { flowId, visitId });
  return inserted;
}

/** Counts that a visit reached a step, once per visit and step, and adds it to the step's count for its version. */
export async function recordStepReach(db: Kysely<Database>, reach: { flowId: string; periodId: string; visitId: string; stepId: string }): Promise<void> {
  if (isPostgres(db)) await insertStepReachPostgres(db, reach);
  else await runUnit(db, storeStepReach, reach);
}
