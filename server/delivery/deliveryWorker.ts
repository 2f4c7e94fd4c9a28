/**
 * The delivery worker: claims due delivery rows (and withdrawal notices), sends each to its buyer, records the
 * attempt and decides what follows (done, retry later, dead letter). It keeps up to `concurrency` sends in
 * flight, sleeps when there is nothing due, and wakes early when a new lead arrives. Any number of
 * workers can share a PostgreSQL database; rows left mid-send by a crash are taken again once their
 * lease lapses, so a restart resumes them.
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { claimDueNotices } from "../storage/consentNoticesStore";
import { claimDueDeliveries } from "../storage/deliveriesStore";
import { isStoreError } from "../storage/storeErrors";
import { sendDelivery, type SendDeliveryOptions } from "./sendDelivery";
import { sendNotice } from "./sendNotice";

/** A running worker. */
export interface DeliveryWorker {
  /** This worker's name in lease and attempt rows. */
  readonly name: string;
  /** Looks for due rows now rather than at the next poll. */
  wake(): void;
  /** False from a failed read of the queue until the next one that succeeds. */
  queueReadable(): boolean;
  /** Stops claiming, waits for sends in flight, and resolves. */
  stop(): Promise<void>;
}

/** What the worker needs: what each send needs, and a clock. */
export interface DeliveryWorkerOptions extends SendDeliveryOptions {
  now?: () => Date;
}

/** A send may take the time-out, then its result is written: the lease covers both with room to spare. */
const LEASE_MARGIN_MS = 2000;
/** After a database error the worker waits a poll, at most this long, before trying again. */
const ERROR_PAUSE_MS = 1000;
/** While the queue cannot be read, the failures are counted in one line a minute; the first is logged with its error. */
const FAILURES_LINE_MS = 60_000;

/** A time the queue could not be read, from its first failure. */
interface QueueTrouble {
  since: Date;
  failures: number;
  loggedAt: number;
}

/** Starts a worker at once. */
export function startDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { db, settings, log } = options;
  const now = options.now ?? (() => new Date());
  const name = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  // A nudge that comes while the loop is busy is kept, so the next pause returns at once.
  let nudged = false;
  let endPause: (() => void) | undefined;
  let trouble: QueueTrouble | undefined;
  const readFailed = (error: unknown, at: Date) => {
    if (!trouble) {
      trouble = { since: at, failures: 1, loggedAt: at.getTime() };
      log.error({ err: error }, "the delivery worker could not read the queue");
      return;
    }
    trouble.failures += 1;
    if (at.getTime() - trouble.loggedAt < FAILURES_LINE_MS) return;
    trouble.loggedAt = at.getTime();
    log.error({ failures: trouble.failures, since: trouble.since.toISOString() }, "the delivery worker still cannot read the queue");
  };
  const readAgain = () => {
    if (!trouble) return;
    log.info({ failures: trouble.failures, since: trouble.since.toISOString() }, "the delivery worker reads the queue again");
    trouble = undefined;
  };
  const nudge = () => {
    nudged = true;
    endPause?.();
  };

  /** Resolves on a nudge (a new lead, a send finishing, stop) or after `ms`. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        endPause = undefined;
        nudged = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      if (nudged) done();
      else endPause = done;
    });

  /** Keeps a send in flight until it settles, logging a failure of its own (the store's, never the buyer's). */
  const track = (sending: Promise<void>, about: Record<string, string>, message: string) => {
    const send: Promise<void> = sending
      .catch((error: unknown) => {
        if (isStoreError(error)) options.metrics?.storeFailed();
        log.error({ err: error, ...about }, message);
      })
      .finally(() => {
        inFlight.delete(send);
        nudge();
      });
    inFlight.add(send);
  };

  const loop = async () => {
    while (!stopped) {
      const room = settings.concurrency - inFlight.size;
      let claimed = 0;
      if (room > 0) {
        const at = now();
        try {
          const claim = { worker: name, now: at, leaseMs: settings.timeoutMs + LEASE_MARGIN_MS, limit: room };
          const rows = await claimDueDeliveries(db, claim);
          // Withdrawal notices share the room left: a delivery of their own, in the same queue's turns.
          const notices = rows.length < room ? await claimDueNotices(db, { ...claim, limit: room - rows.length }) : [];
          claimed = rows.length + notices.length;
          readAgain();
          for (const row of rows) track(sendDelivery(options, name, row, now), { deliveryId: row.id, leadId: row.lead_id }, "delivery failed inside the worker");
          for (const notice of notices) track(sendNotice(options, name, notice, now), { noticeId: notice.id, leadId: notice.lead_id }, "withdrawal notice failed inside the worker");
        } catch (error) {
          if (stopped) break;
          options.metrics?.storeFailed();
          readFailed(error, at);
          await pause(Math.min(ERROR_PAUSE_MS, settings.pollMs));
          continue;
        }
      }
      // A full batch may mean more is due: look again at once. Otherwise wait for a nudge or the poll.
      if (claimed === 0 || claimed < room) await pause(settings.pollMs);
    }
    await Promise.allSettled(inFlight);
  };

  const unsigned = options.buyers.buyers.filter((b) => !options.secrets[b.delivery.secretEnv]).map((b) => b.key);
  if (unsigned.length > 0) log.warn({ buyers: unsigned }, "these buyers' signing secrets are not set: their deliveries wait until they are");
  log.info({ worker: name }, "delivery worker started");
  const running = loop();
  return {
    name,
    wake: nudge,
    queueReadable: () => trouble === undefined,
    async stop() {
      stopped = true;
      nudge();
      await running;
      log.info({ worker: name }, "delivery worker stopped");
    },
  };
}
