/**
 * Analysts' drafts in the store, shared by every instance: a draft survives a reload, another browser and another
 * instance. Each save names the revision it was made on; a save naming an older one (another tab, another analyst)
 * changes nothing and is told the draft as it now stands.
 */
import { randomBytes } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { AnalystDraftsTable, Database } from "./schema";

/** A draft as read back: its document parsed. */
export interface Draft {
  id: string;
  flow: string;
  baseVersion: number;
  revision: number;
  createdBy: string;
  /** Who saved it last. */
  editor: string;
  createdAt: string;
  updatedAt: string;
  document: unknown;
}

/** A draft without its document, for the list of who is editing what. */
export type DraftSummary = Omit<Draft, "document">;

/** What a save came to. */
export type DraftSave = { saved: Draft } | { stale: Draft } | "not found";

const SUMMARY = ["id", "flow_id", "base_version", "revision", "created_by", "editor", "created_at", "updated_at"] as const;

function summaryOf(row: Omit<Selectable<AnalystDraftsTable>, "document">): DraftSummary {
  return { id: row.id, flow: row.flow_id, baseVersion: row.base_version, revision: row.revision, createdBy: row.created_by, editor: row.editor, createdAt: row.created_at, updatedAt: row.updated_at };
}

function draftOf(row: Selectable<AnalystDraftsTable>): Draft {
  return { ...summaryOf(row), document: JSON.parse(row.document) };
}

/** Keeps a new draft of `flow` made from `baseVersion` by `analyst`, at revision 1. */
export async function createDraft(db: Kysely<Database>, { flow, baseVersion, document, analyst, now }: { flow: string; baseVersion: number; document: unknown; analyst: string; now: Date }): Promise<Draft> {
  const at = now.toISOString();
  const row = { id: randomBytes(12).toString("base64url"), flow_id: flow, base_version: baseVersion, document: JSON.stringify(document), revision: 1, created_by: analyst, editor: analyst, created_at: at, updated_at: at };
  await db.insertInto("analyst_drafts").values(row).execute();
  return draftOf(row);
}

/** The draft with this id, if it has not been discarded. */
export async function findDraft(db: Kysely<Database>, id: string): Promise<Draft | undefined> {
  const row = await db.selectFrom("analyst_drafts").selectAll().where("id", "=", id).executeTakeFirst();
  return row && draftOf(row);
}

/** The draft with this id without its document, if it has not been discarded. */
export async function findDraftSummary(db: Kysely<Database>, id: string): Promise<DraftSummary | undefined> {
  const row = await db.selectFrom("analyst_drafts").select(SUMMARY).where("id", "=", id).executeTakeFirst();
  return row && summaryOf(row);
}

/** The drafts (of one flow, or of every flow), the latest saved first. */
export async function listDrafts(db: Kysely<Database>, flow?: string): Promise<DraftSummary[]> {
  let query = db.selectFrom("analyst_drafts").select(SUMMARY);
  if (flow !== undefined) query = query.where("flow_id", "=", flow);
  return (await query.orderBy("updated_at", "desc").orderBy("id").execute()).map(summaryOf);
}

/** Saves `document` over a draft at `revision`: refused (stale) when the draft has moved on since. */
export async function saveDraft(db: Kysely<Database>, { id, revision, document, analyst, now }: { id: string; revision: number; document: unknown; analyst: string; now: Date }): Promise<DraftSave> {
  const result = await db
    .updateTable("analyst_drafts")
    .set((eb) => ({ document: JSON.stringify(document), revision: eb("revision", "+", 1), editor: analyst, updated_at: now.toISOString() }))
    .where("id", "=", id)
    .where("revision", "=", revision)
    .executeTakeFirst();
  const current = await findDraft(db, id);
  if (!current) return "not found";
  // What this save wrote, whatever a save just after it may have written since.
  return Number(result.numUpdatedRows) > 0 ? { saved: { ...current, revision: revision + 1, editor: analyst, updatedAt: now.toISOString(), document } } : { stale: current };
}

/** Discards a draft, its preview links and who had it open; false when there was no such draft. */
export async function discardDraft(db: Kysely<Database>, id: string): Promise<boolean> {
  await db.deleteFrom("preview_links").where("draft_id", "=", id).execute();
  await db.deleteFrom("draft_presence").where("draft_id", "=", id).execute();
  const result = await db.deleteFrom("analyst_drafts").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
