/**
 * PostgreSQL: bringing the experiment counts up to date with what visitors' transactions wrote beside them (migration
 * 0022). Those transactions only insert: an exposure's or a step's change row, and, by a trigger, a counted lead's
 * visit on experiment_outcome_queue. Two jobs, each one at a time per store (a transaction-level advisory lock, so
 * instances never wait on each other in a circle), run every second by each server and before a report reads:
 * draining the queue (each visit's outcome recomputed from its lead and deliveries, visitOutcome.ts, which writes its
 * difference as a change), then folding the changes into the counts rows, summed per row, in one statement.
 */
import { sql, type Kysely } from "kysely";
import { isPostgres } from "../connection";
import type { Database } from "../schema";
import { SUMMED } from "./countsRows";
import { refreshVisitOutcome } from "./visitOutcome";

/** Visits whose outcomes one drain transaction counts, and changes one fold takes, at most. */
const DRAIN_BATCH = 200;
const FOLD_BATCH = 20_000;

type Job = "drain" | "fold";

/** Takes the store's lock for a job (a rebuild takes both) inside `trx`: waiting for it, or false at once when another holds it. */
export async function lockJob(trx: Kysely<Database>, job: Job, wait: boolean): Promise<boolean> {
  const key = sql`hashtext(current_schema() || ${`.experiment_counts_${job}`})`;
  if (wait) {
    await sql`select pg_advisory_xact_lock(${key})`.execute(trx);
    return true;
  }
  const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${key}) as locked`.execute(trx);
  return rows[0]?.locked === true;
}

/**
 * Counts the outcomes of the queued visits, DRAIN_BATCH a transaction, until the queue is empty (or, not waiting,
 * another instance is draining it); how many queue rows were taken. Each transaction commits without waiting for
 * the disk: a crash loses it whole, queue rows included, and the next drain counts them again.
 */
export async function drainOutcomeQueue(db: Kysely<Database>, { wait }: { wait: boolean }): Promise<number> {
  let taken = 0;
  for (;;) {
    const rows = await db.transaction().execute(async (trx) => {
      if (!(await lockJob(trx, "drain", wait))) return undefined;
      await sql`select set_config('synchronous_commit', 'off', true)`.execute(trx);
      const queued = await sql<{ flow_id: string; visit_id: string }>`
        delete from experiment_outcome_queue where id in (select id from experiment_outcome_queue order by id limit ${DRAIN_BATCH})
        returning flow_id, visit_id`.execute(trx);
      // Each visit once, in one order for every drain, whatever the queue's.
      const visits = [...new Map(queued.rows.map((r) => [`${r.flow_id}\n${r.visit_id}`, r])).entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      for (const [, visit] of visits) await refreshVisitOutcome(trx, visit.flow_id, visit.visit_id);
      return queued.rows.length;
    });
    if (rows === undefined) return taken;
    taken += rows;
    if (rows < DRAIN_BATCH) return taken;
  }
}

const summed = sql.raw(SUMMED.map((c) => `sum(${c})`).join(", "));
const columns = sql.raw(SUMMED.join(", "));
const added = (table: string) => sql.raw(SUMMED.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(", "));

/** Adds the changes waiting to their counts rows and deletes them, FOLD_BATCH at a time; how many were folded. */
export async function foldCountChanges(db: Kysely<Database>, { wait }: { wait: boolean }): Promise<number> {
  let folded = 0;
  for (;;) {
    const rows = await db.transaction().execute(async (trx) => {
      if (!(await lockJob(trx, "fold", wait))) return undefined;
      await sql`select set_config('synchronous_commit', 'off', true)`.execute(trx);
      const counts = await sql<{ taken: string }>`
        with taken as (
          delete from experiment_count_changes where id in (select id from experiment_count_changes order by id limit ${FOLD_BATCH})
          returning *
        ), by_day as (
          insert into experiment_counts (flow_id, period_id, flow_version, day, device, source, ${columns})
          select flow_id, period_id, flow_version, day, device, source, ${summed} from taken
          group by flow_id, period_id, flow_version, day, device, source
          on conflict (flow_id, period_id, flow_version, day, device, source) do update set ${added("experiment_counts")}
        ), by_hour as (
          insert into experiment_hour_counts (flow_id, period_id, hour, flow_version, device, source, ${columns})
          select flow_id, period_id, hour, flow_version, device, source, ${summed} from taken
          group by flow_id, period_id, hour, flow_version, device, source
          on conflict (flow_id, period_id, hour, flow_version, device, source) do update set ${added("experiment_hour_counts")}
        )
        select count(*) as taken from taken`.execute(trx);
      const steps = await sql<{ taken: string }>`
        with taken as (
          delete from experiment_step_count_changes where id in (select id from experiment_step_count_changes order by id limit ${FOLD_BATCH})
          returning *
        ), by_step as (
          insert into experiment_step_counts (flow_id, period_id, flow_version, step_id, visits)
          select flow_id, period_id, flow_version, step_id, sum(visits) from taken
          group by flow_id, period_id, flow_version, step_id
          on conflict (flow_id, period_id, flow_version, step_id) do update set visits = experiment_step_counts.visits + excluded.visits
        )
        select count(*) as taken from taken`.execute(trx);
      return Math.max(Number(counts.rows[0]?.taken ?? 0), Number(steps.rows[0]?.taken ?? 0));
    });
    if (rows === undefined) return folded;
    folded += rows;
    if (rows < FOLD_BATCH) return folded;
  }
}

/** Brings the counts up to date with every write committed before the call (a report's read); nothing on SQLite. */
export async function settleCounts(db: Kysely<Database>): Promise<void> {
  if (!isPostgres(db)) return;
  await drainOutcomeQueue(db, { wait: true });
  await foldCountChanges(db, { wait: true });
}

/**
 * Drains and folds every `intervalMs` while the store is open (PostgreSQL; nothing on SQLite); the returned function
 * stops it and waits for a round under way. A round that fails (the store away) is tried again at the next tick;
 * `onError` hears the first failure of a run of them.
 */
export function keepCountsFolded(db: Kysely<Database>, { intervalMs, onError }: { intervalMs: number; onError: (error: unknown) => void }): () => Promise<void> {
  if (!isPostgres(db)) return async () => undefined;
  let round: Promise<void> | undefined;
  let failing = false;
  const timer = setInterval(() => {
    // A round still under way (a long queue) is left to finish: the next tick looks again.
    round ??= (async () => {
      await drainOutcomeQueue(db, { wait: false });
      await foldCountChanges(db, { wait: false });
    })()
      .then(
        () => void (failing = false),
        (error: unknown) => {
          if (!failing) onError(error);
          failing = true;
        },
      )
      .finally(() => (round = undefined));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await round;
  };
}
