/**
 * PostgreSQL: the experiment counts are written as changes that never update a row another visitor's transaction
 * updates (docs/design-notes.md, "Experiment counts on PostgreSQL are changes, folded later"). An exposure, a step
 * reached and a lead's outcome each insert a change row; one folder at a time adds the changes to the counts rows
 * and deletes them (experiments/countsFolding.ts). A lead an experiment counts, stored by any path (a batch, one
 * call, a unit), puts its visit on experiment_outcome_queue in its own commit, by a trigger, so its outcome is
 * counted once the queue is drained, exactly once however often it is queued. Nothing on SQLite, whose single
 * writer adds to the counts rows in the lead's own unit.
 */
import { PostgresAdapter, sql, type Kysely } from "kysely";

const onPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const SUMS = ["exposures", "leads", "pending", "accepted", "value_pence", "value_pence_squares", "duplicates", "rejected", "unrouted"];

/** Creates the change tables, the queue and the trigger that fills it (PostgreSQL). */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!onPostgres(db)) return;
  let changes = db.schema
    .createTable("experiment_count_changes")
    .addColumn("id", "bigserial", (col) => col.primaryKey())
    .addColumn("flow_id", "text", (col) => col.notNull())
    .addColumn("period_id", "text", (col) => col.notNull())
    .addColumn("flow_version", "integer", (col) => col.notNull())
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("hour", "text", (col) => col.notNull())
    .addColumn("device", "text", (col) => col.notNull())
    .addColumn("source", "text", (col) => col.notNull());
  for (const column of SUMS) changes = changes.addColumn(column, "bigint", (col) => col.notNull().defaultTo(0));
  await changes.execute();
  await db.schema
    .createTable("experiment_step_count_changes")
    .addColumn("id", "bigserial", (col) => col.primaryKey())
    .addColumn("flow_id", "text", (col) => col.notNull())
    .addColumn("period_id", "text", (col) => col.notNull())
    .addColumn("flow_version", "integer", (col) => col.notNull())
    .addColumn("step_id", "text", (col) => col.notNull())
    .addColumn("visits", "bigint", (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("experiment_outcome_queue")
    .addColumn("id", "bigserial", (col) => col.primaryKey())
    .addColumn("flow_id", "text", (col) => col.notNull())
    .addColumn("visit_id", "text", (col) => col.notNull())
    .execute();
  await sql`
    create function queue_visit_outcomes() returns trigger
    language plpgsql as $fn$
    begin
      insert into experiment_outcome_queue (flow_id, visit_id)
        select flow_id, visit_id from stored_leads where visit_id is not null and test_mode = 0;
      return null;
    end
    $fn$`.execute(db);
  await sql`
    create trigger leads_queue_visit_outcomes after insert on leads
    referencing new table as stored_leads for each statement execute function queue_visit_outcomes()`.execute(db);
  // Leads already stored were counted in their own commits.
}

/** Drops them (PostgreSQL); fold the changes first, or rebuild the counts after. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (!onPostgres(db)) return;
  await sql`drop trigger leads_queue_visit_outcomes on leads`.execute(db);
  await sql`drop function queue_visit_outcomes`.execute(db);
  for (const table of ["experiment_outcome_queue", "experiment_step_count_changes", "experiment_count_changes"]) await db.schema.dropTable(table).execute();
}
