/** Step reach without scripts: the server counts a step as the browser's step beacon would. */
import type { FastifyRequest } from "fastify";
import type { FlowDocument } from "../../engine/core/types";
import { assignVisit } from "../experiments/assignVersion";
import { isUncountedFetch, visitOf } from "../experiments/visits";
import { recordStepReach } from "../storage/experimentStore";
import { visitWasServed } from "../storage/visitProgressStore";
import type { PlainQuoteOptions } from "./plainOptions";
import { isTestVisit } from "./stepAddress";

/** Counts a step reached by a visit the experiment counts, as the browser's step beacon would: only in a flow the visit was served this period. */
export async function countStep(options: PlainQuoteOptions, request: FastifyRequest, flow: FlowDocument, stepId: string): Promise<void> {
  const visitId = visitOf(request);
  if (!visitId || isTestVisit(request) || isUncountedFetch(request)) return;
  const corpusFlow = options.flows.corpus().flows.find((f) => f.id === flow.id);
  const assigned = corpusFlow && assignVisit(corpusFlow, visitId);
  if (assigned?.version !== flow.version) return;
  const visit = { flowId: flow.id, periodId: assigned.period.id, visitId };
  if (await visitWasServed(options.db, visit)) await recordStepReach(options.db, { ...visit, stepId });
}
