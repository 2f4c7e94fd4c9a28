/**
 * A quote filled in without the page's script. Every step is a plain `<form method="post">` back to the quote page:
 * the server reads it through the step kind's module (`plainForm`), checks it with the step's schema, moves the flow
 * on with the engine's own state machine (engine/core/quoteFlow.ts, the same transitions the browser runs), keeps
 * the state, and answers 303 to the next step's address (`?step=spend`). A GET of that address draws the step on the
 * server through the same React components (server/plainQuote/stepPages.ts).
 *
 * Where the answers live: in the database, by a random session id in a signed, HttpOnly cookie (`_sp_quote`), one row
 * per flow, deleted a day after its last change; never in a URL. Each form carries the revision of the state it was
 * drawn from. A changed cookie or form, a form from a state that has moved on past it, or one sent again after the
 * lead is in gets a clear message and changes nothing.
 *
 * The halves live beside this file, one idea each: the cookie (sessionCookie.ts), the kept state (keptState.ts), the
 * page model (pageModel.ts), the lead (sendLead.ts), a GET (getStep.ts) and a post (postStep.ts).
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FlowDocument } from "../../engine/core/types";
import { stepPage } from "./getStep";
import { keptCopies } from "./keptCopies";
import type { StepPage } from "./pageModel";
import type { PlainQuoteOptions } from "./plainOptions";
import { postStep } from "./postStep";

export { PLAIN_NOTICES } from "./plainNotices";
export { QUOTE_SESSION_COOKIE } from "./sessionCookie";
export type { PlainState } from "./keptState";
export type { StepPage } from "./pageModel";
export type { PlainQuoteOptions } from "./plainOptions";

/** The plain quote's two halves: a step to draw for a GET, and the answer to a posted step. */
export interface PlainQuote {
  /** The page for GET `?step=`, or where to send the visitor instead (no kept state, a step not on the path). */
  stepPage(request: FastifyRequest, flow: FlowDocument): Promise<StepPage | { redirect: string }>;
  /** Takes a posted step: where to go next (303), or a page to draw with a notice (nothing kept). */
  postStep(request: FastifyRequest, reply: FastifyReply, flow: FlowDocument, version: (otherFlowId?: string) => Promise<number>): Promise<StepPage | { redirect: string }>;
}

/** The plain quote over the given store, flows and lead intake. */
export function plainQuote(given: PlainQuoteOptions): PlainQuote {
  const options = { ...given, copies: given.copies ?? keptCopies() };
  return {
    stepPage: (request, flow) => stepPage(options, request, flow),
    postStep: (request, reply, flow, version) => postStep(options, request, reply, flow, version),
  };
}
