/**
 * GET /api/marketplace/:flowId/:version/:stepId: sends a marketplace frame on to the partner's page, with only
 * the non-personal answers the step passes on. The partner's origin can be set per partner (MARKETPLACE_ORIGINS),
 * and the Content Security Policy's frame-src is built from the same addresses.
 */
import type { FastifyInstance } from "fastify";
import { kindOf } from "../../engine/core/kinds/registry";
import { marketplaceUrl, partnerAddress } from "../../engine/core/marketplaceUrl";
import type { FlowCatalog } from "../flowCatalog";

/** What the marketplace route needs. */
export interface MarketplaceRoutesOptions {
  flows: FlowCatalog;
  /** A partner's marketplace origin to use instead of the one its flows name, by partner. */
  origins: Readonly<Record<string, string>>;
}

interface Params {
  flowId: string;
  version: string;
  stepId: string;
}

/** The marketplace route. */
export default async function marketplaceRoutes(fastify: FastifyInstance, { flows, origins }: MarketplaceRoutesOptions): Promise<void> {
  fastify.get<{ Params: Params; Querystring: Record<string, string> }>("/api/marketplace/:flowId/:version/:stepId", async (request, reply) => {
    const { flowId, version, stepId } = request.params;
    const flow = /^[1-9][0-9]*$/.test(version) ? flows.getFlow(flowId, Number(version)) : undefined;
    const step = flow?.steps.find((s) => s.id === stepId);
    // Only a step whose kind frames a partner's page has somewhere to send the frame.
    const frame = step ? kindOf(step).partnerFrame?.(step) : undefined;
    if (!frame) return reply.code(404).send({ code: "4", message: "Not found" });
    reply.header("cache-control", "no-store");
    return reply.redirect(marketplaceUrl(partnerAddress(frame, origins), frame.passFields, request.query), 302);
  });
}
