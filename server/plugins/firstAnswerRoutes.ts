/**
 * POST /api/quote/first-answer: a quote page's first question, answered before the page's script ran (a plain
 * form). Goes back (303) to the flow's quote page with the choice in the query, beside the query the page had
 * (campaign parameters, a test visit), where the page's script takes it as the answer (site/quote/prefill.ts).
 */
import type { FastifyInstance } from "fastify";
import { FIRST_ANSWER_ROUTE, firstQuestion } from "../../engine/core/firstAnswer";
import { quotePath } from "../../engine/core/quotePaths";
import type { FlowCatalog } from "../flowCatalog";
import { postedFromAnotherSite } from "../security/crossSitePost";

const FORM_TYPE = "application/x-www-form-urlencoded";

/** What the first-answer route needs. */
export interface FirstAnswerRoutesOptions {
  flows: FlowCatalog;
}

/** The query of the page the form was on, when the Referer is that quote page on this host. */
function pageQuery(referer: string | undefined, host: string, path: string): URLSearchParams {
  const url = referer && URL.canParse(referer) ? new URL(referer) : undefined;
  return url && url.host === host && url.pathname === path ? url.searchParams : new URLSearchParams();
}

/** The first-answer route. */
export default async function firstAnswerRoutes(fastify: FastifyInstance, { flows }: FirstAnswerRoutesOptions): Promise<void> {
  fastify.addContentTypeParser(FORM_TYPE, { parseAs: "string", bodyLimit: 2048 }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));

  fastify.post<{ Body: Record<string, string> }>(FIRST_ANSWER_ROUTE, async (request, reply) => {
    const form = request.body && typeof request.body === "object" ? request.body : {};
    const flowId = String(form.flow ?? "");
    // The version the page was drawn with, else the flow's default (the choice is checked against either).
    const requested = /^[1-9][0-9]*$/.test(String(form.version)) ? flows.getFlow(flowId, Number(form.version)) : undefined;
    const fallback = flows.defaultVersion(flowId);
    const flow = requested ?? (fallback === undefined ? undefined : flows.getFlow(flowId, fallback));
    if (!flow) return reply.code(404).send({ code: "4", message: "Not found" });
    const path = quotePath(flow.path);
    const query = new URLSearchParams(pageQuery(request.headers.referer, request.host, path));
    const question = firstQuestion(flow);
    const value = question ? form[question.field] : undefined;
    // Another site's page may not answer for the visitor; no choice (Next alone) goes back to the question.
    if (question && value && question.values.includes(value) && !postedFromAnotherSite(request)) query.set(question.field, value);
    const search = query.toString();
    return reply.header("cache-control", "no-store").redirect(`${path}${search ? `?${search}` : ""}`, 303);
  });
}
