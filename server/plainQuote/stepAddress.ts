/** The quote page's address as the plain quote reads and writes it: its query, its test mark and a step's address. */
import type { FastifyRequest } from "fastify";
import { quotePath } from "../../engine/core/quotePaths";
import { STEP_PARAM } from "../../engine/core/servedStep";
import { testModeOf } from "../../engine/core/testMode";
import type { FlowDocument } from "../../engine/core/types";

/** The request's query. */
export function queryOf(request: FastifyRequest): URLSearchParams {
  return new URL(request.url, "http://x").searchParams;
}

/** A test visit (`tm`), whose lead is stored as a test and whose steps are not counted. */
export function isTestVisit(request: FastifyRequest): boolean {
  return testModeOf(queryOf(request).get("tm")) === true;
}

/** The query the page keeps in its links: the address's own, without the step. */
export function keptQuery(request: FastifyRequest): string {
  const params = queryOf(request);
  params.delete(STEP_PARAM);
  return params.toString();
}

/** The address of a flow's step, with the kept query. */
export function stepUrl(flow: FlowDocument, stepId: string, query: string): string {
  const params = new URLSearchParams(query);
  params.set(STEP_PARAM, stepId);
  return `${quotePath(flow.path)}?${params.toString()}`;
}
