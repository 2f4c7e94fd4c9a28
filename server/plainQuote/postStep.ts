/**
 * A posted step of a quote without scripts: read through the step kind's module (`plainForm`), checked with the
 * step's schema, moved on with the engine's state machine, kept, and answered with the next step's address.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { pickAnswers } from "../../engine/core/answers";
import { carriedAnswers, handingFlowAddress } from "../../engine/core/carryOver";
import { kindOf } from "../../engine/core/kinds/registry";
import type { PostedForm } from "../../engine/core/kinds/stepKind";
import { toFieldErrors } from "../../engine/core/messages";
import type { QuoteFlowEffect } from "../../engine/core/quoteFlow";
import { quotePath } from "../../engine/core/quotePaths";
import { REVISION_FIELD, STEP_FIELD } from "../../engine/core/servedStep";
import { answersSchema, stepFields } from "../../engine/core/stepSchema";
import type { FlowDocument } from "../../engine/core/types";
import { goBack, stepById } from "../../engine/core/walkFlow";
import { deleteStaleQuoteSessions } from "../storage/quoteSessionsStore";
import { isStoreOutage } from "../storage/storeErrors";
import { arrive, lookUp } from "./addressLookup";
import { countStep } from "./countStep";
import { isAppliedForm, isTooOldForm, withAppliedForm } from "./formOnce";
import { freshState, fromMachine, keep, load, run, type PlainState } from "./keptState";
import { pageOf, startAgain, type StepPage } from "./pageModel";
import { PLAIN_NOTICES } from "./plainNotices";
import type { PlainQuoteOptions } from "./plainOptions";
import { sendLead } from "./sendLead";
import { sessionOf, startSession } from "./sessionCookie";
import { keepKnownLead, withStoredLead } from "./storedLead";
import { keptQuery, stepUrl } from "./stepAddress";

/** Takes a posted step: where to go next (303), or a page to draw with a notice (nothing kept). */
export async function postStep(
  options: PlainQuoteOptions,
  request: FastifyRequest,
  reply: FastifyReply,
  pageFlow: FlowDocument,
  version: (otherFlowId?: string) => Promise<number>,
): Promise<StepPage | { redirect: string }> {
  const { db, flows, check, now } = options;
  const query = keptQuery(request);
  const body = request.body && typeof request.body === "object" ? (request.body as URLSearchParams) : new URLSearchParams();
  const posted: PostedForm = { value: (name) => body.get(name) ?? undefined, values: (name) => body.getAll(name) };
  const stepId = posted.value(STEP_FIELD) ?? "";
  const revisionText = posted.value(REVISION_FIELD) ?? "";
  const session = sessionOf(request);
  // The version this page serves the visit: asked only when the quote starts (or starts again), not on every step.
  const pageDefault = async () => flows.getFlow(pageFlow.id, await version()) ?? pageFlow;
  if (session === "changed" || !/^(0|[1-9][0-9]{0,8})$/.test(revisionText)) return startAgain(options, await pageDefault(), query, 400, PLAIN_NOTICES.changed);
  const postedRevision = Number(revisionText);
  const sessionId = typeof session === "object" ? session.id : undefined;
  const kept = sessionId ? await load(options, sessionId, pageFlow.id) : undefined;

  let flow: FlowDocument;
  let state: PlainState;
  let read: number;
  if (postedRevision === 0) {
    // The form of a page drawn before any state was kept: the flow's first question, as the build drew it.
    flow = await pageDefault();
    if (stepId !== flow.start) return startAgain(options, flow, query, 400, PLAIN_NOTICES.changed);
    if (kept && isAppliedForm(kept.state, stepId, 0)) return { redirect: stepUrl(kept.flow, kept.state.walk.stepId, query) };
    state = { ...freshState(options, flow), applied: kept?.state.applied ?? [] };
    state.walk = { stepId: flow.start, history: [] };
    read = kept?.revision ?? 0;
  } else {
    if (!kept) return startAgain(options, await pageDefault(), query, 409, PLAIN_NOTICES.ended);
    ({ flow, state } = kept);
    read = kept.revision;
    if (postedRevision > read || !flow.steps.some((s) => s.id === stepId)) return pageOf(options, flow, state, read, query, 400, PLAIN_NOTICES.changed);
    // A copy of a form already applied (a double click, a resent post) moves nothing: the page of where the visitor is.
    if (isAppliedForm(state, stepId, postedRevision)) return { redirect: stepUrl(flow, state.walk.stepId, query) };
    if (isTooOldForm(postedRevision, read)) return pageOf(options, flow, state, read, query, 409, PLAIN_NOTICES.movedOn);
    if (state.result && stepId !== state.walk.stepId) return pageOf(options, flow, state, read, query, 409, PLAIN_NOTICES.sent);
    // A step on the path taken so far (the browser's Back, then a new answer) is answered again from there.
    let walk = state.walk;
    while (walk.stepId !== stepId && walk.history.includes(stepId)) walk = goBack(walk);
    if (walk.stepId !== stepId) return pageOf(options, flow, state, read, query, 409, PLAIN_NOTICES.movedOn);
    state = { ...state, walk };
  }

  const step = stepById(flow, stepId);
  const submission = kindOf(step).plainForm(step, posted, { answers: state.answers, ...(state.lookup ? { lookup: state.lookup } : {}) });
  const effects: QuoteFlowEffect[] = [];
  if (submission.type === "redraw") {
    state = { ...state, answers: { ...state.answers, ...submission.patch }, errors: submission.errors ?? [] };
    if (submission.lookup !== undefined) state.lookup = await lookUp(options, submission.lookup, request);
  } else if (submission.type === "switchService") {
    effects.push(...run(state, flow, { type: "switchService", flowId: submission.flowId }).effects);
  } else {
    const answers = { ...state.answers, ...submission.patch };
    const fields = stepFields(step, answers);
    const errors = toFieldErrors(check(answersSchema(step, answers), pickAnswers(answers, fields)), step.id, fields);
    if (errors.length > 0) state = { ...state, answers, errors };
    else {
      if (postedRevision === 0) await countStep(options, request, flow, flow.start);
      // Answered now, by the server's clock: the consent certificate's form.steps.
      state = { ...state, answeredAt: { ...state.answeredAt, [step.id]: now().getTime() } };
      const moved = run(state, flow, { type: "next", patch: submission.patch });
      state = fromMachine(state, moved.state);
      for (const effect of moved.effects) {
        if (effect.type !== "submitLead") {
          effects.push(effect);
          continue;
        }
        const { result, sentAnswers } = await sendLead(options, request, flow, state, posted);
        // Another copy of this form sent the quote's lead with other answers: the state shows the answers sent.
        if (sentAnswers) state = { ...state, answers: { ...state.answers, ...sentAnswers } };
        const after = run(state, flow, { type: "submitted", ...(result ? { result } : {}) });
        state = fromMachine(state, after.state);
        effects.push(...after.effects);
      }
    }
  }

  // Another flow starts (a service chosen, or a question that leads into another flow): its own kept state.
  const start = effects.find((e) => e.type === "startFlow");
  if (start?.type === "startFlow") {
    const target = flows.corpus().flows.find((f) => f.id === start.flowId);
    const targetFlow = target?.defaultVersion === undefined ? undefined : flows.getFlow(target.id, await version(target.id));
    if (targetFlow) {
      // The other flow's address keeps a test visit's mark, not this flow's preview.
      const tm = new URLSearchParams(query).get("tm");
      const targetQuery = tm === null ? "" : new URLSearchParams({ tm }).toString();
      const back = start.from ? handingFlowAddress(quotePath(flow.path), start.from.answers) : undefined;
      const id = sessionId ?? startSession(request, reply);
      const targetKept = await load(options, id, targetFlow.id);
      const fresh = { ...freshState(options, targetFlow, carriedAnswers(start.answers), back), applied: targetKept?.state.applied ?? [] };
      const next = await arrive(options, fresh, targetFlow, request);
      if (!(await keep(options, id, targetFlow.id, targetKept?.revision ?? 0, next))) {
        return startAgain(options, targetFlow, targetQuery, 409, PLAIN_NOTICES.movedOn);
      }
      await countStep(options, request, targetFlow, next.walk.stepId);
      return { redirect: stepUrl(targetFlow, next.walk.stepId, targetQuery) };
    }
  }

  if (effects.some((e) => e.type === "track" && e.event.type === "step")) state = await arrive(options, state, flow, request);
  state = withAppliedForm(state, stepId, postedRevision);
  const id = sessionId ?? startSession(request, reply);
  let written: boolean;
  try {
    written = await keep(options, id, flow.id, read, state);
  } catch (error) {
    // The store went away with the quote's lead taken (held in the spool, or stored just before): its success page,
    // drawn here as the state cannot be kept. The store keeps the quote at its submit step with the lead's key, so the
    // form sent again is answered by the same lead and stores no other.
    if (state.result && isStoreOutage(error)) return pageOf(options, flow, state, read, query);
    throw error;
  }
  if (!written) {
    // Another request moved the state on meanwhile. This one sent the quote's lead (or learnt of it): its state, which
    // knows the lead, is kept over the other (server/plainQuote/storedLead.ts).
    if (state.result) ({ flow, state } = await keepKnownLead(options, id, flow, state));
    else {
      // Once the quote's lead is in, and for a copy of this form (a double click), the answer is where the visitor is
      // now, as the first copy's was; any other form is out of date.
      const loaded = await load(options, id, flow.id);
      const current = loaded && (await withStoredLead(options, id, loaded));
      if (current && (current.state.result || isAppliedForm(current.state, stepId, postedRevision))) return { redirect: stepUrl(current.flow, current.state.walk.stepId, query) };
      return current ? pageOf(options, current.flow, current.state, current.revision, query, 409, PLAIN_NOTICES.movedOn) : startAgain(options, flow, query, 409, PLAIN_NOTICES.ended);
    }
  } else if (!state.result) {
    // A copy of the submit step's form racing this one may have stored the quote's lead meanwhile: then it is shown.
    ({ flow, state } = await withStoredLead(options, id, { flow, state, revision: read + 1 }));
  }
  if (read === 0 && Math.random() < 0.05) void deleteStaleQuoteSessions(db, now()).catch(() => undefined);
  for (const effect of effects) if (effect.type === "track" && effect.event.type === "step") await countStep(options, request, flow, effect.event.stepId);
  return { redirect: stepUrl(flow, state.walk.stepId, query) };
}
