/**
 * The writes that must happen together, by name. Each takes the database inside its own unit of work
 * and plain-data arguments, so SQLite's writer thread can run it in a group commit and PostgreSQL in a
 * transaction of its own; a unit never opens a transaction itself. A store runs its unit with runUnit
 * (connection.ts); the name is how the unit crosses to SQLite's writer thread.
 */
import type { Kysely } from "kysely";
import type { StorageUnit } from "./connection";
import { storeAttempt, storeRequeue, storeSettlement } from "./deliveriesStore";
import { storeWithdrawal } from "./consentWithdrawalStore";
import { storeErasure } from "./erasureStore";
import { storeExposure, storeStepReach, storeVisitOutcome } from "./experiments/exposureWrites";
import { storeRebuild } from "./experiments/rebuildUnit";
import { storeRoutedLead, storeUnroutedLead } from "./leadsStore";
import { storeRequeueMatching } from "./operatorDeliveries";
import { storePublishedChanges } from "./publishedFlowsStore";
import type { Database } from "./schema";
import { storeNewFlow } from "./studioFlowsStore";

/** Unit name → what it does inside the unit's transaction. */
export const storageUnits = {
  storeRoutedLead,
  storeUnroutedLead,
  recordAttempt: storeAttempt,
  settleWithoutSending: storeSettlement,
  requeueDeliveries: storeRequeue,
  requeueMatchingDeliveries: storeRequeueMatching,
  eraseContact: storeErasure,
  withdrawConsent: storeWithdrawal,
  recordExposure: storeExposure,
  recordStepReach: storeStepReach,
  countVisitOutcome: storeVisitOutcome,
  rebuildExperimentCounts: storeRebuild,
  recordPublishedChanges: storePublishedChanges,
  recordNewFlow: storeNewFlow,
} satisfies Record<string, StorageUnit<never, unknown>>;

export type UnitName = keyof typeof storageUnits;

const names = new Map<StorageUnit<never, unknown>, UnitName>(Object.entries(storageUnits).map(([name, unit]) => [unit, name as UnitName]));

/** The name a unit is registered under; throws for a unit missing from storageUnits. */
export function unitName(unit: StorageUnit<never, unknown>): UnitName {
  const name = names.get(unit);
  if (name === undefined) throw new Error(`storage unit ${unit.name || "(anonymous)"} is not in server/storage/storageUnits.ts: add it there to run it`);
  return name;
}

/** Runs a unit by name on a database already inside the unit's transaction (or savepoint). */
export function runUnitIn(db: Kysely<Database>, name: UnitName, args: unknown): Promise<unknown> {
  const unit = storageUnits[name] as StorageUnit<unknown, unknown>;
  return unit(db, args);
}
