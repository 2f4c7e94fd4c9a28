/**
 * The drafts API, for editors and publishers (registered behind the analysts' gate, analystsRoutes.ts, which refuses
 * another site's posts): GET /api/analysts/drafts[?flow=ID] lists who is editing what, POST makes a draft of a new
 * version from a published one, GET …/drafts/ID reads one back, PUT …/drafts/ID saves it at the revision it was read
 * at (409 with the draft as it stands when another tab or analyst saved since, for the studio to join both edits),
 * PUT …/drafts/ID/presence says a page has the draft open and answers who else has it open and its revision (a
 * heartbeat, every few seconds; DELETE …/presence/PAGE when the page closes), DELETE …/drafts/ID discards it, and
 * POST …/drafts/ID/preview-links makes a link that shows the draft to anyone holding it for 7 days (previewRoutes.ts),
 * GET …/preview-links lists the links that still work (never their tokens) and DELETE …/preview-links/LINK ends one.
 * Discarding the draft of a new flow's v1 before it is published discards the flow too (publishing/newFlow.ts).
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Kysely } from "kysely";
import { privatePage } from "../analysts/analystsAnswers";
import { needsRole } from "../analysts/needsRole";
import type { FlowCatalog } from "../flowCatalog";
import { heartbeat, leave } from "../storage/draftPresenceStore";
import { createDraft, discardDraft, findDraft, findDraftSummary, listDrafts, saveDraft } from "../storage/draftsStore";
import { createPreviewLink, listPreviewLinks, revokePreviewLink } from "../storage/previewLinksStore";
import type { Database } from "../storage/schema";
import { forgetUnpublishedFlow } from "../storage/studioFlowsStore";

/** What the drafts API needs. */
export interface AnalystsDraftsRoutesOptions {
  db: Kysely<Database>;
  flows: FlowCatalog;
  now: () => Date;
}

/** A preview link's address on the site. */
export function previewPath(token: string): string {
  return `/preview/${token}/`;
}

/** Where the drafts are. */
export const DRAFTS_API = "/api/analysts/drafts";

const FLOW_ID = { type: "string", pattern: "^[a-z0-9][a-z0-9-]{0,63}$" } as const;
const DRAFT_ID = { type: "object", required: ["id"], properties: { id: { type: "string", pattern: "^[A-Za-z0-9_-]{16}$" } } } as const;
const LINK_ID = {
  type: "object",
  required: ["id", "link"],
  properties: { id: DRAFT_ID.properties.id, link: { type: "string", pattern: "^[A-Za-z0-9_-]{43}$" } },
} as const;
const DOCUMENT = { type: "object" } as const;
const PAGE_ID = { type: "string", pattern: "^[A-Za-z0-9_-]{16,43}$" } as const;
const PRESENCE = { type: "object", required: ["page"], additionalProperties: false, properties: { page: PAGE_ID } } as const;
const PAGE_PARAMS = { type: "object", required: ["id", "page"], properties: { id: DRAFT_ID.properties.id, page: PAGE_ID } } as const;

const NEW_DRAFT = {
  type: "object",
  required: ["flow", "baseVersion", "document"],
  additionalProperties: false,
  properties: { flow: FLOW_ID, baseVersion: { type: "integer", minimum: 1 }, document: DOCUMENT },
} as const;
const SAVE = { type: "object", required: ["revision", "document"], additionalProperties: false, properties: { revision: { type: "integer", minimum: 1 }, document: DOCUMENT } } as const;

function answer(reply: FastifyReply, code: number, body: unknown): FastifyReply {
  return privatePage(reply).code(code).send(body);
}

/** Who is editing in the live preview, where nobody signs in. */
const LIVE_PREVIEW = "the live preview";

const NO_DRAFT = { message: "There is no such draft: it was discarded, or published." };

/** The routes. */
export default async function analystsDraftsRoutes(fastify: FastifyInstance, { db, flows, now }: AnalystsDraftsRoutesOptions): Promise<void> {
  fastify.addHook("preHandler", needsRole("editor"));

  fastify.get<{ Querystring: { flow?: string } }>(DRAFTS_API, { schema: { querystring: { type: "object", properties: { flow: FLOW_ID } } } }, async (request, reply) => {
    return answer(reply, 200, { drafts: await listDrafts(db, request.query.flow) });
  });

  fastify.post<{ Body: { flow: string; baseVersion: number; document: Record<string, unknown> } }>(DRAFTS_API, { schema: { body: NEW_DRAFT } }, async (request, reply) => {
    const { flow, baseVersion, document } = request.body;
    if (!flows.hasFlow(flow)) return answer(reply, 400, { message: `There is no flow "${flow}".` });
    if (!flows.getFlow(flow, baseVersion)) return answer(reply, 400, { message: `${flow} has no published version ${baseVersion} to make a draft from.` });
    const draft = await createDraft(db, { flow, baseVersion, document, analyst: request.analyst?.name ?? LIVE_PREVIEW, now: now() });
    return answer(reply.header("location", `${DRAFTS_API}/${draft.id}`), 201, draft);
  });

  fastify.get<{ Params: { id: string } }>(`${DRAFTS_API}/:id`, { schema: { params: DRAFT_ID } }, async (request, reply) => {
    const draft = await findDraft(db, request.params.id);
    return draft ? answer(reply, 200, draft) : answer(reply, 404, NO_DRAFT);
  });

  fastify.put<{ Params: { id: string }; Body: { revision: number; document: Record<string, unknown> } }>(`${DRAFTS_API}/:id`, { schema: { params: DRAFT_ID, body: SAVE } }, async (request, reply) => {
    const saved = await saveDraft(db, { id: request.params.id, ...request.body, analyst: request.analyst?.name ?? LIVE_PREVIEW, now: now() });
    if (saved === "not found") return answer(reply, 404, NO_DRAFT);
    if ("saved" in saved) return answer(reply, 200, saved.saved);
    const { stale } = saved;
    return answer(reply, 409, {
      message: `${stale.editor} saved this draft since you opened it (revision ${stale.revision}): your change is not kept yet. Join both edits, or take theirs and re-apply yours.`,
      draft: stale,
    });
  });

  fastify.put<{ Params: { id: string }; Body: { page: string } }>(`${DRAFTS_API}/:id/presence`, { schema: { params: DRAFT_ID, body: PRESENCE } }, async (request, reply) => {
    const draft = await findDraftSummary(db, request.params.id);
    if (!draft) return answer(reply, 404, NO_DRAFT);
    const open = await heartbeat(db, { draftId: draft.id, pageId: request.body.page, analyst: request.analyst?.name ?? LIVE_PREVIEW, now: now() });
    return answer(reply, 200, {
      open: open.map((viewer) => ({ analyst: viewer.analyst, openedAt: viewer.openedAt, you: viewer.pageId === request.body.page })),
      revision: draft.revision,
      editor: draft.editor,
      updatedAt: draft.updatedAt,
    });
  });

  fastify.delete<{ Params: { id: string; page: string } }>(`${DRAFTS_API}/:id/presence/:page`, { schema: { params: PAGE_PARAMS } }, async (request, reply) => {
    await leave(db, request.params.id, request.params.page);
    return privatePage(reply).code(204).send();
  });

  fastify.post<{ Params: { id: string } }>(`${DRAFTS_API}/:id/preview-links`, { schema: { params: DRAFT_ID } }, async (request, reply) => {
    const draft = await findDraft(db, request.params.id);
    if (!draft) return answer(reply, 404, NO_DRAFT);
    const { token, expiresAt } = await createPreviewLink(db, { draftId: draft.id, analyst: request.analyst?.name ?? LIVE_PREVIEW, now: now() });
    return answer(reply, 201, { url: previewPath(token), expiresAt });
  });

  fastify.get<{ Params: { id: string } }>(`${DRAFTS_API}/:id/preview-links`, { schema: { params: DRAFT_ID } }, async (request, reply) => {
    const draft = await findDraft(db, request.params.id);
    if (!draft) return answer(reply, 404, NO_DRAFT);
    return answer(reply, 200, { links: await listPreviewLinks(db, draft.id, now()) });
  });

  fastify.delete<{ Params: { id: string; link: string } }>(`${DRAFTS_API}/:id/preview-links/:link`, { schema: { params: LINK_ID } }, async (request, reply) => {
    const ended = await revokePreviewLink(db, request.params.id, request.params.link);
    return ended ? privatePage(reply).code(204).send() : answer(reply, 404, { message: "There is no such preview link: it was revoked, or has ended." });
  });

  fastify.delete<{ Params: { id: string } }>(`${DRAFTS_API}/:id`, { schema: { params: DRAFT_ID } }, async (request, reply) => {
    const draft = await findDraft(db, request.params.id);
    if (!draft || !(await discardDraft(db, draft.id))) return answer(reply, 404, NO_DRAFT);
    // A new flow's v1 discarded before it was published: the flow goes with it, and its id is free again.
    if (!flows.hasFlow(draft.flow)) await forgetUnpublishedFlow(db, draft.flow);
    return privatePage(reply).code(204).send();
  });
}
