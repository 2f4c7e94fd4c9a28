/**
 * Writing an exposure or a step reached together with the counts that follow it: the truth row is an insert that
 * does nothing when the row is there, and only a row inserted adds to the counts, in the same commit. On SQLite
 * each is a unit (one message to the writer thread, inside its group commit); on PostgreSQL one statement whose
 * insert feeds the counts' change rows (countsFolding.ts): inserts only, so no visitor waits on another's row.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../schema";
import { addToCounts, addToStepCount, exposureHour, ONE_EXPOSURE } from "./countsRows";
import { refreshVisitOutcome, visitHasLead } from "./visitOutcome";

/** An exposure as stored: the visit, its version, when (ISO) and the London day, and its segments. */
export interface ExposureRow {
  flowId: string;
  periodId: string;
  visitId: string;
  version: number;
  at: string;
  day: string;
  device: string;
  source: string;
}

/** A step a visit reached. */
export interface StepReachRow {
  flowId: string;
  periodId: string;
  visitId: string;
  stepId: string;
}

/** The unit behind an exposure on SQLite: true when this call stored it (and counted it). */
export async function storeExposure(db: Kysely<Database>, e: ExposureRow): Promise<boolean> {
  const result = await db
    .insertInto("experiment_exposures")
    .values({ flow_id: e.flowId, period_id: e.periodId, visit_id: e.visitId, flow_version: e.version, exposed_at: e.at, day: e.day, device: e.device, source: e.source })
    .onConflict((oc) => oc.columns(["flow_id", "period_id", "visit_id"]).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  await addToCounts(db, { ...e, hour: exposureHour(e.at) }, ONE_EXPOSURE);
  // Steps or a lead stored before the exposure (a visit met again in a new period) count now.
  const reached = await db
    .selectFrom("experiment_step_reach")
    .select("step_id")
    .where("flow_id", "=", e.flowId)
    .where("period_id", "=", e.periodId)
    .where("visit_id", "=", e.visitId)
    .execute();
  for (const { step_id } of reached) await addToStepCount(db, { ...e, stepId: step_id }, 1);
  if (await visitHasLead(db, e.flowId, e.visitId)) await refreshVisitOutcome(db, e.flowId, e.visitId);
  return true;
}

/**
 * An exposure on PostgreSQL, in one statement: the insert, a change of +1 to its counts rows and to the steps the
 * visit reached already. `hasLead` says the visit has a lead, whose outcome the caller then counts (storeVisitOutcome).
 */
export async function insertExposurePostgres(db: Kysely<Database>, e: ExposureRow): Promise<{ inserted: boolean; hasLead: boolean }> {
  const { rows } = await sql<{ inserted: number | string; has_lead: boolean }>`
    with ins as (
      insert into experiment_exposures (flow_id, period_id, visit_id, flow_version, exposed_at, day, device, source)
      values (${e.flowId}, ${e.periodId}, ${e.visitId}, ${e.version}, ${e.at}, ${e.day}, ${e.device}, ${e.source})
      on conflict (flow_id, period_id, visit_id) do nothing
      returning flow_id, period_id, visit_id, flow_version, day, device, source
    ), counted as (
      insert into experiment_count_changes (flow_id, period_id, flow_version, day, hour, device, source, exposures)
      select flow_id, period_id, flow_version, day, ${exposureHour(e.at)}, device, source, 1 from ins
    ), steps as (
      insert into experiment_step_count_changes (flow_id, period_id, flow_version, step_id, visits)
      select ins.flow_id, ins.period_id, ins.flow_version, s.step_id, 1 from ins
      join experiment_step_reach s on s.flow_id = ins.flow_id and s.period_id = ins.period_id and s.visit_id = ins.visit_id
    )
    select (select count(*) from ins) as inserted,
      exists (select 1 from ins join leads l on l.flow_id = ins.flow_id and l.visit_id = ins.visit_id) as has_lead`.execute(db);
  return { inserted: Number(rows[0]?.inserted ?? 0) > 0, hasLead: rows[0]?.has_lead === true };
}

/** The unit behind a step reached on SQLite: the row, and +1 to the step's count for the version the visit was served. */
export async function storeStepReach(db: Kysely<Database>, r: StepReachRow): Promise<void> {
  const result = await db
    .insertInto("experiment_step_reach")
    .values({ flow_id: r.flowId, period_id: r.periodId, visit_id: r.visitId, step_id: r.stepId })
    .onConflict((oc) => oc.columns(["flow_id", "period_id", "visit_id", "step_id"]).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return;
  const exposure = await db
    .selectFrom("experiment_exposures")
    .select("flow_version")
    .where("flow_id", "=", r.flowId)
    .where("period_id", "=", r.periodId)
    .where("visit_id", "=", r.visitId)
    .executeTakeFirst();
  // A step of a visit not (yet) exposed counts when its exposure is stored.
  if (exposure) await addToStepCount(db, { ...r, version: exposure.flow_version }, 1);
}

/** A step reached on PostgreSQL, in one statement. */
export async function insertStepReachPostgres(db: Kysely<Database>, r: StepReachRow): Promise<void> {
  await sql`
    with ins as (
      insert into experiment_step_reach (flow_id, period_id, visit_id, step_id)
      values (${r.flowId}, ${r.periodId}, ${r.visitId}, ${r.stepId})
      on conflict (flow_id, period_id, visit_id, step_id) do nothing
      returning flow_id, period_id, visit_id, step_id
    )
    insert into experiment_step_count_changes (flow_id, period_id, flow_version, step_id, visits)
    select ins.flow_id, ins.period_id, e.flow_version, ins.step_id, 1 from ins
    join experiment_exposures e on e.flow_id = ins.flow_id and e.period_id = ins.period_id and e.visit_id = ins.visit_id`.execute(db);
}

/** The unit that brings a visit's counts in line with its lead's outcome (see visitOutcome.ts). */
export async function storeVisitOutcome(db: Kysely<Database>, { flowId, visitId }: { flowId: string; visitId: string }): Promise<void> {
  await refreshVisitOutcome(db, flowId, visitId);
}
