/**
 * Preview links of drafts: a long random token in the link, and only its SHA-256 in the store, so the table cannot
 * be turned back into links. A link shows its draft for 7 days from when it was made, as the draft then stands; it
 * ends sooner when the draft is discarded.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** How long a preview link works. */
export const PREVIEW_LINK_MS = 7 * 24 * 60 * 60 * 1000;

/** A token as links carry it: 32 random bytes, base64url. */
export const PREVIEW_TOKEN = /^[A-Za-z0-9_-]{43}$/;

function hashOf(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** Makes a link's token for a draft; the token is returned once and never stored. */
export async function createPreviewLink(db: Kysely<Database>, { draftId, analyst, now }: { draftId: string; analyst: string; now: Date }): Promise<{ token: string; expiresAt: string }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + PREVIEW_LINK_MS).toISOString();
  // Links past their time go as new ones are made: the table holds the links that work, and a few more.
  await db.deleteFrom("preview_links").where("expires_at", "<=", now.toISOString()).execute();
  await db.insertInto("preview_links").values({ token_hash: hashOf(token), draft_id: draftId, created_by: analyst, created_at: now.toISOString(), expires_at: expiresAt }).execute();
  return { token, expiresAt };
}

/** The draft a token shows, or undefined: not a token, never made, past its 7 days, or its draft discarded. */
export async function previewedDraftId(db: Kysely<Database>, token: string, now: Date): Promise<string | undefined> {
  if (!PREVIEW_TOKEN.test(token)) return undefined;
  const row = await db.selectFrom("preview_links").select(["draft_id", "expires_at"]).where("token_hash", "=", hashOf(token)).executeTakeFirst();
  return row && row.expires_at > now.toISOString() ? row.draft_id : undefined;
}

/** A live link as the studio lists it: never its token (not kept), but an id to revoke it by, who made it and when it ends. */
export interface PreviewLinkEntry {
  id: string;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
}

/** A link's id: its token's hash, which cannot be turned back into the link. */
export const PREVIEW_LINK_ID = /^[A-Za-z0-9_-]{43}$/;

/** The draft's links that still work, the newest first. */
export async function listPreviewLinks(db: Kysely<Database>, draftId: string, now: Date): Promise<PreviewLinkEntry[]> {
  const rows = await db
    .selectFrom("preview_links")
    .select(["token_hash", "created_by", "created_at", "expires_at"])
    .where("draft_id", "=", draftId)
    .where("expires_at", ">", now.toISOString())
    .orderBy("created_at", "desc")
    .orderBy("token_hash")
    .execute();
  return rows.map((row) => ({ id: row.token_hash, createdBy: row.created_by, createdAt: row.created_at, expiresAt: row.expires_at }));
}

/** Ends one of the draft's links; false when the draft has no such link. */
export async function revokePreviewLink(db: Kysely<Database>, draftId: string, linkId: string): Promise<boolean> {
  const result = await db.deleteFrom("preview_links").where("draft_id", "=", draftId).where("token_hash", "=", linkId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Ends every link of the draft: it was published. */
export async function endPreviewLinks(db: Kysely<Database>, draftId: string): Promise<void> {
  await db.deleteFrom("preview_links").where("draft_id", "=", draftId).execute();
}
