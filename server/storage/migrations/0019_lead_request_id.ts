/**
 * The id of the request that sent each lead (its X-Request-Id, or the one the server made), so the delivery worker's
 * lines about its deliveries carry it beside the lead id and a lead can be followed from the load balancer's log to
 * its buyer. Leads stored before have none.
 */
import type { Kysely } from "kysely";

/** Adds the column. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("leads").addColumn("request_id", "text").execute();
}

/** Drops it. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("leads").dropColumn("request_id").execute();
}
