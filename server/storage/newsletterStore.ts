/** Newsletter sign-ups: one row per address, with the wording agreed to and when. */
import type { Kysely } from "kysely";
import { normaliseEmail } from "../contacts/contactKeys";
import type { Database } from "./schema";

/** Adds an address; signing up again keeps the first sign-up's wording and time. True when it is new. */
export async function subscribe(db: Kysely<Database>, email: string, consentText: string, now: Date): Promise<boolean> {
  const result = await db
    .insertInto("newsletter_subscribers")
    .values({ email: normaliseEmail(email), consent_text: consentText, subscribed_at: now.toISOString() })
    .onConflict((oc) => oc.column("email").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The sign-up for an address, or undefined. */
export async function findSubscriber(db: Kysely<Database>, email: string) {
  return db.selectFrom("newsletter_subscribers").selectAll().where("email", "=", normaliseEmail(email)).executeTakeFirst();
}
