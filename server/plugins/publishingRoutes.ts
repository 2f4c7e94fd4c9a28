/**
 * The publishing API, behind the analysts' gate (analystsRoutes.ts), for publishers: publish a version, change a
 * flow's traffic (weights, ship, stop, restore a past entry), make a new flow from a copy of another and list it
 * (publishing/newFlow.ts), and read a flow's history. Posts come from the site's
 * own pages only; a publish that names its draft (`"draft": ID`) ends that draft's preview links; every refusal
 * is a 4xx with plain words (and the checks' findings where there are some).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { roleRefusal } from "../analysts/needsRole";
import { changeTraffic, type TrafficAsk } from "../publishing/changeTraffic";
import { publishVersion, type ChangeAnswer, type PublishingContext } from "../publishing/publishVersion";
import { postedFromAnotherSite } from "../security/crossSitePost";
import { endPreviewLinks } from "../storage/previewLinksStore";
import { flowHistory, type PublishedChangeRow } from "../storage/publishedFlowsStore";
import { privatePage } from "../analysts/analystsAnswers";
import { listNewFlow, makeNewFlow, type NewFlowAnswer } from "../publishing/newFlow";
import { findStudioFlow } from "../storage/studioFlowsStore";

export interface PublishingRoutesOptions extends PublishingContext {
  siteOrigin: () => string;
  now: () => Date;
}

/** A publish body: the version's document and why. */
const PUBLISH_LIMIT = 256 * 1024;

type Body = Record<string, unknown>;
type FlowRequest = FastifyRequest<{ Params: { flow: string }; Body: Body | undefined }>;

/** One change as the history lists it. */
function historyEntry(row: PublishedChangeRow) {
  return {
    change: row.change_id,
    kind: row.kind,
    ...(row.version === null ? {} : { version: row.version }),
    analyst: row.analyst,
    at: row.changed_at,
    why: row.why,
    before: row.before === null ? null : (JSON.parse(row.before) as unknown),
    after: JSON.parse(row.after) as unknown,
  };
}

function answer(reply: FastifyReply, result: ChangeAnswer | NewFlowAnswer): FastifyReply {
  if ("made" in result) return privatePage(reply).code(result.status).send(result.made);
  if (result.done) return privatePage(reply).code(result.version === undefined ? 200 : 201).send({ change: result.revision, ...(result.version === undefined ? {} : { version: result.version }) });
  return privatePage(reply).code(result.status).send({ message: result.message, ...(result.findings ? { findings: result.findings } : {}) });
}

export default async function publishingRoutes(fastify: FastifyInstance, { siteOrigin, now, ...context }: PublishingRoutesOptions): Promise<void> {
  /** The gate every change passes: the site's own page, then the publisher's role; the handler runs only past both. */
  const change = (make: (request: FlowRequest, body: Body) => Promise<ChangeAnswer | NewFlowAnswer>) => async (request: FlowRequest, reply: FastifyReply) => {
    if (postedFromAnotherSite(request, siteOrigin())) return privatePage(reply).code(403).send({ message: "Changes can only be made from this site's own pages." });
    const refusal = roleRefusal(request, "publisher");
    if (refusal !== undefined) return privatePage(reply).code(403).send({ message: refusal });
    const body = request.body && typeof request.body === "object" && !Array.isArray(request.body) ? request.body : {};
    return answer(reply, await make(request, body));
  };
  const who = (request: FlowRequest, body: Body) => ({ flowId: request.params.flow, analyst: request.analyst?.name ?? "", at: now(), why: body.why });
  const traffic = (ask: (body: Body) => TrafficAsk) => change((request, body) => changeTraffic(context, { ...who(request, body), ask: ask(body) }));

  const published = async (request: FlowRequest, body: Body) => {
    const newFlow = !context.catalog.hasFlow(request.params.flow) && (await findStudioFlow(context.db, request.params.flow)) !== undefined;
    const result = await publishVersion(context, { ...who(request, body), document: body.document, fromDraft: typeof body.draft === "string", newFlow });
    if (result.done && typeof body.draft === "string") await endPreviewLinks(context.db, body.draft);
    return result;
  };
  fastify.post("/api/analysts/flows/:flow/versions", { bodyLimit: PUBLISH_LIMIT }, change(published));
  fastify.post("/api/analysts/flows", change(async (request, body) => makeNewFlow(context, { ask: body, analyst: request.analyst?.name ?? "", at: now() })));
  fastify.post("/api/analysts/flows/:flow/listed", change(async (request) => listNewFlow(context, { flowId: request.params.flow, analyst: request.analyst?.name ?? "", at: now() })));
  fastify.post("/api/analysts/flows/:flow/traffic", traffic((body) => ({ kind: "weights", weights: body.weights, control: body.control, plannedPerVersion: body.plannedPerVersion, decideOn: body.decideOn, guardrails: body.guardrails })));
  fastify.post("/api/analysts/flows/:flow/traffic/ship", traffic((body) => ({ kind: "ship", version: body.version })));
  fastify.post("/api/analysts/flows/:flow/traffic/stop", traffic((body) => ({ kind: "stop", version: body.version })));
  fastify.post("/api/analysts/flows/:flow/traffic/restore", traffic((body) => ({ kind: "restore", change: body.change })));
  fastify.get<{ Params: { flow: string } }>("/api/analysts/flows/:flow/history", async (request, reply) => {
    if (!context.catalog.hasFlow(request.params.flow)) return privatePage(reply).code(404).send({ message: `There is no flow "${request.params.flow}".` });
    return privatePage(reply).send({ flow: request.params.flow, changes: (await flowHistory(context.db, request.params.flow)).map(historyEntry) });
  });
}
