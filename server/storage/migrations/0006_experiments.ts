/**
 * Experiments: the periods a flow's split stayed the same, one exposure per visit and period (the version the
 * server served it), the distinct steps each visit reached, and the visit each lead came from. A visit is a
 * random id from a first-party cookie; nothing here says who a visitor is. The daily funnel counts they replace
 * (page views, not visits) are dropped. The visit cookie's signing key is made here, per installation.
 */
import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { up as createFunnelCounts } from "./0003_funnel_counts";

/** Creates the experiment tables and the leads' visit column. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("experiment_periods")
    .addColumn("flow_id", "text", (col) => col.notNull())
    .addColumn("period_id", "text", (col) => col.notNull())
    .addColumn("started_at", "text", (col) => col.notNull())
    // JSON of the weights in force, the control (the split's default) and the visitors planned per version.
    .addColumn("weights", "text", (col) => col.notNull())
    .addColumn("control", "integer", (col) => col.notNull())
    .addColumn("planned_per_version", "integer")
    .addPrimaryKeyConstraint("experiment_periods_pk", ["flow_id", "period_id"])
    .execute();
  await db.schema
    .createTable("experiment_exposures")
    .addColumn("flow_id", "text", (col) => col.notNull())
    .addColumn("period_id", "text", (col) => col.notNull())
    .addColumn("visit_id", "text", (col) => col.notNull())
    .addColumn("flow_version", "integer", (col) => col.notNull())
    .addColumn("exposed_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("experiment_exposures_pk", ["flow_id", "period_id", "visit_id"])
    .execute();
  await db.schema
    .createTable("experiment_step_reach")
    .addColumn("flow_id", "text", (col) => col.notNull())
    .addColumn("period_id", "text", (col) => col.notNull())
    .addColumn("visit_id", "text", (col) => col.notNull())
    .addColumn("step_id", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("experiment_step_reach_pk", ["flow_id", "period_id", "visit_id", "step_id"])
    .execute();
  await db.schema.alterTable("leads").addColumn("visit_id", "text").execute();
  await db.schema.createIndex("leads_visit_idx").on("leads").columns(["flow_id", "visit_id"]).execute();
  await db.schema.dropTable("funnel_daily_counts").execute();
  await sql`insert into app_settings (name, value) values ('visit_cookie_key', ${randomBytes(32).toString("hex")})`.execute(db);
}

/** Drops the experiment tables and the leads' visit column; the daily counts table comes back empty. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from app_settings where name = 'visit_cookie_key'`.execute(db);
  await createFunnelCounts(db);
  await db.schema.dropIndex("leads_visit_idx").execute();
  await db.schema.alterTable("leads").dropColumn("visit_id").execute();
  await db.schema.dropTable("experiment_step_reach").execute();
  await db.schema.dropTable("experiment_exposures").execute();
  await db.schema.dropTable("experiment_periods").execute();
}
