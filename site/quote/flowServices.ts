/** The browser's side of the quote engine's services: the site's API over fetch, validators, flow hand-over. */
import { loadStepValidator } from "virtual:step-validators";
import { carriedAnswers, handingFlowAddress } from "../../engine/core/carryOver";
import type { Answers, FlowDocument } from "../../engine/core/types";
import type { Address, Deal, FlowServices, LeadResponse, ValidatorModule } from "../../engine/react/types";
import { publishedValidator } from "./publishedFlows";
import { consentShown } from "../../engine/core/submitStep";
import type { Tracking } from "../../schemas/generated/lead";
import { hasAnalyticsConsent, hasMarketingConsent } from "../consent/consentState";
import { PRIVACY_NOTICE_VERSION } from "../content/legal/versions";
import { readTracking } from "../tracking/trackingStore";
import { leadEnvelope, type SubmissionContext } from "./leadEnvelope";
import { partnersOf } from "./partners";
import { quotePath } from "../../engine/core/quotePaths";
import { answeredMsBefore } from "../../engine/core/stepTimes";
import { startToken } from "./startToken";
import { newSubmissionKey } from "./submissionKey";

/** Where answers wait while the visitor moves to another flow (this tab only; never in the URL). */
export const CARRY_OVER_KEY = "quote:carry-over";

const dealFiles = import.meta.glob<{ deals: Deal[] }>("../../forms/deals/*.json", { import: "default" });

/**
 * The services for one quote page. `context` is read when the lead is sent, and so are tracking and consent,
 * so a choice made mid-form counts. The page's start token is fetched as the services are made.
 */
export function createFlowServices(
  context: () => SubmissionContext,
  navigate: (path: string) => void,
  flowPath: (flowId: string) => string | undefined,
  /** What the server said as it drew the page (a step of a quote without scripts): the partners' names and the deals. */
  known: { partners?: string[]; deals?: Record<string, Deal[]> } = {},
): FlowServices {
  const knownPartners = known.partners;
  const token = startToken();
  // One key per flow's quote, sent with every attempt (a double tap, a retry): the server keeps one lead per key.
  const submissionKeys = new Map<string, string>();
  const loadPartners = async (flow: FlowDocument): Promise<string[]> =>
    knownPartners ?? (flow.serviceType ? (await partnersOf(flow.serviceType)).partners.map((p) => p.name) : []);
  return {
    loadPartners,
    knownPartners: () => knownPartners,
    knownDeals: (name) => known.deals?.[name],

    async lookupAddresses(postcode: string): Promise<Address[]> {
      const response = await fetch(`/api/addresses?postcode=${encodeURIComponent(postcode)}`, { headers: { accept: "application/json" } });
      if (response.status === 400) return [];
      if (!response.ok) throw new Error(`Address lookup answered ${response.status}`);
      const body = (await response.json()) as { addresses: Address[] };
      return body.addresses;
    },

    async submitLead(flow: FlowDocument, answers: Answers, answeredAt = {}): Promise<LeadResponse> {
      const [buyers, signedStart] = await Promise.all([loadPartners(flow).catch(() => []), token.ready()]);
      const shown = consentShown(flow, answers, buyers);
      const envelope = leadEnvelope(flow, answers, {
        ...context(),
        buyers,
        privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
        ...(shown ? { consentText: shown } : {}),
        ...(signedStart ? { startToken: signedStart } : {}),
      });
      const submissionKey = submissionKeys.get(flow.id) ?? newSubmissionKey();
      submissionKeys.set(flow.id, submissionKey);
      const response = await fetch("/api/leads", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({
          ...envelope,
          submissionKey,
          tracking: withRequestedVersion(readTracking(), envelope.tracking),
          consent: visitorConsent(),
          // Measured as the request is sent, so a retry says how long ago each step was at its own sending.
          answeredMsBefore: answeredMsBefore(answeredAt, performance.now()),
        }),
      });
      if (response.status >= 500) throw new Error(`Lead endpoint answered ${response.status}`);
      // The key took a lead with other answers (one lost on the way, then changed): the visitor is told, and a next
      // try is a new submission.
      if (response.status === 409) submissionKeys.delete(flow.id);
      return (await response.json()) as LeadResponse;
    },

    loadValidator(flow: FlowDocument, key: string) {
      // A version published since the build: its validator is an asset the server made, by its own address.
      const published = publishedValidator(flow.id, flow.version, key);
      // It imports its format checks from the site's own chunk (validatorRuntime.ts), asked for beside it.
      if (published) return Promise.all([import("./validatorRuntime"), import(/* @vite-ignore */ published) as Promise<ValidatorModule>]).then(([, module]) => module);
      return loadStepValidator(flow.id, flow.version, key);
    },

    async loadDeals(name: string): Promise<Deal[]> {
      const load = dealFiles[`../../forms/deals/${name}.json`];
      if (!load) throw new Error(`No deals file forms/deals/${name}.json`);
      return (await load()).deals;
    },

    startFlow(flowId: string, answers: Answers, from?: { flowId: string; answers: Answers }) {
      const path = flowPath(flowId);
      if (path === undefined) throw new Error(`No quote flow "${flowId}"`);
      const fromPath = from && flowPath(from.flowId);
      const back = fromPath === undefined ? undefined : handingFlowAddress(quotePath(fromPath), from!.answers);
      const carryOver: CarryOver = { flowId, answers: carriedAnswers(answers), ...(back ? { back } : {}) };
      sessionStorage.setItem(CARRY_OVER_KEY, JSON.stringify(carryOver));
      taken.delete(flowId);
      submissionKeys.delete(flowId);
      navigate(quotePath(path));
    },
  };
}

/** Campaign keys kept for this visit, with the unknown `?v=` the envelope notes under user. */
function withRequestedVersion(tracking: Tracking, fromEnvelope: Tracking | undefined): Tracking {
  const requested = fromEnvelope?.user?.requestedVersion;
  return requested ? { ...tracking, user: { ...tracking.user, requestedVersion: requested } } : tracking;
}

/** The visitor's cookie choices at the time of sending. */
function visitorConsent(): { analytics: boolean; marketing: boolean } {
  return { analytics: hasAnalyticsConsent(), marketing: hasMarketingConsent() };
}

/** What one flow hands to the next in this tab: the answers to reuse and, from the chooser, where Back returns. */
export interface CarryOver {
  flowId: string;
  answers: Answers;
  /** The handing flow's address with its last answer in the query (e.g. /quote/?serviceType=business-water). */
  back?: string;
}

const taken = new Map<string, CarryOver>();

/** What was handed over to this flow from another in this tab: taken from storage once, then remembered. */
export function takeCarryOver(flowId: string): CarryOver {
  const remembered = taken.get(flowId);
  if (remembered) return remembered;
  let carried: CarryOver = { flowId, answers: {} };
  try {
    const stored = JSON.parse(sessionStorage.getItem(CARRY_OVER_KEY) ?? "null") as Partial<CarryOver> | null;
    if (stored?.flowId === flowId && stored.answers) {
      carried = { flowId, answers: stored.answers, ...(typeof stored.back === "string" && stored.back.startsWith("/quote/") ? { back: stored.back } : {}) };
      sessionStorage.removeItem(CARRY_OVER_KEY);
    }
  } catch {
    sessionStorage.removeItem(CARRY_OVER_KEY);
  }
  taken.set(flowId, carried);
  return carried;
}
