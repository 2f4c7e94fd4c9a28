/**
 * The kept state of one flow in one session, as the database holds it (server/storage/quoteSessionsStore.ts), and
 * how it moves: through the engine's own state machine (engine/core/quoteFlow.ts), as the browser's does.
 */
import { randomBytes } from "node:crypto";
import type { AddressLookup } from "../../engine/core/kinds/stepKind";
import { initialState, transition, type QuoteFlowInput, type QuoteFlowState, type ServedFlowState } from "../../engine/core/quoteFlow";
import type { Answers, FlowDocument } from "../../engine/core/types";
import { walkPastAnswered } from "../../engine/core/walkFlow";
import { readQuoteSession, writeQuoteSession } from "../storage/quoteSessionsStore";
import { isStoreOutage } from "../storage/storeErrors";
import type { PlainQuoteOptions } from "./plainOptions";

/** The kept state of one flow in one session: what a served step shows, and what the server alone needs. */
export interface PlainState extends ServedFlowState {
  version: number;
  lookup?: AddressLookup;
  /** The server's signed start, issued as the quote began: the lead's fill time is measured from it. */
  startToken: string;
  /** When it was issued (ms since the epoch). */
  startedAt: number;
  started: boolean;
  /** The forms applied to this state, newest last (server/plainQuote/formOnce.ts). */
  applied?: string[];
  /** When each step was last answered (ms since the epoch, the server's clock), by step id. */
  answeredAt?: Record<string, number>;
  /** The key its lead is sent with, random per quote: however often the submit step is posted, one lead. */
  leadKey?: string;
}

/** A session's kept state in one flow: the flow's version it was kept for, the state and its revision. */
export interface KeptQuote {
  flow: FlowDocument;
  state: PlainState;
  revision: number;
}

/**
 * A session's kept state in a flow; undefined when none. While the store cannot be read, the instance's copy of what
 * the store held (keptCopies.ts) stands in for it, when it has one.
 */
export async function load(options: PlainQuoteOptions, sessionId: string, flowId: string): Promise<KeptQuote | undefined> {
  let stored;
  try {
    stored = await readQuoteSession(options.db, sessionId, flowId, options.now());
  } catch (error) {
    const copy = isStoreOutage(error) ? options.copies?.copyOf(sessionId, flowId) : undefined;
    if (!copy) throw error;
    stored = copy;
  }
  if (!stored) return undefined;
  options.copies?.remember(sessionId, flowId, { revision: stored.revision, state: stored.state });
  const state = JSON.parse(stored.state) as PlainState;
  const flow = options.flows.getFlow(flowId, state.version);
  return flow ? { state, revision: stored.revision, flow } : undefined;
}

/** Writes the state over revision `read` (0: none yet); false when another request wrote meanwhile. */
export async function keep(options: PlainQuoteOptions, sessionId: string, flowId: string, read: number, state: PlainState): Promise<boolean> {
  const text = JSON.stringify(state);
  const written = await writeQuoteSession(options.db, sessionId, flowId, read, text, options.now());
  if (written) options.copies?.remember(sessionId, flowId, { revision: read + 1, state: text });
  return written;
}

/** A new state of the flow, past the questions `answers` already answer, with a fresh start token. */
export function freshState(options: PlainQuoteOptions, flow: FlowDocument, answers: Answers = {}, back?: string): PlainState {
  const now = options.now();
  return {
    version: flow.version,
    walk: walkPastAnswered(flow, answers),
    answers,
    errors: [],
    startToken: options.taking.startTokens.issue(now),
    startedAt: now.getTime(),
    started: false,
    leadKey: randomBytes(16).toString("base64url"),
    ...(back ? { back } : {}),
  };
}

/** Runs one input through the flow's state machine from the kept state. */
export function run(state: PlainState, flow: FlowDocument, input: QuoteFlowInput) {
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
export function fromMachine(before: PlainState, after: QuoteFlowState): PlainState {
  return {
    ...before,
    walk: after.walk,
    answers: after.answers,
    errors: after.errors,
    started: after.started,
    ...(after.result ? { result: after.result } : {}),
  };
}
