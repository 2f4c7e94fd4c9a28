/** The bench's measurements: the report's time (median of 5) and single visits written through the store, timed. */
import type { Kysely } from "kysely";
import type { CorpusFlow } from "../../engine/core/flowCorpus";
import { flowPageHtml } from "../../server/analysts/flowPage";
import { analyseExperiment } from "../../server/experiments/experimentReport";
import { claimDueDeliveries, recordAttempt } from "../../server/storage/deliveriesStore";
import { loadExperimentCounts, recordExposure, recordStepReach } from "../../server/storage/experimentStore";
import { insertRoutedLead } from "../../server/storage/leadsStore";
import type { Settling } from "../../server/storage/experiments/loadCounts";
import type { Database } from "../../server/storage/schema";

/** The p-th percentile (0–100) of some durations, nearest rank. */
export function percentile(values: number[], p: number): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

/**
 * The flow's results page's time, as a request pays it: the counts read by the settled-cohort rule
 * (loadExperimentCounts, with `settling`), analysed (analyseExperiment) and written as the page (flowPageHtml);
 * median of `runs` after one untimed.
 */
export async function timeReport(db: Kysely<Database>, flow: CorpusFlow, settling: Settling, runs = 5): Promise<{ medianMs: number; exposures: number }> {
  const times: number[] = [];
  let exposures = 0;
  // One run first, not timed: the reader's statements prepared and the counts' pages in its cache, as on a server.
  await loadExperimentCounts(db, flow, undefined, settling);
  for (let run = 0; run < runs; run++) {
    const began = performance.now();
    const counts = await loadExperimentCounts(db, flow, undefined, settling);
    if (!counts) throw new Error(`${flow.id}: no period stored`);
    const report = analyseExperiment(counts);
    flowPageHtml({ flow, report, leftOut: report.leftOut, findings: [], unknown: [] });
    times.push(performance.now() - began);
    exposures = Object.values(counts.versions).reduce((n, v) => n + v.exposures, 0);
  }
  return { medianMs: percentile(times, 50), exposures };
}

/** Durations (ms) of single writes through the store. */
export interface SingleWrites {
  exposure: number[];
  step: number[];
  lead: number[];
}

/**
 * Writes `visits` new visits one at a time through the store's functions, as the server does: the exposure, its
 * first step, and for one in ten a lead routed to a buyer whose delivery is then recorded delivered at £22.
 */
export async function writeSingleVisits(db: Kysely<Database>, flow: CorpusFlow, periodId: string, label: string, visits: number): Promise<SingleWrites> {
  const times: SingleWrites = { exposure: [], step: [], lead: [] };
  const at = new Date("2026-03-20T10:00:00Z");
  const timed = async (into: number[], write: () => Promise<unknown>) => {
    const began = performance.now();
    await write();
    into.push(performance.now() - began);
  };
  for (let i = 0; i < visits; i++) {
    const visitId = `single-${label}-${i}`;
    const version = Number(Object.keys(flow.weights)[i % Object.keys(flow.weights).length]);
    await timed(times.exposure, () => recordExposure(db, { flowId: flow.id, periodId, visitId, version, at, device: "phone", source: "direct" }));
    await timed(times.step, () => recordStepReach(db, { flowId: flow.id, periodId, visitId, stepId: flow.versions.find((v) => v.version === version)?.flow?.start ?? "start" }));
    if (i % 10 !== 0) continue;
    await timed(times.lead, async () => {
      const lead = { flowId: flow.id, flowVersion: version, productType: "businessEnergy", serviceType: "business-energy", testMode: false, responseCode: "1" as const, answers: {}, receivedAt: at, visitId };
      const offer = { buyerKey: "buyer", buyerId: "1", buyerName: "Buyer", dailyCap: 1_000_000_000, firstAttemptAt: at, responseCode: "1" as const };
      const noOne = { code: "0" as const, note: "none" };
      await insertRoutedLead(db, lead, { exclusive: [], generic: [offer], maxGeneric: 1, duplicateWindowMs: 0, capDay: label, noBuyer: noOne, duplicate: noOne });
    });
  }
  // The worker's side: every delivery of the sample recorded delivered.
  for (const row of await claimDueDeliveries(db, { worker: "bench", now: at, leaseMs: 60_000, limit: visits })) {
    await recordAttempt(db, row, "bench", { startedAt: at, durationMs: 1, outcome: "delivered" }, { status: "delivered", resultCode: 1, pricePence: 2200 }, at);
  }
  return times;
}
