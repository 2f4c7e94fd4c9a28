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
  return new Map(buyerKeys.map((key, i) => [key, secondsSince(now, oldest[i]?.next_attempt_at)]));
}

/**
 * Per buyer key, the age of its oldest row still waiting (pending or being sent, due or not: held for a secret,
 * in back-off after failures), in seconds since its lead was stored; 0 when none waits. It reads the buyer's
 * waiting rows, a short list while deliveries move.
 */
export async function oldestWaitingSecondsByBuyer(db: Kysely<Database>, buyerKeys: readonly string[], now: Date): Promise<Map<string, number>> {
  const oldest = await Promise.all(
    buyerKeys.map((key) =>
      db
        .selectFrom("deliveries")
        .select((eb) => eb.fn.min("created_at").as("created_at"))
        .where("status", "in", ["pending", "sending"])
        .where("buyer_key", "=", key)
        .executeTakeFirst(),
    ),
  );
  return new Map(buyerKeys.map((key, i) => [key, secondsSince(now, oldest[i]?.created_at ?? undefined)]));
}

function secondsSince(now: Date, iso: string | undefined): number {
  return iso ? Math.max(0, (now.getTime() - Date.parse(iso)) / 1000) : 0;
}
