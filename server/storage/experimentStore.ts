/**
 * The experiment tables: periods, one exposure per visit and period, distinct steps reached per visit, and the
 * counts the report is computed from (leads come from the leads table, joined by visit). Every write is an
 * insert that does nothing when the row is there, so repeats, retries and several servers never count twice.
 */
import { sql, type Kysely } from "kysely";
import type { CorpusFlow } from "../../engine/core/flowCorpus";
import type { ExperimentCounts, ExperimentPeriod, VersionCounts } from "../experiments/experimentCounts";
import type { CurrentPeriod } from "../experiments/experimentPeriod";
import { currentPeriod } from "../experiments/experimentPeriod";
import { londonDate } from "../hours/londonClock";
import { leftOutVisitsSince } from "./leftOutVisitsStore";
import type { Database } from "./schema";

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
}

/** Counts a visit's exposure, once per period however often the page is served; true when this call counted it. */
export async function recordExposure(db: Kysely<Database>, { flowId, periodId, visitId, version, at }: Exposure): Promise<boolean> {
  const result = await db
    .insertInto("experiment_exposures")
    .values({ flow_id: flowId, period_id: periodId, visit_id: visitId, flow_version: version, exposed_at: at.toISOString() })
    .onConflict((oc) => oc.columns(["flow_id", "period_id", "visit_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Counts that a visit reached a step, once per visit and step. */
export async function recordStepReach(db: Kysely<Database>, reach: { flowId: string; periodId: string; visitId: string; stepId: string }): Promise<void> {
  await db
    .insertInto("experiment_step_reach")
    .values({ flow_id: reach.flowId, period_id: reach.periodId, visit_id: reach.visitId, step_id: reach.stepId })
    .onConflict((oc) => oc.columns(["flow_id", "period_id", "visit_id", "step_id"]).doNothing())
    .execute();
}

/** A flow's periods, newest first. */
export async function listPeriods(db: Kysely<Database>, flowId: string): Promise<ExperimentPeriod[]> {
  const rows = await db.selectFrom("experiment_periods").selectAll().where("flow_id", "=", flowId).orderBy("started_at", "desc").orderBy("period_id").execute();
  return rows.map((row) => ({
    id: row.period_id,
    startedAt: row.started_at,
    weights: JSON.parse(row.weights) as Record<string, number>,
    control: row.control,
    ...(row.planned_per_version ? { plannedPerVersion: row.planned_per_version } : {}),
  }));
}

/**
 * The counts of one period of a flow (the current one when not named): exposures, visits with a lead and visits
 * reaching each step, per version. Undefined when the period has not begun (no visit served yet) or is unknown.
 */
export async function loadExperimentCounts(db: Kysely<Database>, flow: CorpusFlow, periodId?: string): Promise<ExperimentCounts | undefined> {
  const id = periodId ?? currentPeriod(flow)?.id;
  if (!id) return undefined;
  const stored = (await listPeriods(db, flow.id)).find((p) => p.id === id);
  if (!stored) return undefined;
  // The plan is no part of the set-up: the current period takes split.json's as it is now.
  const { plannedPerVersion, ...rest } = stored;
  const planned = periodId === undefined ? flow.plannedPerVersion : plannedPerVersion;
  const period: ExperimentPeriod = { ...rest, ...(planned ? { plannedPerVersion: planned } : {}) };
  const versions: Record<string, VersionCounts> = {};
  const of = (version: number) => (versions[String(version)] ??= { exposures: 0, leads: 0, steps: {} });
  for (const version of Object.keys(period.weights)) of(Number(version));

  const exposures = await db
    .selectFrom("experiment_exposures")
    .select(["flow_version", sql<number | string>`count(*)`.as("n")])
    .where("flow_id", "=", flow.id)
    .where("period_id", "=", id)
    .groupBy("flow_version")
    .execute();
  for (const row of exposures) of(row.flow_version).exposures = Number(row.n);

  // A lead counts for the version its visit was served, once per visit, when it is no test.
  const leads = await db
    .selectFrom("experiment_exposures as e")
    .innerJoin("leads as l", (join) => join.onRef("l.flow_id", "=", "e.flow_id").onRef("l.visit_id", "=", "e.visit_id").onRef("l.flow_version", "=", "e.flow_version"))
    .select(["e.flow_version", sql<number | string>`count(distinct e.visit_id)`.as("n")])
    .where("e.flow_id", "=", flow.id)
    .where("e.period_id", "=", id)
    .where("l.test_mode", "=", 0)
    .groupBy("e.flow_version")
    .execute();
  for (const row of leads) of(row.flow_version).leads = Number(row.n);

  const steps = await db
    .selectFrom("experiment_step_reach as s")
    .innerJoin("experiment_exposures as e", (join) => join.onRef("e.flow_id", "=", "s.flow_id").onRef("e.period_id", "=", "s.period_id").onRef("e.visit_id", "=", "s.visit_id"))
    .select(["e.flow_version", "s.step_id", sql<number | string>`count(*)`.as("n")])
    .where("s.flow_id", "=", flow.id)
    .where("s.period_id", "=", id)
    .groupBy(["e.flow_version", "s.step_id"])
    .execute();
  for (const row of steps) of(row.flow_version).steps![row.step_id] = Number(row.n);

  const documents = Object.fromEntries(Object.keys(versions).map((v) => [v, flow.versions.find((x) => x.version === Number(v))?.flow]));
  // Counted per London day, so from the day the period began.
  const leftOut = await leftOutVisitsSince(db, flow.id, londonDate(new Date(period.startedAt)));
  return { flowId: flow.id, period, versions, documents, leftOut };
}
