/**
 * What the results page needs to decide on visits whose outcome has settled and to say why leads did or did not
 * turn into money: the experiment counts kept per UTC hour of exposure too (so a report finds the visits still
 * inside the settling window from a few rows), and, per counts row and per visit, whether its lead was a duplicate,
 * rejected by every buyer or routed to no buyer. The counts already there are rebuilt once here.
 */
import type { Kysely } from "kysely";
import { rebuildAggregates } from "../experiments/rebuildAggregates";

const OUTCOME_COLUMNS = ["duplicates", "rejected", "unrouted"] as const;

/** Adds the outcome columns and the hour counts, and fills them from the rows already there. */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of OUTCOME_COLUMNS) {
    await db.schema.alterTable("experiment_counts").addColumn(column, "bigint", (col) => col.notNull().defaultTo(0)).execute();
  }
  // "accepted", "pending" (a delivery under way), "duplicate", "rejected" or "unrouted".
  await db.schema.alterTable("experiment_visit_outcomes").addColumn("outcome", "text", (col) => col.notNull().defaultTo("")).execute();
  let table = db.schema
    .createTable("experiment_hour_counts")
    .addColumn("flow_id", "text", (col) => col.notNull())
    .addColumn("period_id", "text", (col) => col.notNull())
    // YYYY-MM-DDTHH of the exposure, UTC.
    .addColumn("hour", "text", (col) => col.notNull())
    .addColumn("flow_version", "integer", (col) => col.notNull())
    .addColumn("device", "text", (col) => col.notNull())
    .addColumn("source", "text", (col) => col.notNull());
  for (const column of ["exposures", "leads", "pending", "accepted", "value_pence", "value_pence_squares", ...OUTCOME_COLUMNS]) {
    table = table.addColumn(column, "bigint", (col) => col.notNull());
  }
  await table.addPrimaryKeyConstraint("experiment_hour_counts_pk", ["flow_id", "period_id", "hour", "flow_version", "device", "source"]).execute();
  await rebuildAggregates(db, {});
}

/** Drops the hour counts and the outcome columns. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("experiment_hour_counts").execute();
  await db.schema.alterTable("experiment_visit_outcomes").dropColumn("outcome").execute();
  for (const column of OUTCOME_COLUMNS) await db.schema.alterTable("experiment_counts").dropColumn(column).execute();
}
