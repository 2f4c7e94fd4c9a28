/**
 * Flows made in the live studio (migration 0024): a new flow and its v1's draft are written together or not at all,
 * and an id already held by a published flow, a flow made here or another draft's flow is refused inside the same
 * unit, so two publishers asking for one id at once on two instances get one flow between them.
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { runUnit } from "./connection";
import type { Database } from "./schema";

/** A flow made in the studio, as read back. */
export interface StudioFlow {
  flowId: string;
  copiedFrom: string;
  copiedVersion: number;
  createdBy: string;
  createdAt: string;
  listedBy?: string;
  listedAt?: string;
}

/** A new flow and its v1's draft, to write together. */
export interface NewStudioFlow {
  flowId: string;
  copiedFrom: string;
  copiedVersion: number;
  /** The v1 document as JSON text. */
  document: string;
  analyst: string;
  at: string;
}

/** The draft made, or the id was taken meanwhile (nothing written). */
export type NewFlowOutcome = { draftId: string } | "taken";

/** Writes the flow and its draft (see the module's comment). */
export function recordNewFlow(db: Kysely<Database>, flow: NewStudioFlow): Promise<NewFlowOutcome> {
  return runUnit(db, storeNewFlow, flow);
}

/** The unit: refuses an id in use, else writes the flow's row and its draft of v1. */
export async function storeNewFlow(db: Kysely<Database>, flow: NewStudioFlow): Promise<NewFlowOutcome> {
  const held = await Promise.all([
    db.selectFrom("studio_flows").select("flow_id").where("flow_id", "=", flow.flowId).executeTakeFirst(),
    db.selectFrom("published_flow_versions").select("flow_id").where("flow_id", "=", flow.flowId).limit(1).executeTakeFirst(),
    db.selectFrom("analyst_drafts").select("flow_id").where("flow_id", "=", flow.flowId).limit(1).executeTakeFirst(),
  ]);
  if (held.some((row) => row !== undefined)) return "taken";
  await db
    .insertInto("studio_flows")
    .values({ flow_id: flow.flowId, copied_from: flow.copiedFrom, copied_version: flow.copiedVersion, created_by: flow.analyst, created_at: flow.at, listed_by: null, listed_at: null })
    .execute();
  const draftId = randomBytes(12).toString("base64url");
  await db
    .insertInto("analyst_drafts")
    .values({ id: draftId, flow_id: flow.flowId, base_version: flow.copiedVersion, document: flow.document, revision: 1, created_by: flow.analyst, editor: flow.analyst, created_at: flow.at, updated_at: flow.at })
    .execute();
  return { draftId };
}

/** The flow made in the studio with this id, if there is one. */
export async function findStudioFlow(db: Kysely<Database>, flowId: string): Promise<StudioFlow | undefined> {
  // PostgreSQL's text holds no NUL, so an id with one was never made here (and is not asked of the store).
  if (flowId.includes("\0")) return undefined;
  const row = await db.selectFrom("studio_flows").selectAll().where("flow_id", "=", flowId).executeTakeFirst();
  if (!row) return undefined;
  return {
    flowId: row.flow_id,
    copiedFrom: row.copied_from,
    copiedVersion: row.copied_version,
    createdBy: row.created_by,
    createdAt: row.created_at,
    ...(row.listed_by === null ? {} : { listedBy: row.listed_by }),
    ...(row.listed_at === null ? {} : { listedAt: row.listed_at }),
  };
}

/** Every flow made in the studio, by id, with whether it is listed. */
export async function studioFlowIds(db: Kysely<Database>): Promise<Map<string, boolean>> {
  const rows = await db.selectFrom("studio_flows").select(["flow_id", "listed_at"]).orderBy("flow_id").execute();
  return new Map(rows.map((r) => [r.flow_id, r.listed_at !== null]));
}

/** Lists the flow (once: listing it again keeps who listed it first); false when no such flow was made here. */
export async function listStudioFlow(db: Kysely<Database>, flowId: string, analyst: string, at: string): Promise<boolean> {
  await db.updateTable("studio_flows").set({ listed_by: analyst, listed_at: at }).where("flow_id", "=", flowId).where("listed_at", "is", null).execute();
  return (await findStudioFlow(db, flowId)) !== undefined;
}

/** Forgets a flow made in the studio that has no version published (its v1's draft was discarded), freeing its id. */
export async function forgetUnpublishedFlow(db: Kysely<Database>, flowId: string): Promise<void> {
  await db
    .deleteFrom("studio_flows")
    .where("flow_id", "=", flowId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom("published_flow_versions").select("flow_id").where("flow_id", "=", flowId))))
    .execute();
}
