/**
 * What happens to a valid lead after the flow replay: test mode (99), a fake campaign (100), a
 * duplicate (2), or routing to buyers and storing it with its deliveries (0, 1, 5–10).
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { consentShown } from "../../engine/core/submitStep";
import type { Answers, FlowDocument, ServiceType } from "../../engine/core/types";
import type { ContactConsent, LeadBuyer, LeadResponse, LeadSubmission } from "../../schemas/generated/lead";
import type { BuyerDirectory, ConfiguredBuyer } from "../buyers/buyerDirectory";
import { planRouting, routedResponseCode, type RoutingPlan } from "../buyers/routeLead";
import { londonDate } from "../hours/londonClock";
import type { OpeningHours } from "../hours/openingHours";
import { insertLead, insertRoutedLead, type BuyerOffer, type NewLead, type RoutedLeadOptions } from "../storage/leadsStore";
import type { Database } from "../storage/schema";
import { contactColumns } from "../contacts/contactKeys";
import { issueCertificate, type LeadSession } from "../consent/certificate";
import type { ConsentKeys } from "../consent/signingKeys";
import { withdrawalPath } from "../consent/consentStatus";

/** What lead intake needs, fixed at start. */
export interface LeadIntake {
  db: Kysely<Database>;
  buyers: BuyerDirectory;
  siteHours: OpeningHours;
  duplicateWindowHours: number;
  fakeCampaignIds: ReadonlySet<string>;
  now: () => Date;
  /** Signs each stored lead's consent certificate: the site's origin (the `iss`) and its keys. */
  certificates?: LeadCertificates;
}

/** What signing consent certificates needs. */
export interface LeadCertificates {
  iss: () => string;
  keys: ConsentKeys;
  /** The time a certificate is issued at (the lead's arrival may be earlier, for a lead held through an outage). */
  now: () => Date;
}

/** The server's answer to a stored lead, and whether deliveries were queued. */
export interface Acceptance {
  answer: LeadResponse & { leadId: string; outOfHours: boolean; buyers: LeadBuyer[] };
  queuedDeliveries: boolean;
}

const emptyPlan = (maxGeneric: number): RoutingPlan => ({ exclusive: [], generic: [], maxGeneric });

/** Where a lead came from beyond its envelope: the counted visit, the request, and the digest of a keyed submission. */
export interface LeadOrigin {
  visitId?: string;
  requestId?: string;
  /** With a submission key: the digest of its flow, version and replayed answers (server/leads/submissionDigest.ts). */
  digest?: string;
  /** The id the lead was given before it reached the store (a lead held through an outage, server/leads/heldLeads.ts). */
  leadId?: string;
  /** How the form was filled in, for the consent certificate; a lead sent by the page's script when not given. */
  session?: LeadSession;
}

const SCRIPT_SESSION: LeadSession = { entry: "script", botCheck: "passed" };

/**
 * Stores the lead as its kind demands and says what to answer. `answers` are the replay's, on the path to the submit
 * step.
 */
export async function acceptLead(intake: LeadIntake, submission: LeadSubmission, flow: FlowDocument, answers: Answers, { visitId, requestId, digest, leadId: givenId, session = SCRIPT_SESSION }: LeadOrigin = {}): Promise<Acceptance> {
  const receivedAt = intake.now();
  const outOfHours = !intake.siteHours.isOpen(receivedAt);
  const contactConsent = consentOnRecord(submission, flow, answers);
  const contact = contactColumns(answers);
  const leadId = givenId ?? randomUUID();
  const testMode = submission.testMode === true;
  // Signed before the store is asked, so the store's unit waits on no signature.
  const signer = intake.certificates;
  const certificate = signer
    ? issueCertificate({ iss: signer.iss(), leadId, flow, answers, contact, contactConsent, session, testMode, issuedAt: signer.now() }, signer.keys.signing())
    : undefined;
  const lead: NewLead = {
    id: leadId,
    flowId: flow.id,
    flowVersion: flow.version,
    productType: flow.productType,
    serviceType: flow.serviceType ?? "",
    testMode,
    responseCode: "1",
    answers,
    contact,
    receivedAt,
    outOfHours,
    ...(visitId ? { visitId } : {}),
    ...(requestId ? { requestId } : {}),
    ...(submission.submissionKey ? { submissionKey: submission.submissionKey } : {}),
    ...(digest ? { submissionDigest: digest } : {}),
    ...(submission.tracking ? { tracking: submission.tracking } : {}),
    ...(submission.consent ? { consent: submission.consent } : {}),
    ...(contactConsent ? { contactConsent } : {}),
    ...(certificate ? { consentCertificate: certificate } : {}),
  };
  // The visitor's way to withdraw later, when the lead stored is this one with its certificate (not one taken before).
  const withdrawal = async (storedId: string) => (certificate && storedId === leadId ? { withdrawUrl: await withdrawalPath(intake.db, certificate.jti) } : {});
  const reply = async (code: LeadResponse["code"], storedId: string, buyers: LeadBuyer[] = [], queuedDeliveries = false): Promise<Acceptance> => ({
    answer: { code, leadId: storedId, buyers, outOfHours, ...(await withdrawal(storedId)) },
    queuedDeliveries,
  });

  if (lead.testMode) return reply("99", await insertLead(intake.db, { ...lead, responseCode: "99", routingNote: "test mode" }));
  const campaign = submission.tracking?.ads?.campaignid;
  if (campaign !== undefined && intake.fakeCampaignIds.has(campaign)) {
    return reply("100", await insertLead(intake.db, { ...lead, responseCode: "100", routingNote: "fake campaign" }));
  }

  const named = contactConsent?.buyers;
  const plan =
    named && flow.serviceType
      ? planRouting(intake.buyers, { serviceType: flow.serviceType as ServiceType, answers, outOfHours, namedBuyers: named })
      : emptyPlan(intake.buyers.maxGenericBuyers);
  const result = await insertRoutedLead(intake.db, lead, {
    ...buyerOffers(plan, receivedAt),
    duplicateWindowMs: intake.duplicateWindowHours * 3_600_000,
    capDay: londonDate(receivedAt),
    noBuyer: noBuyerAnswer(named),
    duplicate: { code: "2", note: "duplicate" },
    erased: { code: "0", note: "the person asked to be erased before: held for the operator" },
  });
  const offered = new Map([...plan.exclusive, ...plan.generic].map((buyer) => [buyer.key, buyer]));
  const buyers = result.buyerKeys.flatMap((key) => offered.get(key) ?? []).map((b) => ({ name: b.name, phone: b.phone }));
  return reply(result.code, result.leadId, buyers, buyers.length > 0);
}

/** The plan's buyers as storage offers the lead to them, each with the code the lead gets if it takes it first. */
export function buyerOffers(plan: RoutingPlan, receivedAt: Date): Pick<RoutedLeadOptions, "exclusive" | "generic" | "maxGeneric"> {
  const offer = (buyer: ConfiguredBuyer): BuyerOffer => ({
    buyerKey: buyer.key,
    buyerId: buyer.id,
    buyerName: buyer.name,
    dailyCap: buyer.dailyCap,
    firstAttemptAt: buyer.deliveryHours.nextOpening(receivedAt) ?? receivedAt,
    responseCode: routedResponseCode([buyer]),
  });
  return { exclusive: plan.exclusive.map(offer), generic: plan.generic.map(offer), maxGeneric: plan.maxGeneric };
}

/**
 * Without the partners' names a lead can go to none; it is kept and answered 1, as the visitor's
 * request is safely in. A lead whose named partners are all unable to take it is 0.
 */
function noBuyerAnswer(named: readonly string[] | undefined): { code: LeadResponse["code"]; note: string } {
  if (!named) return { code: "1", note: "the page named no partners, so the lead may go to none" };
  return { code: "0", note: "no buyer the visitor named could take it" };
}

/** The consent to store: as the page sent it, else the wording of the submit step on the answers' path. */
function consentOnRecord(submission: LeadSubmission, flow: FlowDocument, answers: Answers): ContactConsent | undefined {
  if (submission.contactConsent) return submission.contactConsent;
  const wording = consentShown(flow, answers);
  return wording ? { wording } : undefined;
}
