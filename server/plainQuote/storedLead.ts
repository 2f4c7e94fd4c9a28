/**
 * Whatever is stored, every answer agrees with it. A quote's lead is stored under the key its kept state holds
 * (`leadKey`), and from then on that lead is the truth: the state the lead's own request kept may lose its race to
 * another form (an invalid copy of the submit step, the quote started again from its first question), or never be
 * written (the server stopped between the two). So the request that sent the lead keeps its state, which knows the
 * lead, over any other; and a state found at its submit step without a lead is checked against the store before an
 * answer is drawn from it. Either way the kept state ends knowing the lead, and every form leads to its success page.
 */
import { isSubmitStep } from "../../engine/core/submitStep";
import type { FlowDocument } from "../../engine/core/types";
import { stepById } from "../../engine/core/walkFlow";
import { leadTakenBefore } from "../leads/takenBefore";
import { withAppliedForm, withFormsOf } from "./formOnce";
import { fromMachine, keep, load, run, type KeptQuote, type PlainState } from "./keptState";
import type { PlainQuoteOptions } from "./plainOptions";

/** How often a state that knows the lead is written again over others that keep landing first. */
const KEEP_ATTEMPTS = 10;

/**
 * Keeps `state`, which knows the quote's lead, over whatever another request kept meanwhile (unless that knows a lead
 * already), with the forms both applied, so copies of either are still copies. Returns what is kept.
 */
export async function keepKnownLead(options: PlainQuoteOptions, sessionId: string, flow: FlowDocument, state: PlainState): Promise<KeptQuote> {
  for (let attempt = 0; attempt < KEEP_ATTEMPTS; attempt++) {
    const current = await load(options, sessionId, flow.id);
    if (current?.state.result) return current;
    const known = withFormsOf(state, current?.state);
    const read = current?.revision ?? 0;
    if (await keep(options, sessionId, flow.id, read, known)) return { flow, state: known, revision: read + 1 };
  }
  throw new Error(`The quote state of ${flow.id} kept moving while its stored lead was being kept`);
}

/**
 * The kept state as the store has it: one at its submit step without a lead, whose key took one, is moved on by that
 * lead (its answer, and the answers it was sent with) and kept so; the submit step's form it was drawn from counts as
 * applied, so a copy of it goes to the success page too.
 */
export async function withStoredLead(options: PlainQuoteOptions, sessionId: string, kept: KeptQuote): Promise<KeptQuote> {
  const { flow, state, revision } = kept;
  if (state.result || !state.leadKey || !isSubmitStep(stepById(flow, state.walk.stepId))) return kept;
  const lead = await leadTakenBefore(options.taking.intake, state.leadKey);
  if (!lead) return kept;
  const atSubmit = withAppliedForm({ ...state, answers: { ...state.answers, ...lead.answers }, errors: [] }, state.walk.stepId, revision);
  return keepKnownLead(options, sessionId, flow, fromMachine(atSubmit, run(atSubmit, flow, { type: "submitted", result: lead.answer }).state));
}
