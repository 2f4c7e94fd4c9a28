/** Undo and redo over whole drafts: every edit is a new entry with the words that say what it did. */

export interface HistoryEntry<T> {
  draft: T;
  /** What the edit that made this draft did ("Change question of supplier"); the first entry's is "Open". */
  label: string;
}

export interface History<T> {
  entries: ReadonlyArray<HistoryEntry<T>>;
  /** The index of the draft shown now. */
  at: number;
}

/** A history holding only the draft as opened. */
export function startHistory<T>(draft: T, label = "Open"): History<T> {
  return { entries: [{ draft, label }], at: 0 };
}

/** The draft shown now. */
export function current<T>(history: History<T>): T {
  return history.entries[history.at]!.draft;
}

/** The history after one edit: what could have been redone is dropped. */
export function push<T>(history: History<T>, draft: T, label: string): History<T> {
  return { entries: [...history.entries.slice(0, history.at + 1), { draft, label }], at: history.at + 1 };
}

export function canUndo<T>(history: History<T>): boolean {
  return history.at > 0;
}

export function canRedo<T>(history: History<T>): boolean {
  return history.at < history.entries.length - 1;
}

/** The edit an undo would take back, or undefined when there is none. */
export function undoLabel<T>(history: History<T>): string | undefined {
  return canUndo(history) ? history.entries[history.at]!.label : undefined;
}

/** The edit a redo would make again, or undefined when there is none. */
export function redoLabel<T>(history: History<T>): string | undefined {
  return canRedo(history) ? history.entries[history.at + 1]!.label : undefined;
}

/** One step back; the same history when there is nothing to undo. */
export function undo<T>(history: History<T>): History<T> {
  return canUndo(history) ? { ...history, at: history.at - 1 } : history;
}

/** One step forward again; the same history when there is nothing to redo. */
export function redo<T>(history: History<T>): History<T> {
  return canRedo(history) ? { ...history, at: history.at + 1 } : history;
}
