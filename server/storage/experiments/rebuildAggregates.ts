/**
 * Recomputes the experiment counts (experiment_counts, experiment_step_counts, experiment_visit_outcomes) of a
 * flow's period, a flow, or everything, from the rows they follow: exposures, step reach, leads and deliveries.
 * Plain SQL both dialects speak, so the migration that created the tables runs it too. The caller runs it inside
 * one transaction (a unit), so a report never sees the counts half rebuilt.
 */
import { PostgresAdapter, sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "../schema";
import { lockJob } from "./countsFolding";

/** Which counts to rebuild: a flow's period, all of a flow's periods, or (both absent) every flow's. */
export interface RebuildScope {
  flowId?: string;
  periodId?: string;
}

/** What a rebuild counted. */
export interface RebuildResult {
  exposures: number;
  leads: number;
}

/** The SQL condition selecting the scope's rows of a table aliased `alias`. */
function inScope(alias: string, { flowId, periodId }: RebuildScope): RawBuilder<unknown> {
  const conditions = [sql`1 = 1`];
  if (flowId !== undefined) conditions.push(sql`${sql.ref(`${alias}.flow_id`)} = ${flowId}`);
  if (periodId !== undefined) conditions.push(sql`${sql.ref(`${alias}.period_id`)} = ${periodId}`);
  return sql.join(conditions, sql` and `);
}

/**
 * The lead that decides each visit's outcome: its first non-test lead of the flow and version (earliest received,
 * then smallest id), the same rule as visitOutcome.ts.
 */
const firstLeads = (flowId: string | undefined) => sql`
  select id, flow_id, visit_id, flow_version, duplicate_of from (
    select id, flow_id, visit_id, flow_version, duplicate_of,
      row_number() over (partition by flow_id, visit_id, flow_version order by created_at, id) as n
    from leads
    where test_mode = 0 and visit_id is not null ${flowId === undefined ? sql`` : sql`and flow_id = ${flowId}`}
  ) ranked where n = 1`;

/**
 * Per lead with deliveries: whether one is under way, whether one was delivered, whether every one was called a
 * duplicate, and the delivered prices' sum.
 */
const leadDeliveries = sql`
  select lead_id,
    max(case when status in ('pending', 'sending') then 1 else 0 end) as pending,
    max(case when status = 'delivered' then 1 else 0 end) as accepted,
    min(case when status = 'duplicate' then 1 else 0 end) as duplicate,
    sum(case when status = 'delivered' then coalesce(price_pence, 0) else 0 end) as value_pence
  from deliveries group by lead_id`;

const SUMMED_COLUMNS = sql`exposures, leads, pending, accepted, value_pence, value_pence_squares, duplicates, rejected, unrouted`;

/** The two counts tables: by London day (the exposure's `day`) and by UTC hour (the first 13 characters of its time). */
const COUNTS_TABLES: Array<[string, { column: string; of: (alias: string) => RawBuilder<unknown> }]> = [
  ["experiment_counts", { column: "day", of: (alias) => sql.ref(`${alias}.day`) }],
  ["experiment_hour_counts", { column: "hour", of: (alias) => sql`substr(${sql.ref(`${alias}.exposed_at`)}, 1, 13)` }],
];

/**
 * PostgreSQL (migration 0022): the changes and queued outcomes of the scope are in the truth tables too, so the rebuild
 * drops them, holding the folding jobs' locks (countsFolding.ts) until it commits. A store migrated before 0022 has
 * none of them.
 */
async function forgetChanges<DB>(db: Kysely<DB>, scope: RebuildScope): Promise<void> {
  const { rows } = await sql<{ present: string | null }>`select to_regclass('experiment_count_changes')::text as present`.execute(db);
  if (rows[0]?.present == null) return;
  for (const job of ["drain", "fold"] as const) await lockJob(db as unknown as Kysely<Database>, job, true);
  for (const table of ["experiment_count_changes", "experiment_step_count_changes", "experiment_outcome_queue"]) {
    await sql`delete from ${sql.table(table)} where ${inScope(table, { flowId: scope.flowId, periodId: table === "experiment_outcome_queue" ? undefined : scope.periodId })}`.execute(db);
  }
}

/** Rebuilds the scope's counts from the truth tables; `db` is inside the caller's transaction. */
export async function rebuildAggregates<DB>(db: Kysely<DB>, scope: RebuildScope): Promise<RebuildResult> {
  // PostgreSQL plans the joins below from its statistics: fresh ones, as after a restore or a bulk load they are
  // missing and a nested loop over millions of rows would be chosen. (SQLite's plans follow the primary keys.)
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`analyze experiment_exposures, experiment_step_reach, leads, deliveries`.execute(db);
    await forgetChanges(db, scope);
  }
  for (const table of ["experiment_counts", "experiment_hour_counts", "experiment_step_counts", "experiment_visit_outcomes"]) {
    await sql`delete from ${sql.table(table)} where ${inScope(table, scope)}`.execute(db);
  }
  for (const [table, slot] of COUNTS_TABLES) {
    await sql`
      insert into ${sql.table(table)} (flow_id, period_id, flow_version, ${sql.ref(slot.column)}, device, source, ${SUMMED_COLUMNS})
      select e.flow_id, e.period_id, e.flow_version, ${slot.of("e")}, e.device, e.source, count(*), 0, 0, 0, 0, 0, 0, 0, 0
      from experiment_exposures e where ${inScope("e", scope)}
      group by e.flow_id, e.period_id, e.flow_version, ${slot.of("e")}, e.device, e.source`.execute(db);
  }
  await sql`
    insert into experiment_step_counts (flow_id, period_id, flow_version, step_id, visits)
    select s.flow_id, s.period_id, e.flow_version, s.step_id, count(*)
    from experiment_step_reach s
    join experiment_exposures e on e.flow_id = s.flow_id and e.period_id = s.period_id and e.visit_id = s.visit_id
    where ${inScope("s", scope)}
    group by s.flow_id, s.period_id, e.flow_version, s.step_id`.execute(db);
  // A pending visit adds nothing to accepted or value until its lead settles; the outcome follows visitOutcome.ts's leadOutcome.
  await sql`
    insert into experiment_visit_outcomes (flow_id, period_id, visit_id, lead_id, pending, accepted, value_pence, outcome)
    select e.flow_id, e.period_id, e.visit_id, f.id, coalesce(d.pending, 0),
      case when coalesce(d.pending, 0) = 1 then 0 else coalesce(d.accepted, 0) end,
      case when coalesce(d.pending, 0) = 1 then 0 else coalesce(d.value_pence, 0) end,
      case when coalesce(d.pending, 0) = 1 then 'pending'
        when coalesce(d.accepted, 0) = 1 then 'accepted'
        when f.duplicate_of is not null or coalesce(d.duplicate, 0) = 1 then 'duplicate'
        when d.lead_id is null then 'unrouted'
        else 'rejected' end
    from experiment_exposures e
    join (${firstLeads(scope.flowId)}) f on f.flow_id = e.flow_id and f.visit_id = e.visit_id and f.flow_version = e.flow_version
    left join (${leadDeliveries}) d on d.lead_id = f.id
    where ${inScope("e", scope)}`.execute(db);
  // The WHERE clause is what lets SQLite's parser take "on conflict" as the upsert's, not a join's.
  for (const [table, slot] of COUNTS_TABLES) {
    await sql`
      insert into ${sql.table(table)} (flow_id, period_id, flow_version, ${sql.ref(slot.column)}, device, source, ${SUMMED_COLUMNS})
      select e.flow_id, e.period_id, e.flow_version, ${slot.of("e")}, e.device, e.source, 0, count(*), sum(o.pending), sum(o.accepted), sum(o.value_pence), sum(o.value_pence * o.value_pence),
        sum(case when o.outcome = 'duplicate' then 1 else 0 end), sum(case when o.outcome = 'rejected' then 1 else 0 end), sum(case when o.outcome = 'unrouted' then 1 else 0 end)
      from experiment_visit_outcomes o
      join experiment_exposures e on e.flow_id = o.flow_id and e.period_id = o.period_id and e.visit_id = o.visit_id
      where ${inScope("o", scope)}
      group by e.flow_id, e.period_id, e.flow_version, ${slot.of("e")}, e.device, e.source
      on conflict (flow_id, period_id, flow_version, ${sql.ref(slot.column)}, device, source) do update set
        leads = excluded.leads, pending = excluded.pending, accepted = excluded.accepted,
        value_pence = excluded.value_pence, value_pence_squares = excluded.value_pence_squares,
        duplicates = excluded.duplicates, rejected = excluded.rejected, unrouted = excluded.unrouted`.execute(db);
  }
  const { rows } = await sql<{ exposures: number | string | null; leads: number | string | null }>`
    select sum(exposures) as exposures, sum(leads) as leads from experiment_counts c where ${inScope("c", scope)}`.execute(db);
  return { exposures: Number(rows[0]?.exposures ?? 0), leads: Number(rows[0]?.leads ?? 0) };
}
