/**
 * The instance's own copies of the quote states it last read from or wrote to the store, so a quote without scripts
 * can still be drawn and its lead sent while the store cannot be read (a PostgreSQL outage): each copy is exactly
 * what the store held at its revision, never a state the store did not take, and is used only when the store does
 * not answer. A visitor whose last step went through another instance meanwhile posts a revision past the copy's and
 * is told the form changed, as for any form drawn from a state the server does not have. Bounded: the oldest used
 * copies go first.
 */

/** A kept state as the store held it. */
export interface KeptCopy {
  revision: number;
  state: string;
}

export interface KeptCopies {
  remember(sessionId: string, flowId: string, copy: KeptCopy): void;
  copyOf(sessionId: string, flowId: string): KeptCopy | undefined;
}

/** Copies of up to `limit` quote states (a few kilobytes each). */
export function keptCopies(limit = 5_000): KeptCopies {
  const copies = new Map<string, KeptCopy>();
  const keyOf = (sessionId: string, flowId: string) => `${sessionId} ${flowId}`;
  return {
    remember: (sessionId, flowId, copy) => {
      const key = keyOf(sessionId, flowId);
      copies.delete(key);
      copies.set(key, copy);
      if (copies.size > limit) copies.delete(copies.keys().next().value!);
    },
    copyOf: (sessionId, flowId) => {
      const key = keyOf(sessionId, flowId);
      const copy = copies.get(key);
      if (copy) {
        copies.delete(key);
        copies.set(key, copy);
      }
      return copy;
    },
  };
}
