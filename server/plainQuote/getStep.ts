/** GET `?step=` of a quote without scripts: the kept state drawn at the step asked for, or where to go instead. */
import type { FastifyRequest } from "fastify";
import { quotePath } from "../../engine/core/quotePaths";
import { STEP_PARAM } from "../../engine/core/servedStep";
import type { FlowDocument } from "../../engine/core/types";
import { goBack } from "../../engine/core/walkFlow";
import { load } from "./keptState";
import { pageOf, type StepPage } from "./pageModel";
import type { PlainQuoteOptions } from "./plainOptions";
import { sessionOf } from "./sessionCookie";
import { keptQuery, queryOf, stepUrl } from "./stepAddress";
import { withStoredLead } from "./storedLead";

/** The page for GET `?step=`, or where to send the visitor instead (no kept state, a step not on the path). */
export async function stepPage(options: PlainQuoteOptions, request: FastifyRequest, pageFlow: FlowDocument): Promise<StepPage | { redirect: string }> {
  const query = keptQuery(request);
  const asked = queryOf(request).get(STEP_PARAM) ?? "";
  const session = sessionOf(request);
  const sessionId = typeof session === "object" ? session.id : undefined;
  const loaded = sessionId ? await load(options, sessionId, pageFlow.id) : undefined;
  // Drawn as the store has it: a lead stored under the quote's key is shown, even if the state kept has not heard yet.
  const kept = sessionId && loaded ? await withStoredLead(options, sessionId, loaded) : undefined;
  if (!kept) return { redirect: `${quotePath(pageFlow.path)}${query ? `?${query}` : ""}` };
  const { state, revision, flow } = kept;
  // A step on the path taken so far shows with the answers given (the browser's Back); any other, the current one.
  let walk = state.walk;
  while (walk.stepId !== asked && walk.history.includes(asked) && !state.result) walk = goBack(walk);
  if (walk.stepId !== asked) return { redirect: stepUrl(flow, state.walk.stepId, query) };
  return pageOf(options, flow, { ...state, walk, errors: walk === state.walk ? state.errors : [] }, revision, query);
}
