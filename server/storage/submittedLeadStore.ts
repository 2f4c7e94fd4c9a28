/** Reading back the lead a submission's key already took: what it was answered, for a repeated or concurrent take. */
import type { Kysely } from "kysely";
import type { Answers } from "../../engine/core/types";
import type { ResponseCode } from "../../schemas/generated/lead";
import type { Database } from "./schema";

/** The lead stored under a submission key: its id, code, hours, the buyers it went to (by key) and what it was sent with. */
export interface SubmittedLead {
  leadId: string;
  code: ResponseCode;
  outOfHours: boolean;
  buyerKeys: string[];
  /** The replayed answers it stored. */
  answers: Answers;
  /** The digest of its flow, version and answers (server/leads/submissionDigest.ts). */
  digest: string | null;
  /** Its consent certificate's id, when it was stored with one. */
  consentJti?: string;
}

/** The lead a submission key took, if any. */
export async function leadBySubmissionKey(db: Kysely<Database>, key: string): Promise<SubmittedLead | undefined> {
  const lead = await db
    .selectFrom("leads")
    .select(["id", "response_code", "form_is_time_ooh", "answers", "submission_digest", "consent_jti"])
    .where("submission_key", "=", key)
    .executeTakeFirst();
  if (!lead) return undefined;
  const deliveries = await db.selectFrom("deliveries").select("buyer_key").where("lead_id", "=", lead.id).orderBy("buyer_key").execute();
  return {
    leadId: lead.id,
    code: lead.response_code as ResponseCode,
    outOfHours: Number(lead.form_is_time_ooh) === 1,
    buyerKeys: deliveries.map((d) => d.buyer_key),
    answers: JSON.parse(lead.answers) as Answers,
    digest: lead.submission_digest,
    ...(lead.consent_jti ? { consentJti: lead.consent_jti } : {}),
  };
}
