/**
 * Who has a draft open, shared by every instance: each open page of a draft says so every few seconds (a heartbeat)
 * and is counted as open until PRESENCE_EXPIRY_MS after it last did, or until it says it has closed. A heartbeat
 * reads only its own draft's rows (the primary key's prefix) and takes away the rows past their expiry by the index
 * on when they were last seen, so nothing reads more than the pages open now and those just closed.
 */
import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** How long a page counts as open after its last heartbeat: a few heartbeats missed. */
export const PRESENCE_EXPIRY_MS = 30_000;

/** A page that has the draft open. */
export interface DraftViewer {
  pageId: string;
  analyst: string;
  openedAt: string;
  seenAt: string;
}

/** Counts the page as open now and answers every page that has the draft open, this one among them, the first opened first. */
export async function heartbeat(db: Kysely<Database>, { draftId, pageId, analyst, now }: { draftId: string; pageId: string; analyst: string; now: Date }): Promise<DraftViewer[]> {
  const at = now.toISOString();
  const expired = new Date(now.getTime() - PRESENCE_EXPIRY_MS).toISOString();
  await db.deleteFrom("draft_presence").where("seen_at", "<", expired).execute();
  await db
    .insertInto("draft_presence")
    .values({ draft_id: draftId, page_id: pageId, analyst, opened_at: at, seen_at: at })
    .onConflict((oc) => oc.columns(["draft_id", "page_id"]).doUpdateSet({ seen_at: at, analyst }))
    .execute();
  const rows = await db
    .selectFrom("draft_presence")
    .select(["page_id", "analyst", "opened_at", "seen_at"])
    .where("draft_id", "=", draftId)
    .where("seen_at", ">=", expired)
    .orderBy("opened_at")
    .orderBy("page_id")
    .execute();
  return rows.map((row) => ({ pageId: row.page_id, analyst: row.analyst, openedAt: row.opened_at, seenAt: row.seen_at }));
}

/** The page has closed the draft. */
export async function leave(db: Kysely<Database>, draftId: string, pageId: string): Promise<void> {
  await db.deleteFrom("draft_presence").where("draft_id", "=", draftId).where("page_id", "=", pageId).execute();
}
