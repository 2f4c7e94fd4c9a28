/**
 * One lead per submission: a submission whose key already took a lead (a double tap, a retried request, a form sent
 * twice without scripts) is answered with that lead's answer, and nothing more is stored. The key sent again with
 * other answers than the lead stored is refused (409), as a payment API refuses an idempotency key reused with other
 * parameters: the first answer goes only to the same submission.
 */
import type { Answers } from "../../engine/core/types";
import type { LeadBuyer, LeadResponse } from "../../schemas/generated/lead";
import { withdrawalPath } from "../consent/consentStatus";
import { leadBySubmissionKey } from "../storage/submittedLeadStore";
import type { Acceptance, LeadIntake } from "./acceptLead";

/** Why a key sent again with other answers is refused; the quote page shows it and sends its next try with a new key. */
export const REUSED_KEY_MESSAGE = "Your quote was already sent with different answers, so these answers were not sent. To send them as a new quote, send the form again.";

/** The lead a key took before: its answer, and the replayed answers and digest it was stored with. */
export interface TakenBefore {
  answer: Acceptance["answer"];
  answers: Answers;
  digest: string | null;
}

/** The lead the key already took, if it took one. */
export async function leadTakenBefore(intake: LeadIntake, key: string): Promise<TakenBefore | undefined> {
  const lead = await leadBySubmissionKey(intake.db, key);
  if (!lead) return undefined;
  const buyers: LeadBuyer[] = lead.buyerKeys.flatMap((k) => intake.buyers.byKey(k) ?? []).map((b) => ({ name: b.name, phone: b.phone }));
  // The same answer as the first time, with the visitor's way to withdraw the consent it recorded.
  const withdrawal = lead.consentJti ? { withdrawUrl: await withdrawalPath(intake.db, lead.consentJti) } : {};
  return { answer: { code: lead.code, leadId: lead.leadId, buyers, outOfHours: lead.outOfHours, ...withdrawal }, answers: lead.answers, digest: lead.digest };
}

/** The answer to a submission (its digest, server/leads/submissionDigest.ts) whose key took a lead before. */
export function answerToKeyTakenBefore(before: TakenBefore, digest: string): { status: 200 | 409; answer: LeadResponse } {
  if (before.digest === digest) return { status: 200, answer: before.answer };
  return { status: 409, answer: { code: "3", message: REUSED_KEY_MESSAGE } };
}
