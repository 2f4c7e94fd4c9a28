/**
 * The quote form's start token: the server signs the time it handed it out, and a lead carrying a token
 * younger than the server's minimum fill time is taken for a bot's. The page asks for one as it loads and
 * sends it with the lead; a person is never that fast, but a hand-over with answers already filled in can
 * be, so the lead then waits out the rest of the minimum rather than being dropped.
 */

/** What GET /api/start-token answers. */
interface IssuedToken {
  token: string;
  minFillMs: number;
}

/** A token older than this (by this page's clock) is replaced before sending: the server refuses one a day old. */
const REFRESH_AFTER_MS = 20 * 3_600_000;

interface Held {
  token: string;
  minFillMs: number;
  /** performance.now() when it arrived. */
  at: number;
}

/** Fetches a token now and hands it over, ripe, when the lead is sent. */
export function startToken(): { ready(): Promise<string | undefined> } {
  let held: Promise<Held | undefined> | undefined;
  const fetchOne = (): Promise<Held | undefined> =>
    fetch("/api/start-token", { headers: { accept: "application/json" }, cache: "no-store" })
      .then((r) => (r.ok ? (r.json() as Promise<IssuedToken>) : undefined))
      .then((issued) => issued && { ...issued, at: performance.now() })
      .catch(() => undefined);
  if (typeof document !== "undefined") held = fetchOne();

  return {
    async ready() {
      let current = await held;
      if (!current || performance.now() - current.at > REFRESH_AFTER_MS) {
        held = fetchOne();
        current = await held;
      }
      if (!current) return undefined;
      const wait = current.minFillMs - (performance.now() - current.at);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 50));
      return current.token;
    },
  };
}
