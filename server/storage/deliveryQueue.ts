/**
 * The delivery queue as monitoring reads it at each scrape: bounded queries over the `deliveries_waiting_by_buyer`
 * index (status, buyer_key, next_attempt_at), so a scrape costs the same however many leads the table holds. The
 * recent dead rows are read over it too.
 */
import { sql, type Kysely, type RawBuilder } from "kysely";
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

/**
 * Per buyer key, how long its longest-waiting due row has been due, in seconds (0 when nothing of it is due): one
 * statement for all the buyers, one index seek each.
 */
export async function oldestDueSecondsByBuyer(db: Kysely<Database>, buyerKeys: readonly string[], now: Date): Promise<Map<string, number>> {
  const at = now.toISOString();
  const oldest = await perBuyer(
    db,
    buyerKeys,
    (key) => sql`(select d.next_attempt_at from deliveries d where d.status = 'pending' and d.buyer_key = ${key} and d.next_attempt_at <= ${at} order by d.next_attempt_at limit 1)`,
  );
  return new Map(buyerKeys.map((key) => [key, secondsSince(now, oldest.get(key))]));
}

/**
 * Per buyer key, the age of its oldest row still waiting (pending or being sent, due or not: held for a secret,
 * in back-off after failures), in seconds since its lead was stored; 0 when none waits. It reads the buyer's
 * waiting rows, a short list while deliveries move; one statement for all the buyers.
 */
export async function oldestWaitingSecondsByBuyer(db: Kysely<Database>, buyerKeys: readonly string[], now: Date): Promise<Map<string, number>> {
  const oldest = await perBuyer(db, buyerKeys, (key) => sql`(select min(d.created_at) from deliveries d where d.status in ('pending', 'sending') and d.buyer_key = ${key})`);
  return new Map(buyerKeys.map((key) => [key, secondsSince(now, oldest.get(key))]));
}

/** Dead rows counted at most per buyer: the alert asks only whether there is one. */
export const DEAD_COUNT_CAP = 1_000;

/**
 * Per buyer key, its deliveries given up on since `since` and not put back (a requeued row is pending again): dead
 * rows whose last attempt (next_attempt_at, set to the attempt's time when it dies) is that recent, counted up to
 * DEAD_COUNT_CAP over the index, so a scrape reads the recent dead rows, never the dead letters of every month.
 */
export async function deadSinceByBuyer(db: Kysely<Database>, buyerKeys: readonly string[], since: Date): Promise<Map<string, number>> {
  const at = since.toISOString();
  const counts = await perBuyer(
    db,
    buyerKeys,
    (key) => sql`(select count(*) from (select 1 from deliveries d where d.status = 'dead' and d.buyer_key = ${key} and d.next_attempt_at >= ${at} limit ${DEAD_COUNT_CAP}) as recent)`,
  );
  return new Map(buyerKeys.map((key) => [key, Number(counts.get(key) ?? 0)]));
}

/** Buyers read per statement: well inside SQLite's limit on the terms of one compound select (500). */
const BUYERS_PER_STATEMENT = 100;

/**
 * One value per buyer key, each read by its own subquery, all in one statement (per hundred buyers): a scrape then
 * asks the database once per series, not once per buyer. A buyer whose subquery finds nothing is left out.
 */
async function perBuyer(db: Kysely<Database>, buyerKeys: readonly string[], valueOf: (key: string) => RawBuilder<unknown>): Promise<Map<string, string>> {
  const values = new Map<string, string>();
  for (let first = 0; first < buyerKeys.length; first += BUYERS_PER_STATEMENT) {
    const terms = buyerKeys.slice(first, first + BUYERS_PER_STATEMENT).map((key) => sql`cast(${key} as text) as buyer_key, ${valueOf(key)} as value`);
    const { rows } = await sql<{ buyer_key: string; value: string | null }>`select ${sql.join(terms, sql` union all select `)}`.execute(db);
    for (const row of rows) if (row.value) values.set(row.buyer_key, row.value);
  }
  return values;
}

function secondsSince(now: Date, iso: string | undefined): number {
  return iso ? Math.max(0, (now.getTime() - Date.parse(iso)) / 1000) : 0;
}
