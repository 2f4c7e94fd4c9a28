/** The body of POST /api/leads for a flow's answers (schemas/lead.schema.json). */
import type { Answers, FlowDocument } from "../../engine/core/types";
import type { LeadSubmission } from "../../schemas/generated/lead";

export interface SubmissionContext {
  testMode: boolean;
  /** An unknown `?v=` the visitor arrived with. */
  unknownRequestedVersion?: string;
}

export function leadEnvelope(flow: FlowDocument, answers: Answers, context: SubmissionContext): LeadSubmission {
  return {
    flowId: flow.id,
    version: flow.version,
    answers: withoutEmpty(answers),
    ...(context.unknownRequestedVersion ? { tracking: { user: { requestedVersion: context.unknownRequestedVersion } } } : {}),
    ...(context.testMode ? { testMode: true } : {}),
  };
}

/** Answers the visitor left empty are not sent at all. */
function withoutEmpty(answers: Answers): Answers {
  return Object.fromEntries(Object.entries(answers).filter(([, v]) => v !== undefined && v !== "")) as Answers;
}
