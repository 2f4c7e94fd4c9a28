import path from "node:path";
import { describe, expect, it } from "vitest";
import type { CorpusFlow } from "../../engine/core/flowCorpus";
import { loadFlowCorpus } from "../../engine/node/formsFolder";
import { currentPeriod } from "../../server/experiments/experimentPeriod";
import { repoRoot } from "../../server/config";
import { ensurePeriod, listPeriods, loadExperimentCounts, recordExposure, recordStepReach } from "../../server/storage/experimentStore";
import { insertLead } from "../../server/storage/leadsStore";
import { databaseForTests, dialects } from "./support/databases";

const businessEnergy = loadFlowCorpus(path.join(repoRoot, "forms")).flows.find((f) => f.id === "business-energy")!;
const at = new Date("2026-03-04T11:00:00Z");

/** A lead of a visit, as intake stores it. */
const lead = (visitId: string | undefined, flowVersion: number, testMode = false) =>
  ({
    flowId: "business-energy",
    flowVersion,
    productType: "energy",
    serviceType: "electricity",
    testMode,
    responseCode: testMode ? "99" : "1",
    answers: {},
    receivedAt: at,
    ...(visitId ? { visitId } : {}),
  }) as const;

describe.each(dialects)("the experiment store on %s", (name, open, skipped) => {
  const store = databaseForTests(open, skipped, async ({ db }) => {
    // Periods stay: a server records each one once (each test below starts its own).
    for (const table of ["experiment_step_reach", "experiment_exposures", "leads", "experiment_counts", "experiment_step_counts", "experiment_visit_outcomes"] as const) await db.deleteFrom(table).execute();
  });
  const test = it.skipIf(skipped);

  test(`counts exposures, visits with a lead and visits reaching each step, per version (${name})`, async () => {
    const { db } = store;
    const period = currentPeriod(businessEnergy)!;
    await ensurePeriod(db, "business-energy", period, at);
    const served: Array<[string, number]> = [["a", 1], ["b", 1], ["c", 1], ["d", 2], ["e", 2], ["f", 3]];
    // Repeated exposures and steps (a reload, Back and forth) count once.
    for (const [visitId, version] of [...served, ...served]) await recordExposure(db, { flowId: "business-energy", periodId: period.id, visitId, version, at });
    for (const [visitId, stepId] of [["a", "utility"], ["a", "utility"], ["b", "utility"], ["c", "utility"], ["a", "spend"], ["d", "address"]]) {
      await recordStepReach(db, { flowId: "business-energy", periodId: period.id, visitId: visitId!, stepId: stepId! });
    }
    // Steps of a visit never served are not counted.
    await recordStepReach(db, { flowId: "business-energy", periodId: period.id, visitId: "stranger", stepId: "utility" });
    await insertLead(db, lead("a", 1));
    await insertLead(db, lead("a", 1)); // a second lead of one visit: still one visit with a lead
    await insertLead(db, lead("d", 2));
    await insertLead(db, lead("e", 2, true)); // a test lead
    await insertLead(db, lead("f", 1)); // a version the visit was not served
    await insertLead(db, lead("stranger", 1)); // a visit never exposed
    await insertLead(db, lead(undefined, 1)); // a visitor who objected

    const counts = await loadExperimentCounts(db, businessEnergy);
    const noOutcome = { accepted: 0, duplicates: 0, rejected: 0, unrouted: 0, delivering: 0 };

    expect(counts?.period).toEqual({ id: period.id, startedAt: at.toISOString(), weights: { "1": 40, "2": 40, "3": 20 }, control: 1 });
    expect(counts?.versions).toEqual({
      // Leads with no delivery are settled at once: routed to no buyer, not accepted, worth nothing.
      "1": { exposures: 3, leads: 1, accepted: 0, pending: 0, value: { sum: 0, sumSquares: 0 }, outcomes: { ...noOutcome, unrouted: 1 }, steps: { utility: 3, spend: 1 } },
      "2": { exposures: 2, leads: 1, accepted: 0, pending: 0, value: { sum: 0, sumSquares: 0 }, outcomes: { ...noOutcome, unrouted: 1 }, steps: { address: 1 } },
      "3": { exposures: 1, leads: 0, accepted: 0, pending: 0, value: { sum: 0, sumSquares: 0 }, outcomes: noOutcome, steps: {} },
    });
    expect(Object.keys(counts?.documents ?? {})).toEqual(["1", "2", "3"]);
  });

  test(`keeps each period apart, lists them newest first and reads an earlier one by its id (${name})`, async () => {
    const { db } = store;
    const before = currentPeriod({ ...businessEnergy, weights: { "1": 30, "2": 30, "3": 40 } })!;
    const reweighted: CorpusFlow = { ...businessEnergy, weights: { "1": 50, "2": 50, "3": 0 } };
    const after = currentPeriod(reweighted)!;
    await ensurePeriod(db, "business-energy", before, new Date("2026-03-01T09:00:00Z"));
    await recordExposure(db, { flowId: "business-energy", periodId: before.id, visitId: "a", version: 3, at });
    await ensurePeriod(db, "business-energy", after, new Date("2026-03-05T09:00:00Z"));
    await recordExposure(db, { flowId: "business-energy", periodId: after.id, visitId: "a", version: 2, at });

    expect(after.id).not.toBe(before.id);
    expect((await listPeriods(db, "business-energy")).filter((p) => p.id === before.id || p.id === after.id).map((p) => [p.id, p.startedAt])).toEqual([
      [after.id, "2026-03-05T09:00:00.000Z"],
      [before.id, "2026-03-01T09:00:00.000Z"],
    ]);
    expect((await loadExperimentCounts(db, reweighted))?.versions["2"]?.exposures).toBe(1);
    expect((await loadExperimentCounts(db, reweighted, before.id))?.versions["3"]?.exposures).toBe(1);
    expect(await loadExperimentCounts(db, reweighted, "000000000000")).toBeUndefined();
  });

  test(`marks the current period's counts while split.json is held back, and not an earlier period's (${name})`, async () => {
    const { db } = store;
    const held: CorpusFlow = { ...businessEnergy, splitHeldBack: "lastGood" };
    const earlier = currentPeriod({ ...businessEnergy, weights: { "1": 10, "2": 10, "3": 80 } })!;
    await ensurePeriod(db, "business-energy", earlier, new Date("2026-03-01T09:00:00Z"));
    await ensurePeriod(db, "business-energy", currentPeriod(held)!, at);

    expect((await loadExperimentCounts(db, held))?.splitHeldBack).toBe("lastGood");
    expect(await loadExperimentCounts(db, held, earlier.id)).not.toHaveProperty("splitHeldBack");
    expect(await loadExperimentCounts(db, businessEnergy)).not.toHaveProperty("splitHeldBack");
  });

  test(`counts a visit once when several servers record it at the same moment (${name})`, async () => {
    const { db } = store;
    const period = currentPeriod(businessEnergy)!;
    await ensurePeriod(db, "business-energy", period, at);

    await Promise.all(Array.from({ length: 40 }, () => recordExposure(db, { flowId: "business-energy", periodId: period.id, visitId: "z", version: 2, at })));

    expect((await loadExperimentCounts(db, businessEnergy))?.versions["2"]?.exposures).toBe(1);
  });
});

describe("experiment periods", () => {
  it("are the same for the same weights and documents, and new for a change of either", () => {
    const edited: CorpusFlow = {
      ...businessEnergy,
      versions: businessEnergy.versions.map((v) => (v.version === 2 && v.flow ? { ...v, flow: { ...v.flow, title: `${v.flow.title}!` } } : v)),
    };
    const reweighted: CorpusFlow = { ...businessEnergy, weights: { "1": 20, "2": 40, "3": 40 } };

    expect(currentPeriod({ ...businessEnergy })!.id).toBe(currentPeriod(businessEnergy)!.id);
    expect(currentPeriod(edited)!.id).not.toBe(currentPeriod(businessEnergy)!.id);
    expect(currentPeriod(reweighted)!.id).not.toBe(currentPeriod(businessEnergy)!.id);
  });
});
