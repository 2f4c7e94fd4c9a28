/**
 * Quiet bot checks: a filled honeypot, or a lead without a start token showing a person's fill time
 * (missing, forged, too fresh or stale). A bot gets an answer that looks like success, so it learns
 * nothing; nothing is stored or delivered.
 */
import { randomUUID } from "node:crypto";
import type { LeadResponse } from "../../schemas/generated/lead";
import type { StartTokens, TokenProblem } from "./startToken";

/** What the browser sends about how the form was filled in. */
export interface FillSignals {
  honeypot?: string | undefined;
  startToken?: string | undefined;
}

/** Why a submission looks automated, or undefined when it looks like a person's. Never logged with the values. */
export function botReason(signals: FillSignals, tokens: StartTokens, minFillMs: number, receivedAt: Date): "honeypot" | TokenProblem | undefined {
  if (signals.honeypot && signals.honeypot.trim() !== "") return "honeypot";
  if (minFillMs <= 0) return undefined;
  return tokens.problem(signals.startToken, receivedAt, minFillMs);
}

/** The answer a bot gets: shaped like a real success, with an id that names nothing. */
export function decoyLeadAnswer(outOfHours: boolean): LeadResponse {
  return { code: "1", leadId: randomUUID(), buyers: [], outOfHours };
}
