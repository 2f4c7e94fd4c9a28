/**
 * The quote flow's browser history entries: each step shown is an entry (same address, the step in
 * history.state), so the browser's Back and Forward move between steps. Entries hold where the visitor was,
 * never their answers.
 */
import type { FlowDocument } from "./types";
import type { WalkState } from "./walkFlow";

/** What a step's history entry records. */
export interface HistoryEntry extends WalkState {
  flowId: string;
  version: number;
  /** Position among the entries this flow wrote, from 0 for the entry it opened on. */
  index: number;
  /** Shown after the lead was in. */
  leadIn?: boolean;
}

/** The key under which an entry sits in history.state, beside whatever the router keeps there. */
export const HISTORY_KEY = "quoteStep";

interface EntryState {
  flow: FlowDocument;
  walk: WalkState;
  result?: unknown;
}

/** The entry for where the visitor is now. */
export function entryFor(state: EntryState, index: number): HistoryEntry {
  const { flow, walk, result } = state;
  return { flowId: flow.id, version: flow.version, stepId: walk.stepId, history: walk.history, index, ...(result ? { leadIn: true } : {}) };
}

/** The entry of this flow document a history.state value holds, when it names only steps of it. */
export function entryOf(flow: FlowDocument, historyState: unknown): HistoryEntry | undefined {
  const entry = (historyState as Record<string, unknown> | null | undefined)?.[HISTORY_KEY] as Partial<HistoryEntry> | undefined;
  if (!entry || entry.flowId !== flow.id || entry.version !== flow.version) return undefined;
  if (typeof entry.index !== "number" || typeof entry.stepId !== "string" || !Array.isArray(entry.history)) return undefined;
  const known = [entry.stepId, ...entry.history].every((id) => flow.steps.some((s) => s.id === id));
  return known ? (entry as HistoryEntry) : undefined;
}

/**
 * The entry a flow opens on: at the place of this flow's entry already there (a reload keeps history.state, and
 * the pre-rendered version gives way to the visit's own), else a first one.
 */
export function openedEntry(state: EntryState, historyState: unknown): HistoryEntry {
  const held = (historyState as Record<string, unknown> | null | undefined)?.[HISTORY_KEY] as Partial<HistoryEntry> | undefined;
  const index = held?.flowId === state.flow.id && typeof held.index === "number" && held.index >= 0 ? held.index : 0;
  return entryFor(state, index);
}

/** Whether two walks are at the same step by the same way. */
export function sameWalk(a: WalkState, b: WalkState): boolean {
  return a.stepId === b.stepId && a.history.join("\n") === b.history.join("\n");
}
