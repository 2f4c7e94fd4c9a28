/**
 * Leads held through a store outage: the answer a held lead gets, and the store taking one later as intake would
 * have taken it when it arrived (acceptLead with its arrival time, so de-duplication, caps and routing apply as then).
 * Once per submission: a held lead whose key took a lead, or whose id is in the store, is not stored again; two
 * instances storing the same key at once store one lead (the key's unique index decides).
 */
import { HELD_LEAD_MESSAGE } from "../../engine/core/messages";
import type { FlowCatalog } from "../flowCatalog";
import { findLead } from "../storage/leadsStore";
import { isStoreError, isStoreOutage } from "../storage/storeErrors";
import { acceptLead, type Acceptance, type LeadIntake } from "./acceptLead";
import type { HeldLead } from "./leadSpool";
import { leadTakenBefore } from "./takenBefore";

/** The answer to a held lead: received (1), no partners named, and why in words. */
export function heldAnswer(lead: HeldLead, outOfHours: boolean): Acceptance["answer"] & { message: string } {
  return { code: "1", leadId: lead.id, buyers: [], outOfHours, message: HELD_LEAD_MESSAGE };
}

/** What became of a held lead the store was asked to take. */
export type HeldOutcome =
  | { kind: "stored"; acceptance: Acceptance }
  /** Its key took a lead, or its id is stored, already (another instance, or a crash before the spool said so). */
  | { kind: "in before" }
  /** The store refuses its row, or its flow version is no longer served: it can never be taken (logged for the operator). */
  | { kind: "refused"; reason: string };

/** Stores the held lead; rejects with the store's error while the store is still away. */
export async function storeHeldLead(intake: LeadIntake, flows: FlowCatalog, lead: HeldLead): Promise<HeldOutcome> {
  const key = lead.submission.submissionKey;
  if (key !== undefined && (await leadTakenBefore(intake, key))) return { kind: "in before" };
  if (await findLead(intake.db, lead.id)) return { kind: "in before" };
  const flow = flows.getFlow(lead.submission.flowId, lead.submission.version);
  if (!flow) return { kind: "refused", reason: "its quote flow version is no longer served" };
  const receivedAt = new Date(lead.receivedAt);
  const origin = {
    leadId: lead.id,
    ...(lead.visitId ? { visitId: lead.visitId } : {}),
    ...(lead.requestId ? { requestId: lead.requestId } : {}),
    ...(lead.digest ? { digest: lead.digest } : {}),
    ...(lead.session ? { session: lead.session } : {}),
  };
  try {
    return { kind: "stored", acceptance: await acceptLead({ ...intake, now: () => receivedAt }, lead.submission, flow, lead.answers, origin) };
  } catch (error) {
    // The store still away, or a fault of ours: the lead stays held (and the spool's alert fires while it waits).
    if (isStoreOutage(error) || !isStoreError(error)) throw error;
    // Another instance stored the same key meanwhile, or this lead's id went in: the store has it once.
    if (key !== undefined && (await leadTakenBefore(intake, key))) return { kind: "in before" };
    if (await findLead(intake.db, lead.id)) return { kind: "in before" };
    return { kind: "refused", reason: `the store refused its row (${String((error as { code?: unknown }).code)})` };
  }
}
