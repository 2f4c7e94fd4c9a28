/**
 * The delivery queue as monitoring reads it at each scrape: bounded queries over the `deliveries_waiting_by_buyer`
 * index (status, buyer_key, next_attempt_at), so a scrape costs the same however many leads the table holds.
 */
import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** Waiting rows counted at most: past this the queue is "at least this deep", and the alert has long fired. */
export const QUEUE_COUNT_CAP = 10_000;

/** Rows waiting to be sent or being sent, by buyer key, counting at most QUEUE_COUNT_CAP rows in all. */
export async function waitingByBuyer(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom((eb) => eb.selectFrom("deliveries").select("buyer_key").where("status", "in", ["pending", "sending"]).limit(QUEUE_COUNT_CAP).as("waiting"))
    .select(["buyer_key", (eb) => eb.fn.countAll<number | string>().as("count")])
    .groupBy("buyer_key")
    .execute();
  return new Map(rows.map((r) => [r.buyer_key, Number(r.count)]));
}

/** Per buyer key, how long its longest-waiting due row has been due, in seconds (0 when nothing of it is due): one index seek each. */
export async function oldestDueSecondsByBuyer(db: Kysely<Database>, buyerKeys: readonly string[], now: Date): Promise<Map<string, number>> {
  const at = now.toISOString();
  const oldest = await Promise.all(
    buyerKeys.map((key) =>
      db
        .selectFrom("deliveries")
        .select("next_attempt_at")
        .where("status", "=", "pending")
        .where("buyer_key", "=", key)
        .where("next_attempt_at", "<=", at)
        .orderBy("next_attempt_at")
        .limit(1)
        .executeTakeFirst(),
    ),
  );
  return new Map(buyerKeys.map((key, i) => [key, oldest[i] ? Math.max(0, (now.getTime() - Date.parse(oldest[i]!.next_attempt_at)) / 1000) : 0]));
}
