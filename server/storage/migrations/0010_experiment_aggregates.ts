/**
 * Experiment counts kept as visits arrive, so a report reads a few rows per version, day and segment instead of
 * every exposure: each exposure gains its London day, device class and traffic source; each delivery the price
 * it was delivered at (pence); the counts per (period, version, day, device, source) and per (period, version,
 * step); and per exposed visit with a lead what it last added to them (so a settled or requeued delivery moves
 * the counts by the difference); and the traffic sources each flow names (at most 20). Rows from before are counted
 * by migration 0018's rebuild, which fills these tables and the ones it adds.
 */
import { sql, type Kysely } from "kysely";
import { londonDate } from "../../hours/londonClock";

/** Adds the segment and price columns and creates the count tables (0018 fills them from the rows already there). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("experiment_exposures").addColumn("day", "text", (col) => col.notNull().defaultTo("")).execute();
  await db.schema.alterTable("experiment_exposures").addColumn("device", "text", (col) => col.notNull().defaultTo("unknown")).execute();
  await db.schema.alterTable("experiment_exposures").addColumn("source", "text", (col) => col.notNull().defaultTo("unknown")).execute();
  // A lead finds the exposures of its visit in every period.
  await db.schema.createIndex("experiment_exposures_visit_idx").on("experiment_exposures").columns(["flow_id", "visit_id"]).execute();
  await db.schema.alterTable("deliveries").addColumn("price_pence", "integer").execute();
  await db.schema
    .createTable("experiment_counts")
    .addColumn("flow_id", "text", (col) => col.notNull())
    .addColumn("period_id", "text", (col) => col.notNull())
    .addColumn("flow_version", "integer", (col) => col.notNull())
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("device", "text", (col) => col.notNull())
    .addColumn("source", "text", (col) => col.notNull())
    .addColumn("exposures", "bigint", (col) => col.notNull())
    .addColumn("leads", "bigint", (col) => col.notNull())
    .addColumn("pending", "bigint", (col) => col.notNull())
    .addColumn("accepted", "bigint", (col) => col.notNull())
    .addColumn("value_pence", "bigint", (col) => col.notNull())
    .addColumn("value_pence_squares", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("experiment_counts_pk", ["flow_id", "period_id", "flow_version", "day", "device", "source"])
    .execute();
  await db.schema
    .createTable("experiment_step_counts")
    .addColumn("flow_id", "text", (col) => col.notNull())
    .addColumn("period_id", "text", (col) => col.notNull())
    .addColumn("flow_version", "integer", (col) => col.notNull())
    .addColumn("step_id", "text", (col) => col.notNull())
    .addColumn("visits", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("experiment_step_counts_pk", ["flow_id", "period_id", "flow_version", "step_id"])
    .execute();
  await db.schema
    .createTable("experiment_visit_outcomes")
    .addColumn("flow_id", "text", (col) => col.notNull())
    .addColumn("period_id", "text", (col) => col.notNull())
    .addColumn("visit_id", "text", (col) => col.notNull())
    .addColumn("lead_id", "text", (col) => col.notNull())
    .addColumn("pending", "integer", (col) => col.notNull())
    .addColumn("accepted", "integer", (col) => col.notNull())
    .addColumn("value_pence", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("experiment_visit_outcomes_pk", ["flow_id", "period_id", "visit_id"])
    .execute();
  await db.schema
    .createTable("experiment_sources")
    .addColumn("flow_id", "text", (col) => col.notNull())
    .addColumn("source", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("experiment_sources_pk", ["flow_id", "source"])
    .execute();
  await fillDays(db);
}

/** The London day of the exposures already stored, an hour at a time (London's offset changes on the hour). */
async function fillDays(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ hour: string }>`select distinct substr(exposed_at, 1, 13) as hour from experiment_exposures where day = ''`.execute(db);
  for (const { hour } of rows) {
    const day = londonDate(new Date(`${hour}:00:00Z`));
    await sql`update experiment_exposures set day = ${day} where day = '' and substr(exposed_at, 1, 13) = ${hour}`.execute(db);
  }
}

/** Drops the count tables and the added columns. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("experiment_sources").execute();
  await db.schema.dropTable("experiment_visit_outcomes").execute();
  await db.schema.dropTable("experiment_step_counts").execute();
  await db.schema.dropTable("experiment_counts").execute();
  await db.schema.alterTable("deliveries").dropColumn("price_pence").execute();
  await db.schema.dropIndex("experiment_exposures_visit_idx").execute();
  for (const column of ["source", "device", "day"]) await db.schema.alterTable("experiment_exposures").dropColumn(column).execute();
}
