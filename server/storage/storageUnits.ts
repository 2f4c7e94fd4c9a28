/**
 * The writes that must happen together, by name. Each takes the database inside its own unit of work
 * and plain-data arguments, so SQLite's writer thread can run it in a group commit and PostgreSQL in a
 * transaction of its own; a unit never opens a transaction itself.
 */
import type { Kysely } from "kysely";
import { storeAttempt } from "./deliveriesStore";
import { storeErasure } from "./erasureStore";
import { storeRoutedLead } from "./leadsStore";
import type { Database } from "./schema";

/** Unit name → what it does inside the unit's transaction. */
export const storageUnits = {
  storeRoutedLead,
  recordAttempt: storeAttempt,
  eraseContact: storeErasure,
} satisfies Record<string, (db: Kysely<Database>, args: never) => Promise<unknown>>;

export type UnitName = keyof typeof storageUnits;
export type UnitArgs<N extends UnitName> = Parameters<(typeof storageUnits)[N]>[1];
export type UnitResult<N extends UnitName> = Awaited<ReturnType<(typeof storageUnits)[N]>>;

/** Runs a unit by name on a database already inside the unit's transaction (or savepoint). */
export function runUnitIn<N extends UnitName>(db: Kysely<Database>, name: N, args: UnitArgs<N>): Promise<UnitResult<N>> {
  const unit = storageUnits[name] as (db: Kysely<Database>, args: UnitArgs<N>) => Promise<UnitResult<N>>;
  return unit(db, args);
}
