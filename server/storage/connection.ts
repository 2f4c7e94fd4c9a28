/**
 * What a database opened by openDatabase can do beyond Kysely's query builder: which dialect it speaks,
 * and how it runs a storage unit (storageUnits.ts) atomically — its own transaction on PostgreSQL, a
 * savepoint in the writer thread's next group commit on SQLite.
 */
import type { Kysely } from "kysely";
import type { Database } from "./schema";
import type { UnitArgs, UnitName, UnitResult } from "./storageUnits";

/** Runs a named unit with its arguments (plain data, as it may cross to another thread) and resolves once it is committed. */
export type UnitRunner = <N extends UnitName>(name: N, args: UnitArgs<N>) => Promise<UnitResult<N>>;

interface Connection {
  dialect: "sqlite" | "postgres";
  runUnit: UnitRunner;
}

const connections = new WeakMap<Kysely<Database>, Connection>();

/** Called by openDatabase for each database it opens. */
export function registerConnection(db: Kysely<Database>, connection: Connection): void {
  connections.set(db, connection);
}

/** Whether a database opened here is PostgreSQL (row locks with SKIP LOCKED) rather than SQLite. */
export function isPostgres(db: Kysely<Database>): boolean {
  return connections.get(db)?.dialect === "postgres";
}

/** Runs a storage unit atomically on the database and resolves with its result once committed. */
export function runUnit<N extends UnitName>(db: Kysely<Database>, name: N, args: UnitArgs<N>): Promise<UnitResult<N>> {
  const connection = connections.get(db);
  if (!connection) throw new Error(`runUnit("${name}"): the database was not opened by openDatabase`);
  return connection.runUnit(name, args);
}
