/** The browser's side of the quote engine's services: the site's API over fetch, validators, flow hand-over. */
import { loadStepValidator } from "virtual:step-validators";
import { carriedAnswers } from "../../engine/core/carryOver";
import type { Answers, FlowDocument } from "../../engine/core/types";
import type { Address, Deal, FlowServices, LeadResponse } from "../../engine/react/types";
import { leadEnvelope, type SubmissionContext } from "./leadEnvelope";

/** Where answers wait while the visitor moves to another flow (this tab only; never in the URL). */
export const CARRY_OVER_KEY = "quote:carry-over";

const dealFiles = import.meta.glob<{ deals: Deal[] }>("../../forms/deals/*.json", { import: "default" });

export function createFlowServices(context: SubmissionContext, navigate: (path: string) => void, flowPath: (flowId: string) => string | undefined): FlowServices {
  return {
    async lookupAddresses(postcode: string): Promise<Address[]> {
      const response = await fetch(`/api/addresses?postcode=${encodeURIComponent(postcode)}`, { headers: { accept: "application/json" } });
      if (response.status === 400) return [];
      if (!response.ok) throw new Error(`Address lookup answered ${response.status}`);
      const body = (await response.json()) as { addresses: Address[] };
      return body.addresses;
    },

    async submitLead(flow: FlowDocument, answers: Answers): Promise<LeadResponse> {
      const response = await fetch("/api/leads", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(leadEnvelope(flow, answers, context)),
      });
      if (response.status >= 500) throw new Error(`Lead endpoint answered ${response.status}`);
      return (await response.json()) as LeadResponse;
    },

    loadValidator(flow: FlowDocument, key: string) {
      return loadStepValidator(flow.id, flow.version, key);
    },

    async loadDeals(name: string): Promise<Deal[]> {
      const load = dealFiles[`../../forms/deals/${name}.json`];
      if (!load) throw new Error(`No deals file forms/deals/${name}.json`);
      return (await load()).deals;
    },

    startFlow(flowId: string, answers: Answers) {
      const path = flowPath(flowId);
      if (path === undefined) throw new Error(`No quote flow "${flowId}"`);
      sessionStorage.setItem(CARRY_OVER_KEY, JSON.stringify({ flowId, answers: carriedAnswers(answers) }));
      taken.delete(flowId);
      navigate(`/quote/${path ? `${path}/` : ""}`);
    },
  };
}

const taken = new Map<string, Answers>();

/** Answers handed over to this flow from another in this tab: taken from storage once, then remembered. */
export function takeCarriedAnswers(flowId: string): Answers {
  const remembered = taken.get(flowId);
  if (remembered) return remembered;
  let answers: Answers = {};
  try {
    const carried = JSON.parse(sessionStorage.getItem(CARRY_OVER_KEY) ?? "null") as { flowId?: string; answers?: Answers } | null;
    if (carried?.flowId === flowId && carried.answers) {
      answers = carried.answers;
      sessionStorage.removeItem(CARRY_OVER_KEY);
    }
  } catch {
    sessionStorage.removeItem(CARRY_OVER_KEY);
  }
  taken.set(flowId, answers);
  return answers;
}
