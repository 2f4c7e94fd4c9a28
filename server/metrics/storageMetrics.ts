/**
 * The store: work waiting for it (the SQLite writer's queue, or PostgreSQL's pool) read at each scrape, and how
 * long the SQLite writer's group commits take. Both series are always registered, so one dashboard serves both
 * stores: the one not in use stays at 0.
 */
import type { Kysely } from "kysely";
import { Gauge, Histogram, type Registry } from "prom-client";
import { isPostgres, waitingWork } from "../storage/connection";
import type { Database } from "../storage/schema";

/** Seconds: a group commit is one fsync, about a millisecond on a good disk. */
const COMMIT_BUCKETS = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 1];

/** The storage series. */
export interface StorageMetrics {
  /** One SQLite group commit, BEGIN to the end of COMMIT (give it to openDatabase as `onCommit`). */
  committed(seconds: number): void;
  /** The database whose waiting work the gauges read. */
  watch(db: Kysely<Database>): void;
}

/** Registers the storage series on `registry`. */
export function storageMetrics(registry: Registry): StorageMetrics {
  let watched: Kysely<Database> | undefined;
  const waiting = (dialect: "sqlite" | "postgres") => () => (watched && isPostgres(watched) === (dialect === "postgres") ? waitingWork(watched) : 0);
  new Gauge({
    name: "switchplan_sqlite_writer_queue",
    help: "Requests sent to the SQLite writer thread and not yet committed and answered (0 on PostgreSQL).",
    registers: [registry],
    collect() {
      this.set(waiting("sqlite")());
    },
  });
  new Gauge({
    name: "switchplan_postgres_pool_waiting",
    help: "Queries waiting for a connection from the PostgreSQL pool (0 on SQLite).",
    registers: [registry],
    collect() {
      this.set(waiting("postgres")());
    },
  });
  const commits = new Histogram({
    name: "switchplan_sqlite_commit_seconds",
    help: "Time the SQLite writer takes over one group commit, BEGIN to the end of COMMIT with its fsync (none on PostgreSQL).",
    buckets: COMMIT_BUCKETS,
    registers: [registry],
  });
  return {
    committed: (seconds) => commits.observe(seconds),
    watch(db) {
      watched = db;
    },
  };
}
