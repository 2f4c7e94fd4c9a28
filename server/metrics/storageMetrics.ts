/**
 * The store: whether the database answers and work waiting for it (the SQLite writer's queue, or PostgreSQL's
 * pool), read at each scrape; how long the SQLite writer's group commits take; and the errors the store gave, by
 * the part of the process that met them. Every series is always registered, so one dashboard serves both stores:
 * the one not in use stays at 0.
 */
import { sql, type Kysely } from "kysely";
import { Counter, Gauge, Histogram, type Registry } from "prom-client";
import { isPostgres, waitingWork } from "../storage/connection";
import type { Database } from "../storage/schema";
import { everyCombination, startAtZero } from "./labels";

/** Where a store error was met: answering a request, sending deliveries, or reading the queue for a scrape. */
export type StorePart = "request" | "delivery" | "scrape";
const PARTS: StorePart[] = ["request", "delivery", "scrape"];

/** How long a scrape waits for the database to answer `select 1` before calling it unreachable. */
const REACH_TIMEOUT_MS = 2000;

/** Seconds: a group commit is one fsync, about a millisecond on a good disk. */
const COMMIT_BUCKETS = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 1];

/** The storage series. */
export interface StorageMetrics {
  /** One SQLite group commit, BEGIN to the end of COMMIT (give it to openDatabase as `onCommit`). */
  committed(seconds: number): void;
  /** The database whose waiting work the gauges read. */
  watch(db: Kysely<Database>): void;
  /** An operation the database failed (an error from it, or no answer). */
  failed(part: StorePart): void;
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
  const errors = new Counter({
    name: "switchplan_store_errors_total",
    help: "Operations the database failed (an error, or no connection), by where: request (a request answered 500), delivery (the worker's queue reads and records), scrape (the queue gauges).",
    labelNames: ["part"],
    registers: [registry],
  });
  startAtZero(errors, everyCombination({ part: PARTS }));
  new Gauge({
    name: "switchplan_database_reachable",
    help: `1 while the database answers a query within ${REACH_TIMEOUT_MS / 1000} s at each scrape, 0 while it does not (the queue gauges then keep their last values).`,
    registers: [registry],
    async collect() {
      if (!watched) return;
      this.set((await answers(watched)) ? 1 : 0);
    },
  });
  return {
    failed: (part) => errors.inc({ part }),
    committed: (seconds) => commits.observe(seconds),
    watch(db) {
      watched = db;
    },
  };
}

/** Whether the database answers `select 1` within REACH_TIMEOUT_MS. */
export async function answers(db: Kysely<Database>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), REACH_TIMEOUT_MS)));
  const asked = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([asked, late]);
  } finally {
    clearTimeout(timer);
  }
}
