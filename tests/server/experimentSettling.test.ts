/**
 * The settled-cohort rule as the store applies it: the visits of tests/fixtures/experimentSettling.json (a version
 * whose buyers answer slowly) written through the store's own functions, exposure, lead and delivery, and read back
 * with the fixture's `now` and settling window, give the counts the reference computed visit by visit.
 */
import path from "node:path";
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import settling from "../fixtures/experimentSettling.json";
import { loadFlowCorpus } from "../../engine/node/formsFolder";
import { repoRoot } from "../../server/config";
import { currentPeriod } from "../../server/experiments/experimentPeriod";
import { claimDueDeliveries, recordAttempt } from "../../server/storage/deliveriesStore";
import { ensurePeriod, loadExperimentCounts, recordExposure } from "../../server/storage/experimentStore";
import { insertRoutedLead } from "../../server/storage/leadsStore";
import type { Database, DeliveryStatus } from "../../server/storage/schema";
import { databaseForTests, dialects } from "./support/databases";
import { countedLead, routing } from "./support/experimentTraffic";

const businessEnergy = loadFlowCorpus(path.join(repoRoot, "forms")).flows.find((f) => f.id === "business-energy")!;
const flow = { ...businessEnergy, weights: { "1": 50, "2": 50 }, decideOn: undefined, guardrails: undefined };
const NOW = new Date(settling.now);

type Outcome = "accepted" | "pending" | "duplicate" | "rejected" | "unrouted";

/** The buyer's answer that gives each outcome (none: the lead goes to no buyer; pending: no answer yet). */
const ANSWER: Record<Outcome, DeliveryStatus | undefined> = { accepted: "delivered", pending: "pending", duplicate: "duplicate", rejected: "rejected", unrouted: undefined };

/** Stores visit n's lead, offered to one buyer unless it goes to none, and returns its id. */
async function leadOf(db: Kysely<Database>, visitId: string, version: number, at: Date, outcome: Outcome, n: number): Promise<string> {
  return (await insertRoutedLead(db, countedLead(n, visitId, version, at, { flowId: flow.id, phones: 10_000 }), routing(ANSWER[outcome] ? ["x"] : [], at))).leadId;
}

describe.each(dialects)("the settled cohort on %s", (name, open, skipped) => {
  const store = databaseForTests(open, skipped, (s) => s.clear());

  it.skipIf(skipped)(`leaves out the visits still settling and the leads still being delivered, as the reference does (${name})`, async () => {
    const { db } = store;
    const period = currentPeriod(flow)!;
    await ensurePeriod(db, flow.id, period, new Date("2026-03-10T00:00:00Z"));
    const answers = new Map<string, [DeliveryStatus, number?]>();
    for (const [n, visit] of settling.visits.entries()) {
      const at = new Date(visit.exposedAt);
      await recordExposure(db, { flowId: flow.id, periodId: period.id, visitId: `visit-${n}`, version: visit.version, at });
      if (!visit.lead) continue;
      const [outcome, pence] = visit.lead as [Outcome, number];
      const leadId = await leadOf(db, `visit-${n}`, visit.version, at, outcome, n);
      if (ANSWER[outcome]) answers.set(leadId, [ANSWER[outcome], pence || undefined]);
    }
    for (const row of await claimDueDeliveries(db, { worker: "w", now: NOW, leaseMs: 60_000, limit: 1000 })) {
      const [status, pricePence] = answers.get(row.lead_id)!;
      await recordAttempt(db, row, "w", { startedAt: NOW, durationMs: 3, outcome: status }, { status, ...(pricePence ? { pricePence } : {}) }, NOW);
    }

    const counts = (await loadExperimentCounts(db, flow, undefined, { now: NOW, settleHours: settling.settleHours }))!;
    expect(counts.settleHours).toBe(settling.settleHours);
    const expected = settling.scenarios[0]!.counts.versions as Record<string, { exposures: number; leads: number; accepted: number; pending: number; value: { sum: number; sumSquares: number } }>;
    for (const [version, c] of Object.entries(expected)) {
      const got = counts.versions[version]!;
      expect({ exposures: got.exposures, leads: got.leads, accepted: got.accepted, pending: got.pending }, `v${version}`).toEqual({ exposures: c.exposures, leads: c.leads, accepted: c.accepted, pending: c.pending });
      expect(got.value?.sum).toBeCloseTo(c.value.sum, 6);
      expect(got.value?.sumSquares).toBeCloseTo(c.value.sumSquares, 6);
      expect(got.outcomes).toEqual(settling.outcomes[version as "1" | "2"]);
    }
    // The days add up to the period, settled the same way.
    const days = counts.days ?? [];
    expect(days.reduce((sum, d) => sum + (d.versions["2"]?.pending ?? 0), 0)).toBe(expected["2"]!.pending);
    // A day later every visit has settled but the lead whose buyer is still closed.
    const later = (await loadExperimentCounts(db, flow, undefined, { now: new Date(NOW.getTime() + 24 * 3_600_000), settleHours: settling.settleHours }))!;
    expect(later.versions["1"]!.pending).toBe(0);
    expect(later.versions["2"]!.pending).toBe(settling.outcomes["2"].delivering);
  });
});
