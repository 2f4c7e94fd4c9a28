/**
 * Start tokens: the quote page asks for one as it loads (GET /api/start-token) and sends it with the
 * lead. The token is the server's own time of issue, signed with the installation's key, so the fill
 * time is measured by the server's clock and cannot be forged by the browser.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** A token older than this is refused, so one token cannot be replayed for ever. */
export const START_TOKEN_MAX_AGE_MS = 24 * 3_600_000;

/** Why a lead's token does not show a person's fill time, or undefined when it does. */
export type TokenProblem = "no start token" | "forged start token" | "too fast" | "stale start token";

/** Issues and checks tokens with one key. */
export interface StartTokens {
  issue(now: Date): string;
  problem(token: string | undefined, now: Date, minFillMs: number): TokenProblem | undefined;
}

/** Tokens signed with `key` (hex, from the installation's settings). */
export function startTokens(key: string): StartTokens {
  const sign = (body: string) => createHmac("sha256", key).update(`start-token:${body}`).digest("base64url");
  return {
    issue(now) {
      const body = `${now.getTime().toString(36)}.${randomBytes(9).toString("base64url")}`;
      return `${body}.${sign(body)}`;
    },
    problem(token, now, minFillMs) {
      if (!token) return "no start token";
      const cut = token.lastIndexOf(".");
      const body = token.slice(0, cut);
      const given = Buffer.from(token.slice(cut + 1));
      const expected = Buffer.from(sign(body));
      if (cut < 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) return "forged start token";
      const age = now.getTime() - parseInt(body.split(".")[0]!, 36);
      if (age < minFillMs) return "too fast";
      if (age > START_TOKEN_MAX_AGE_MS) return "stale start token";
      return undefined;
    },
  };
}

/** When a token (checked already) was issued; undefined when it does not read as one. */
export function startTokenIssuedAt(token: string | undefined): Date | undefined {
  const time = token ? parseInt(token.split(".")[0] ?? "", 36) : NaN;
  return Number.isFinite(time) ? new Date(time) : undefined;
}
