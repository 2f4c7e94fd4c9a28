/**
 * The delivery queue by buyer, as monitoring reads it at each scrape: an index on (status, buyer_key,
 * next_attempt_at), so the waiting rows are counted per buyer from the index alone and each buyer's longest-waiting
 * due row is one seek, however long the queue or the table.
 */
import type { Kysely } from "kysely";

/** Creates the index. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("deliveries_waiting_by_buyer").on("deliveries").columns(["status", "buyer_key", "next_attempt_at"]).execute();
}

/** Drops it. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("deliveries_waiting_by_buyer").execute();
}
