/** The four kinds of decision the results pages' browser test reads, and the flows and counts that make them (resultsScenarios.ts). */

/** A version's counts: visits, leads, accepted leads and the pounds each accepted lead paid. */
type Counts = [exposures: number, leads: number, accepted: number, pounds: number];

export interface Scenario {
  flowId: string;
  /** The weights to serve (a second version is a copy of v1 where the flow has one version only). */
  weights?: Record<string, number>;
  counts?: Record<string, Counts>;
  /** The start of the sentence the page must show. */
  sentence: RegExp;
}

/** The four scenarios, by kind of decision. */
export const SCENARIOS: Record<"noTest" | "keepRunning" | "ship" | "splitBroken", Scenario> = {
  noTest: { flowId: "home-water", sentence: /^No test: v1 gets every visitor$/ },
  keepRunning: {
    flowId: "business-water",
    weights: { "1": 50, "2": 50 },
    counts: { "1": [1000, 100, 50, 20], "2": [1010, 104, 52, 20] },
    sentence: /^v2 against v1: keep running — 1,000 visits each, no plan set; value per visit £1\.03 against £1\.00$/,
  },
  ship: {
    flowId: "home-insurance",
    weights: { "1": 50, "2": 50 },
    counts: { "1": [5000, 500, 250, 20], "2": [5000, 700, 450, 20] },
    sentence: /^v2 against v1: ship v2 — better on value per visit and within every guardrail; value per visit £1\.80 against £1\.00$/,
  },
  splitBroken: {
    flowId: "business-energy",
    counts: { "1": [5000, 500, 250, 20], "2": [4000, 420, 210, 20], "3": [2500, 250, 120, 20] },
    sentence: /^v2 and v3 against v1: split broken — visitors did not arrive in the shares the split asks for/,
  },
};

