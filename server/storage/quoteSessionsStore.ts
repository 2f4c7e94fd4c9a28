/**
 * The state of quotes filled in without the page's script, by browser session and flow. A write names the revision
 * it read, so two submissions racing from the same state cannot both land: the second finds the row moved on.
 */
import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** How long a session's answers are kept after their last change. */
export const QUOTE_SESSION_HOURS = 24;

/** One flow's kept state and its revision. */
export interface StoredQuoteSession {
  state: string;
  revision: number;
}

/** The session's state in a flow, if it has one younger than a day. */
export async function readQuoteSession(db: Kysely<Database>, sessionId: string, flowId: string, now: Date): Promise<StoredQuoteSession | undefined> {
  const row = await db
    .selectFrom("quote_sessions")
    .select(["state", "revision", "updated_at"])
    .where("session_id", "=", sessionId)
    .where("flow_id", "=", flowId)
    .executeTakeFirst();
  if (!row || Date.parse(row.updated_at) < now.getTime() - QUOTE_SESSION_HOURS * 3_600_000) return undefined;
  return { state: row.state, revision: Number(row.revision) };
}

/**
 * Writes the state as the revision after `read` (0: the session had none in this flow, or it had expired). False
 * when the row has moved on since it was read: nothing is written.
 */
export async function writeQuoteSession(db: Kysely<Database>, sessionId: string, flowId: string, read: number, state: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const revision = read + 1;
  if (read === 0) {
    // A new state replaces any expired row; a row another request wrote meanwhile (younger than a day) stays.
    const stale = new Date(now.getTime() - QUOTE_SESSION_HOURS * 3_600_000).toISOString();
    const result = await db
      .insertInto("quote_sessions")
      .values({ session_id: sessionId, flow_id: flowId, state, revision, updated_at: at })
      .onConflict((oc) =>
        oc
          .columns(["session_id", "flow_id"])
          .doUpdateSet({ state, revision, updated_at: at })
          .where("quote_sessions.updated_at", "<", stale),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }
  const result = await db
    .updateTable("quote_sessions")
    .set({ state, revision, updated_at: at })
    .where("session_id", "=", sessionId)
    .where("flow_id", "=", flowId)
    .where("revision", "=", read)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the sessions untouched for a day (their answers may hold personal data); returns how many. */
export async function deleteStaleQuoteSessions(db: Kysely<Database>, now: Date): Promise<number> {
  const stale = new Date(now.getTime() - QUOTE_SESSION_HOURS * 3_600_000).toISOString();
  const result = await db.deleteFrom("quote_sessions").where("updated_at", "<", stale).executeTakeFirst();
  return Number(result.numDeletedRows);
}
