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
 */
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Deal } from "../../schemas/generated/deals";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { pickAnswers } from "../../engine/core/answers";
import { carriedAnswers, handingFlowAddress } from "../../engine/core/carryOver";
import { kindOf } from "../../engine/core/kinds/registry";
import type { AddressLookup, PostedForm } from "../../engine/core/kinds/stepKind";
import { PRIVACY_NOTICE_VERSION } from "../../engine/core/legalVersions";
import { toFieldErrors } from "../../engine/core/messages";
import { initialState, transition, type QuoteFlowEffect, type QuoteFlowInput, type QuoteFlowState, type ServedFlowState } from "../../engine/core/quoteFlow";
import { quotePath } from "../../engine/core/quotePaths";
import { HONEYPOT_FIELD, REVISION_FIELD, STEP_FIELD, STEP_PARAM, type ServedStep } from "../../engine/core/servedStep";
import { ANALYTICS_COOKIE, MARKETING_COOKIE } from "../../engine/core/siteCookies";
import { stepFields, stepSchema } from "../../engine/core/stepSchema";
import { consentShown } from "../../engine/core/submitStep";
import { testModeOf } from "../../engine/core/testMode";
import type { Answers, FlowDocument, SchemaCheck } from "../../engine/core/types";
import { goBack, stepById, walkPastAnswered } from "../../engine/core/walkFlow";
import type { LeadResponse, LeadSubmission } from "../../schemas/generated/lead";
import { AddressLookupError, type AddressProvider } from "../addresses/addressProvider";
import type { BuyerDirectory } from "../buyers/buyerDirectory";
import { assignVisit } from "../experiments/assignVersion";
import { isUncountedFetch, visitOf } from "../experiments/visits";
import type { FlowCatalog } from "../flowCatalog";
import type { OpeningHours } from "../hours/openingHours";
import { takeLead, type LeadTaking } from "../leads/takeLead";
import { recordStepReach } from "../storage/experimentStore";
import { deleteStaleQuoteSessions, readQuoteSession, writeQuoteSession } from "../storage/quoteSessionsStore";
import type { Database } from "../storage/schema";
import type { ServiceType } from "../../engine/core/types";

/** The session cookie's name (listed in the privacy policy's cookie table as strictly necessary). */
export const QUOTE_SESSION_COOKIE = "_sp_quote";


/** What the visitor is told when a form cannot be taken. */
export const PLAIN_NOTICES = {
  changed: "Your answers could not be checked, so nothing was saved. Please start again.",
  ended: "Your answers are no longer saved (they are kept for a day, and only while cookies are allowed). Nothing was saved from that page. Please start again.",
  movedOn: "That page was out of date, so nothing was saved from it. You are back where you left off.",
  sent: "Your details have already been sent, so nothing was saved from that page.",
  otherSite: "This form was sent from another website, so nothing was saved.",
} as const;

/** The kept state of one flow in one session: what a served step shows, and what the server alone needs. */
export interface PlainState extends ServedFlowState {
  version: number;
  lookup?: AddressLookup;
  /** The server's signed start, issued as the quote began: the lead's fill time is measured from it. */
  startToken: string;
  /** When it was issued (ms since the epoch). */
  startedAt: number;
  started: boolean;
}

/** What the plain quote needs. */
export interface PlainQuoteOptions {
  db: Kysely<Database>;
  flows: FlowCatalog;
  check: SchemaCheck;
  taking: LeadTaking;
  addresses: AddressProvider;
  buyers: BuyerDirectory;
  siteHours: OpeningHours;
  /** The forms folder, whose deals files a deals step shows. */
  formsDir: string;
  now: () => Date;
}

/** The page to draw: the flow's version, the state to show and its revision, a status and a notice. */
export interface StepPage {
  flow: FlowDocument;
  served: ServedStep;
  status: number;
}

/** A session's cookie: its id, none, or one we did not sign as a quote session cookie (changed by hand, or another cookie's value). */
type SessionCookie = { id: string } | "none" | "changed";

const SESSION_ID = /^[A-Za-z0-9_-]{22}$/;

/** The plain quote's two halves: a step to draw for a GET, and the answer to a posted step. */
export interface PlainQuote {
  /** The page for GET `?step=`, or where to send the visitor instead (no kept state, a step not on the path). */
  stepPage(request: FastifyRequest, flow: FlowDocument): Promise<StepPage | { redirect: string }>;
  /** Takes a posted step: where to go next (303), or a page to draw with a notice (nothing kept). */
  postStep(request: FastifyRequest, reply: FastifyReply, flow: FlowDocument, version: (otherFlowId?: string) => Promise<number>): Promise<StepPage | { redirect: string }>;
}

export function plainQuote(options: PlainQuoteOptions): PlainQuote {
  const { db, flows, check, now } = options;

  const sessionOf = (request: FastifyRequest): SessionCookie => {
    const unsigned = request.signedCookie(QUOTE_SESSION_COOKIE);
    if (unsigned === undefined) return "none";
    return unsigned.valid && SESSION_ID.test(unsigned.value) ? { id: unsigned.value } : "changed";
  };

  const startSession = (request: FastifyRequest, reply: FastifyReply): string => {
    const id = randomBytes(16).toString("base64url");
    // A session cookie (gone when the browser closes); the server forgets the answers a day after their last change.
    reply.setSignedCookie(QUOTE_SESSION_COOKIE, id, { path: "/quote", httpOnly: true, sameSite: "lax", secure: request.protocol === "https" });
    return id;
  };

  const load = async (sessionId: string, flowId: string) => {
    const stored = await readQuoteSession(db, sessionId, flowId, now());
    if (!stored) return undefined;
    const state = JSON.parse(stored.state) as PlainState;
    const flow = flows.getFlow(flowId, state.version);
    return flow ? { state, revision: stored.revision, flow } : undefined;
  };

  /** The query the page keeps in its links: the address's own, without the step. */
  const keptQuery = (request: FastifyRequest): string => {
    const params = queryOf(request);
    params.delete(STEP_PARAM);
    return params.toString();
  };

  const stepUrl = (flow: FlowDocument, stepId: string, query: string) => {
    const params = new URLSearchParams(query);
    params.set(STEP_PARAM, stepId);
    return `${quotePath(flow.path)}?${params.toString()}`;
  };

  /** The partners a flow's leads may go to, once each: named in the consent wording the page shows and the lead records. */
  const partnersOf = (flow: FlowDocument): Array<{ name: string; phone: string }> =>
    flow.serviceType ? [...new Map(options.buyers.forService(flow.serviceType as ServiceType).map((b) => [b.name, { name: b.name, phone: b.phone }])).values()] : [];

  /** The offers of the deals files a flow's steps name, read from the forms folder as the build bundles them. */
  const dealsOf = async (flow: FlowDocument): Promise<Record<string, Deal[]>> => {
    const names = [...new Set(flow.steps.flatMap((s) => ("deals" in s && typeof s.deals === "string" ? [s.deals] : [])))];
    const files = await Promise.all(names.map(async (name) => [name, ((JSON.parse(await readFile(path.join(options.formsDir, "deals", `${name}.json`), "utf8")) as { deals: Deal[] }).deals)] as const));
    return Object.fromEntries(files);
  };

  const pageOf = async (flow: FlowDocument, state: PlainState, revision: number, query: string, status = 200, notice?: string): Promise<StepPage> => {
    const deals = await dealsOf(flow);
    const partners = partnersOf(flow);
    const served: ServedStep = {
      walk: state.walk,
      answers: state.answers,
      errors: state.errors.filter((e) => !e.step || e.step === state.walk.stepId),
      revision,
      query,
      partners,
      open: options.siteHours.isOpen(now()),
      ...(state.lookup ? { lookup: state.lookup } : {}),
      ...(state.result ? { result: state.result } : {}),
      ...(state.back ? { back: state.back } : {}),
      ...(notice ? { notice } : {}),
      ...(Object.keys(deals).length > 0 ? { deals } : {}),
    };
    return { flow, served, status };
  };

  const freshState = (flow: FlowDocument, answers: Answers = {}, back?: string): PlainState => ({
    version: flow.version,
    walk: walkPastAnswered(flow, answers),
    answers,
    errors: [],
    startToken: options.taking.startTokens.issue(now()),
    startedAt: now().getTime(),
    started: false,
    ...(back ? { back } : {}),
  });

  /** A fresh start of the flow with a notice: nothing of the form that was posted is kept. */
  const startAgain = (flow: FlowDocument, query: string, status: number, notice: string): Promise<StepPage> =>
    pageOf(flow, freshState(flow), 0, query, status, notice);

  /** Counts a step reached by a visit the experiment counts, as the browser's step beacon would. */
  const countStep = async (request: FastifyRequest, flow: FlowDocument, stepId: string) => {
    const visitId = visitOf(request);
    if (!visitId || isTestVisit(request) || isUncountedFetch(request)) return;
    const corpusFlow = flows.corpus().flows.find((f) => f.id === flow.id);
    const assigned = corpusFlow && assignVisit(corpusFlow, visitId);
    if (assigned?.version === flow.version) await recordStepReach(db, { flowId: flow.id, periodId: assigned.period.id, visitId, stepId });
  };

  return {
    async stepPage(request, pageFlow) {
      const query = keptQuery(request);
      const asked = queryOf(request).get(STEP_PARAM) ?? "";
      const session = sessionOf(request);
      const kept = typeof session === "object" ? await load(session.id, pageFlow.id) : undefined;
      if (!kept) return { redirect: `${quotePath(pageFlow.path)}${query ? `?${query}` : ""}` };
      const { state, revision, flow } = kept;
      // A step on the path taken so far shows with the answers given (the browser's Back); any other, the current one.
      let walk = state.walk;
      while (walk.stepId !== asked && walk.history.includes(asked) && !state.result) walk = goBack(walk);
      if (walk.stepId !== asked) return { redirect: stepUrl(flow, state.walk.stepId, query) };
      return pageOf(flow, { ...state, walk, errors: walk === state.walk ? state.errors : [] }, revision, query);
    },

    async postStep(request, reply, pageFlow, version) {
      const query = keptQuery(request);
      const body = request.body && typeof request.body === "object" ? (request.body as URLSearchParams) : new URLSearchParams();
      const posted: PostedForm = { value: (name) => body.get(name) ?? undefined, values: (name) => body.getAll(name) };
      const stepId = posted.value(STEP_FIELD) ?? "";
      const revisionText = posted.value(REVISION_FIELD) ?? "";
      const session = sessionOf(request);
      // The version this page serves the visit: asked only when the quote starts (or starts again), not on every step.
      const pageDefault = async () => flows.getFlow(pageFlow.id, await version()) ?? pageFlow;
      if (session === "changed" || !/^(0|[1-9][0-9]{0,8})$/.test(revisionText)) return startAgain(await pageDefault(), query, 400, PLAIN_NOTICES.changed);
      const postedRevision = Number(revisionText);
      const sessionId = typeof session === "object" ? session.id : undefined;
      const kept = sessionId ? await load(sessionId, pageFlow.id) : undefined;

      let flow: FlowDocument;
      let state: PlainState;
      let read: number;
      if (postedRevision === 0) {
        // The form of a page drawn before any state was kept: the flow's first question, as the build drew it.
        flow = await pageDefault();
        if (stepId !== flow.start) return startAgain(flow, query, 400, PLAIN_NOTICES.changed);
        state = freshState(flow);
        state.walk = { stepId: flow.start, history: [] };
        read = kept?.revision ?? 0;
      } else {
        if (!kept) return startAgain(await pageDefault(), query, 409, PLAIN_NOTICES.ended);
        ({ flow, state } = kept);
        read = kept.revision;
        if (postedRevision > read || !flow.steps.some((s) => s.id === stepId)) return pageOf(flow, state, read, query, 400, PLAIN_NOTICES.changed);
        if (state.result && stepId !== state.walk.stepId) return pageOf(flow, state, read, query, 409, PLAIN_NOTICES.sent);
        // A step on the path taken so far (the browser's Back, then a new answer) is answered again from there.
        let walk = state.walk;
        while (walk.stepId !== stepId && walk.history.includes(stepId)) walk = goBack(walk);
        if (walk.stepId !== stepId) return pageOf(flow, state, read, query, 409, PLAIN_NOTICES.movedOn);
        state = { ...state, walk };
      }

      const step = stepById(flow, stepId);
      const submission = kindOf(step).plainForm(step, posted, { answers: state.answers, ...(state.lookup ? { lookup: state.lookup } : {}) });
      const effects: QuoteFlowEffect[] = [];
      if (submission.type === "redraw") {
        state = { ...state, answers: { ...state.answers, ...submission.patch }, errors: submission.errors ?? [] };
        if (submission.lookup !== undefined) state.lookup = await lookUp(options.addresses, submission.lookup, request);
      } else if (submission.type === "switchService") {
        effects.push(...run(state, flow, { type: "switchService", flowId: submission.flowId }).effects);
      } else {
        const answers = { ...state.answers, ...submission.patch };
        const fields = stepFields(step, answers);
        const errors = toFieldErrors(check(stepSchema(step, answers), pickAnswers(answers, fields)), step.id, fields);
        if (errors.length > 0) state = { ...state, answers, errors };
        else {
          if (postedRevision === 0) await countStep(request, flow, flow.start);
          const moved = run(state, flow, { type: "next", patch: submission.patch });
          state = fromMachine(state, moved.state);
          for (const effect of moved.effects) {
            if (effect.type !== "submitLead") {
              effects.push(effect);
              continue;
            }
            const result = await sendLead(request, flow, state, posted);
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
          const targetKept = await load(id, targetFlow.id);
          const next = await arrive(freshState(targetFlow, carriedAnswers(start.answers), back), targetFlow, request);
          if (!(await writeQuoteSession(db, id, targetFlow.id, targetKept?.revision ?? 0, JSON.stringify(next), now()))) {
            return startAgain(targetFlow, targetQuery, 409, PLAIN_NOTICES.movedOn);
          }
          await countStep(request, targetFlow, next.walk.stepId);
          return { redirect: stepUrl(targetFlow, next.walk.stepId, targetQuery) };
        }
      }

      if (effects.some((e) => e.type === "track" && e.event.type === "step")) state = await arrive(state, flow, request);
      const id = sessionId ?? startSession(request, reply);
      if (!(await writeQuoteSession(db, id, flow.id, read, JSON.stringify(state), now()))) {
        // Another request moved the state on meanwhile (a double submission): show where it stands now.
        const current = await load(id, flow.id);
        return current ? pageOf(current.flow, current.state, current.revision, query, 409, PLAIN_NOTICES.movedOn) : startAgain(flow, query, 409, PLAIN_NOTICES.ended);
      }
      if (read === 0 && Math.random() < 0.05) void deleteStaleQuoteSessions(db, now()).catch(() => undefined);
      for (const effect of effects) if (effect.type === "track" && effect.event.type === "step") await countStep(request, flow, effect.event.stepId);
      return { redirect: stepUrl(flow, state.walk.stepId, query) };
    },
  };

  /** The state on arriving at its step: what the step's kind does there without scripts (an address looked up). */
  async function arrive(state: PlainState, flow: FlowDocument, request: FastifyRequest): Promise<PlainState> {
    const step = stepById(flow, state.walk.stepId);
    const postcode = kindOf(step).plainArrival?.(step, state.answers)?.lookup;
    if (postcode === undefined || state.lookup?.postcode === postcode) return state;
    return { ...state, lookup: await lookUp(options.addresses, postcode, request) };
  }

  /** Sends the lead the way the page's script would, with what this server knows of the visit. */
  async function sendLead(request: FastifyRequest, flow: FlowDocument, state: PlainState, posted: PostedForm): Promise<LeadResponse | undefined> {
    const buyers = partnersOf(flow).map((p) => p.name);
    const wording = consentShown(flow, state.answers, buyers);
    const honeypot = posted.value(HONEYPOT_FIELD);
    const submission: LeadSubmission = {
      flowId: flow.id,
      version: flow.version,
      answers: Object.fromEntries(Object.entries(state.answers).filter(([, v]) => v !== undefined && v !== "")) as LeadSubmission["answers"],
      startToken: state.startToken,
      consent: { analytics: request.cookies[ANALYTICS_COOKIE] === "1", marketing: request.cookies[MARKETING_COOKIE] === "1" },
      ...(isTestVisit(request) ? { testMode: true } : {}),
      ...(honeypot ? { honeypot } : {}),
      ...(wording ? { contactConsent: { wording, privacyNoticeVersion: PRIVACY_NOTICE_VERSION, buyers } } : {}),
    };
    // A quote whose earlier questions were answered elsewhere (the chooser, a landing page) can reach its submit step
    // within the minimum fill time: as the page's script does, the lead waits out the rest rather than be dropped.
    const wait = options.taking.minFillMs - (now().getTime() - state.startedAt);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(wait, options.taking.minFillMs) + 50));
    const { status, answer } = await takeLead(options.taking, submission, visitOf(request), request.log);
    return status === 503 ? undefined : answer;
  }
}

/** The request's query. */
function queryOf(request: FastifyRequest): URLSearchParams {
  return new URL(request.url, "http://x").searchParams;
}

/** A test visit (`tm`), whose lead is stored as a test and whose steps are not counted. */
function isTestVisit(request: FastifyRequest): boolean {
  return testModeOf(queryOf(request).get("tm")) === true;
}

/** Runs one input through the flow's state machine from the kept state. */
function run(state: PlainState, flow: FlowDocument, input: QuoteFlowInput) {
  const machine: QuoteFlowState = {
    ...initialState(flow, state.answers, undefined, state.back !== undefined),
    walk: state.walk,
    started: state.started,
    ...(state.result ? { result: state.result } : {}),
  };
  return transition(machine, input);
}

/**
 * The kept state after the machine moved: where it stands, the answers, the problems and the lead's answer. The last
 * address lookup stays, so Back to the address step shows the addresses with the one picked.
 */
function fromMachine(before: PlainState, after: QuoteFlowState): PlainState {
  return {
    ...before,
    walk: after.walk,
    answers: after.answers,
    errors: after.errors,
    started: after.started,
    ...(after.result ? { result: after.result } : {}),
  };
}

/** The addresses at a postcode for the address step; a provider failure keeps the postcode and says so on the page. */
async function lookUp(provider: AddressProvider, postcode: string, request: FastifyRequest): Promise<AddressLookup> {
  try {
    return { postcode, addresses: await provider.lookup(postcode) };
  } catch (error) {
    if (!(error instanceof AddressLookupError)) throw error;
    request.log.warn({ problem: error.message }, "address lookup failed");
    return { postcode };
  }
}
