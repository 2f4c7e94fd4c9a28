/** Rebuilding the experiment counts as one unit of work, so a report never reads them half done. */
import type { Kysely } from "kysely";
import { runUnit } from "../connection";
import type { Database } from "../schema";
import { rebuildAggregates, type RebuildResult, type RebuildScope } from "./rebuildAggregates";

/** The unit behind rebuildExperimentCounts. */
export function storeRebuild(db: Kysely<Database>, scope: RebuildScope): Promise<RebuildResult> {
  return rebuildAggregates(db, scope);
}

/**
 * Recomputes the experiment counts of a flow's period, a flow, or everything from the exposures, steps reached, leads
 * and deliveries. On SQLite the writer does nothing else meanwhile (seconds per million exposures).
 */
export function rebuildExperimentCounts(db: Kysely<Database>, scope: RebuildScope = {}): Promise<RebuildResult> {
  return runUnit(db, storeRebuild, scope);
}
