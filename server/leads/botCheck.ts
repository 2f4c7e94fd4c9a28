/**
 * Quiet bot checks: a filled honeypot, or a form sent faster than a person can fill it in. A bot gets
 * an answer that looks like success, so it learns nothing; nothing is stored or delivered.
 */
import { randomUUID } from "node:crypto";
import type { LeadResponse } from "../../schemas/generated/lead";

/** What the browser tells us about how the form was filled in. */
export interface FillSignals {
  honeypot?: string | undefined;
  startedAt?: number | undefined;
  sentAt?: number | undefined;
}

/** Why a submission looks automated, or undefined when it looks like a person's. Never logged with the values. */
export function botReason(signals: FillSignals, minFillMs: number, receivedAt: Date): "honeypot" | "too fast" | undefined {
  if (signals.honeypot && signals.honeypot.trim() !== "") return "honeypot";
  if (minFillMs <= 0) return undefined;
  if (signals.startedAt === undefined) return "too fast";
  // Both times come from the browser's clock when it sends both, so a wrong clock does not matter.
  const fillMs = (signals.sentAt ?? receivedAt.getTime()) - signals.startedAt;
  return fillMs < minFillMs ? "too fast" : undefined;
}

/** The answer a bot gets: shaped like a real success, with an id that names nothing. */
export function decoyLeadAnswer(outOfHours: boolean): LeadResponse {
  return { code: "1", leadId: randomUUID(), buyers: [], outOfHours };
}
