/** The lead of a quote filled in without scripts, sent the way the page's script sends it. */
import type { FastifyRequest } from "fastify";
import type { PostedForm } from "../../engine/core/kinds/stepKind";
import { PRIVACY_NOTICE_VERSION } from "../../engine/core/legalVersions";
import { HONEYPOT_FIELD } from "../../engine/core/servedStep";
import { ANALYTICS_COOKIE, MARKETING_COOKIE } from "../../engine/core/siteCookies";
import { consentShown } from "../../engine/core/submitStep";
import type { Answers, FlowDocument } from "../../engine/core/types";
import type { LeadResponse, LeadSubmission } from "../../schemas/generated/lead";
import { visitOf } from "../experiments/visits";
import { takeLead } from "../leads/takeLead";
import type { PlainState } from "./keptState";
import { partnersOf } from "./pageModel";
import type { PlainQuoteOptions } from "./plainOptions";
import { isTestVisit } from "./stepAddress";

/**
 * What sending the lead came to: the server's answer (none when it failed on our side), and, when another copy of the
 * submit step's form had stored the quote's lead with other answers, the answers that lead was sent with.
 */
export interface SentLead {
  result?: LeadResponse;
  sentAnswers?: Answers;
}

/** Sends the lead the way the page's script would, with what this server knows of the visit. */
export async function sendLead(options: PlainQuoteOptions, request: FastifyRequest, flow: FlowDocument, state: PlainState, posted: PostedForm): Promise<SentLead> {
  const { now } = options;
  const buyers = partnersOf(options, flow).map((p) => p.name);
  const wording = consentShown(flow, state.answers, buyers);
  const honeypot = posted.value(HONEYPOT_FIELD);
  const submission: LeadSubmission = {
    flowId: flow.id,
    version: flow.version,
    answers: Object.fromEntries(Object.entries(state.answers).filter(([, v]) => v !== undefined && v !== "")) as LeadSubmission["answers"],
    startToken: state.startToken,
    ...(state.leadKey ? { submissionKey: state.leadKey } : {}),
    consent: { analytics: request.cookies[ANALYTICS_COOKIE] === "1", marketing: request.cookies[MARKETING_COOKIE] === "1" },
    ...(isTestVisit(request) ? { testMode: true } : {}),
    ...(honeypot ? { honeypot } : {}),
    ...(wording ? { contactConsent: { wording, privacyNoticeVersion: PRIVACY_NOTICE_VERSION, buyers } } : {}),
  };
  // A quote whose earlier questions were answered elsewhere (the chooser, a landing page) can reach its submit step
  // within the minimum fill time: as the page's script does, the lead waits out the rest rather than be dropped.
  const wait = options.taking.minFillMs - (now().getTime() - state.startedAt);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(wait, options.taking.minFillMs) + 50));
  const answeredAt = Object.fromEntries(Object.entries(state.answeredAt ?? {}).map(([stepId, at]) => [stepId, new Date(at).toISOString()]));
  const { status, answer, keyTook } = await takeLead(options.taking, submission, { visitId: visitOf(request), requestId: request.id, entry: "plain-forms", answeredAt }, request.log);
  // The quote's key took its lead from another copy of this form: that lead is the one sent, whatever this copy says.
  if (keyTook) return { result: keyTook.answer, sentAnswers: keyTook.answers };
  return status === 503 ? {} : { result: answer };
}
