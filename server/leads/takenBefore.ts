/**
 * One lead per submission: a submission whose key already took a lead (a double tap, a retried request, a form sent
 * twice without scripts) is answered with that lead's answer, and nothing more is stored.
 */
import type { LeadBuyer } from "../../schemas/generated/lead";
import { leadBySubmissionKey } from "../storage/submittedLeadStore";
import type { Acceptance, LeadIntake } from "./acceptLead";

/** The answer of the lead the key already took, if it took one. */
export async function leadTakenBefore(intake: LeadIntake, key: string): Promise<Acceptance["answer"] | undefined> {
  const lead = await leadBySubmissionKey(intake.db, key);
  if (!lead) return undefined;
  const buyers: LeadBuyer[] = lead.buyerKeys.flatMap((k) => intake.buyers.byKey(k) ?? []).map((b) => ({ name: b.name, phone: b.phone }));
  return { code: lead.code, leadId: lead.leadId, buyers, outOfHours: lead.outOfHours };
}
