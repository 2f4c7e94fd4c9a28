/**
 * Analysts' sessions in the store, shared by every instance: a row per sign-in, read on each request its cookie
 * makes, deleted at sign-out. The table stays small: each sign-in deletes the sessions older than a session lasts,
 * and keeps at most MAX_SESSIONS_PER_ANALYST of the analyst's newest.
 */
import type { Kysely, Selectable } from "kysely";
import type { AnalystSessionsTable, Database } from "./schema";

/** A session as stored. */
export type AnalystSessionRow = Selectable<AnalystSessionsTable>;

/** Sessions one analyst may have at once (browsers and devices); a sign-in past it ends their oldest. */
export const MAX_SESSIONS_PER_ANALYST = 20;

/** Stores a new session, first deleting those that started `sessionMs` or more before it and the analyst's oldest past the cap. */
export async function recordAnalystSession(db: Kysely<Database>, session: AnalystSessionRow, sessionMs: number): Promise<void> {
  const ended = new Date(Date.parse(session.started_at) - sessionMs).toISOString();
  await db.deleteFrom("analyst_sessions").where("started_at", "<=", ended).execute();
  await db
    .deleteFrom("analyst_sessions")
    .where("analyst", "=", session.analyst)
    .where("session_id", "not in", (eb) =>
      eb
        .selectFrom("analyst_sessions")
        .select("session_id")
        .where("analyst", "=", session.analyst)
        .orderBy("started_at", "desc")
        .limit(MAX_SESSIONS_PER_ANALYST - 1),
    )
    .execute();
  await db.insertInto("analyst_sessions").values(session).execute();
}

/** The session with this id, if it has not been ended. */
export function findAnalystSession(db: Kysely<Database>, sessionId: string): Promise<AnalystSessionRow | undefined> {
  return db.selectFrom("analyst_sessions").selectAll().where("session_id", "=", sessionId).executeTakeFirst();
}

/** Ends a session: its cookie is refused from now on, by every instance. */
export async function deleteAnalystSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.deleteFrom("analyst_sessions").where("session_id", "=", sessionId).execute();
}
