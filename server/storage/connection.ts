/**
 * What a database opened by openDatabase can do beyond Kysely's query builder: whether it is PostgreSQL, and
 * how it runs a storage unit (storageUnits.ts) atomically — its own transaction on PostgreSQL, a
 * savepoint in the writer thread's next group commit on SQLite. It knows no unit by name: each store hands
 * over its own, so the stores, the registry and this module import one another in one direction only.
 */
import { PostgresAdapter, type Kysely } from "kysely";
import type { Database } from "./schema";

/** A write that must happen together: it takes the database inside its unit of work and plain-data arguments. */
export type StorageUnit<A, R> = (db: Kysely<Database>, args: A) => Promise<R>;

/** Runs a unit with its arguments (plain data, as they may cross to another thread) and resolves once it is committed. */
export type UnitRunner = <A, R>(unit: StorageUnit<A, R>, args: A) => Promise<R>;

interface Connection {
  runUnit: UnitRunner;
  /** Work waiting for the store: requests queued for the SQLite writer, or queries waiting for a pooled PostgreSQL connection. */
  waiting: () => number;
}

const connections = new WeakMap<Kysely<Database>, Connection>();

/** Called by openDatabase for each database it opens. */
export function registerConnection(db: Kysely<Database>, connection: Connection): void {
  connections.set(db, connection);
}

/**
 * Whether a database is PostgreSQL (row locks with SKIP LOCKED) rather than SQLite: asked of its adapter, so a
 * transaction inside a unit answers as the database it belongs to.
 */
export function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The work waiting for the database now (see Connection.waiting); 0 for one not opened here. */
export function waitingWork(db: Kysely<Database>): number {
  return connections.get(db)?.waiting() ?? 0;
}

/** Runs a storage unit atomically on the database and resolves with its result once committed. */
export function runUnit<A, R>(db: Kysely<Database>, unit: StorageUnit<A, R>, args: A): Promise<R> {
  const connection = connections.get(db);
  if (!connection) throw new Error(`runUnit(${unit.name}): the database was not opened by openDatabase`);
  return connection.runUnit(unit, args);
}
