/** The body of POST /api/leads for a flow's answers (schemas/lead.schema.json). */
import { consentShown } from "../../engine/core/submitStep";
import type { Answers, FlowDocument } from "../../engine/core/types";
import type { ContactConsent, LeadSubmission } from "../../schemas/generated/lead";
import { readHoneypot } from "./Honeypot";

/** What the quote page knows about the visit beyond the answers. */
export interface SubmissionContext {
  testMode: boolean;
  /** An unknown `?v=` the visitor arrived with. */
  unknownRequestedVersion?: string;
  /** The server's signed start token (GET /api/start-token), from which it measures the fill time. */
  startToken?: string;
  /** The honeypot's value; read from the page's <Honeypot /> when not given. */
  honeypot?: string;
  /** The partners named beside the submit button, by name (GET /api/partners?service=…); a lead goes to no partner it did not name. */
  buyers?: string[];
  /** The privacy notice version the consent wording links to. */
  privacyNoticeVersion?: string;
  /** The wording shown beside the submit button; the consentText of the submit step on the answers' path when not given. */
  consentText?: string;
}

/** The envelope for these answers. */
export function leadEnvelope(flow: FlowDocument, answers: Answers, context: SubmissionContext): LeadSubmission {
  const honeypot = context.honeypot ?? readHoneypot();
  const contactConsent = consentGiven(flow, answers, context);
  return {
    flowId: flow.id,
    version: flow.version,
    answers: withoutEmpty(answers),
    ...(context.unknownRequestedVersion ? { tracking: { user: { requestedVersion: context.unknownRequestedVersion } } } : {}),
    ...(context.testMode ? { testMode: true } : {}),
    ...(context.startToken ? { startToken: context.startToken } : {}),
    ...(honeypot ? { honeypot } : {}),
    ...(contactConsent ? { contactConsent } : {}),
  };
}

/** What the visitor agreed to by submitting: the wording beside the submit button and the partners it named. */
function consentGiven(flow: FlowDocument, answers: Answers, context: SubmissionContext): ContactConsent | undefined {
  const wording = context.consentText ?? consentShown(flow, answers);
  if (!wording) return undefined;
  return {
    wording,
    ...(context.privacyNoticeVersion ? { privacyNoticeVersion: context.privacyNoticeVersion } : {}),
    ...(context.buyers ? { buyers: context.buyers } : {}),
  };
}

/** Answers the visitor left empty are not sent at all. */
function withoutEmpty(answers: Answers): Answers {
  return Object.fromEntries(Object.entries(answers).filter(([, v]) => v !== undefined && v !== "")) as Answers;
}
