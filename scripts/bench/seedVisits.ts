/**
 * The store `npm run bench:server` starts from: N visits of business energy in its current period (exposures, steps,
 * leads, deliveries and their counts, by the bulk path of `bench:experiments`), so the analysts' report is read at
 * a realistic size rather than over an empty store.
 */
import path from "node:path";
import type { CorpusFlow } from "../../engine/core/flowCorpus";
import { currentPeriod } from "../../server/experiments/experimentPeriod";
import { openDatabase } from "../../server/storage/database";
import { ensurePeriod } from "../../server/storage/experimentStore";
import { rebuildExperimentCounts } from "../../server/storage/experiments/rebuildUnit";
import { FIRST_DAY, writeVisitsInBulk } from "./bulkVisits";

/** Writes `visits` visits of `flow` into the SQLite store under `dataDir` (as the server will open it); the time it took. */
export async function seedVisits(dataDir: string, flow: CorpusFlow, visits: number): Promise<number> {
  const began = performance.now();
  const period = currentPeriod(flow);
  if (!period) throw new Error(`${flow.id} has no version to serve: nothing to seed`);
  const db = await openDatabase({ file: path.join(dataDir, "leads.sqlite") });
  try {
    await ensurePeriod(db, flow.id, period, new Date(`${FIRST_DAY}T00:00:00Z`));
    if (visits > 0) await writeVisitsInBulk(db, { flow, periodId: period.id }, 0, visits);
    await rebuildExperimentCounts(db, { flowId: flow.id, periodId: period.id });
  } finally {
    await db.destroy();
  }
  return performance.now() - began;
}
