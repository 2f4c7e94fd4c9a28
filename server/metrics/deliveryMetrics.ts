/**
 * Delivery to buyers: attempts by outcome, each buyer's send time and dead deliveries, counted by the worker that
 * made them, and the queue read from the database at each scrape: depth by buyer, the age of each buyer's
 * longest-waiting due row, of its oldest waiting row due or not, what was given up on lately and not put back, and
 * what waits for a signing secret. Every process reads the same queue: on a dashboard take the max over instances,
 * never the sum.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { Counter, Gauge, Histogram, type Registry } from "prom-client";
import type { BuyerDirectory } from "../buyers/buyerDirectory";
import { DEAD_COUNT_CAP, QUEUE_COUNT_CAP, deadSinceByBuyer, oldestDueSecondsByBuyer, oldestWaitingSecondsByBuyer, waitingByBuyer } from "../storage/deliveryQueue";
import type { Database } from "../storage/schema";
import { OTHER, everyCombination, knownOr, startAtZero } from "./labels";

const OUTCOMES = ["delivered", "duplicate", "rejected", "retry"];

/** How far back the recent dead rows are read: longer than the alert's 15 minutes, which a requeue then clears at once. */
const DEAD_RECENT_MS = 60 * 60_000;

/** Seconds one send to a buyer takes, up to the delivery time-out (10 s by default). */
const SEND_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The delivery series the worker counts. */
export interface DeliveryMetrics {
  /** One send to a buyer: delivered, duplicate, rejected or retry, and how long it took. */
  attempted(buyerKey: string, outcome: string, seconds: number): void;
  /** A delivery given up on (its attempts used up, or its buyer gone from the buyers file). */
  dead(buyerKey: string): void;
  /** The worker could not read the queue or record a send: the database failed. */
  storeFailed(): void;
}

/** What the queue gauges read. */
export interface DeliveryQueueSource {
  db: Kysely<Database>;
  buyers: BuyerDirectory;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Where this process reads buyers' signing secrets, when it sends deliveries (the held gauge is exported only then). */
  secrets?: NodeJS.ProcessEnv;
  /** Hears an operation the database failed: the worker's (delivery) or a scrape's queue read (scrape). */
  storeFailed: (part: "delivery" | "scrape") => void;
}

/** Registers the delivery series on `registry`; the queue gauges query `source.db` when scraped. */
export function deliveryMetrics(registry: Registry, source: DeliveryQueueSource): DeliveryMetrics {
  const { db, buyers, now, secrets } = source;
  const registers = [registry];
  const keys = buyers.buyers.map((b) => b.key);
  const known = new Set(keys);
  const attempts = new Counter({ name: "switchplan_delivery_attempts_total", help: "Sends to buyers, by buyer and outcome (delivered, duplicate, rejected, retry).", labelNames: ["buyer", "outcome"], registers });
  const sendTime = new Histogram({ name: "switchplan_delivery_send_seconds", help: "Time one send to a buyer took, from the request to its answer or time-out, by buyer.", labelNames: ["buyer"], buckets: SEND_BUCKETS, registers });
  const dead = new Counter({ name: "switchplan_delivery_dead_total", help: "Deliveries given up on (dead letters), by buyer.", labelNames: ["buyer"], registers });
  // Counted from 0 where deliveries are sent, so the first failure after a start shows in increase(); a process that
  // sends none (a server with DELIVERY_WORKER=off) leaves them out: they were two fifths of each scrape's text.
  if (secrets) {
    startAtZero(attempts, everyCombination({ buyer: keys, outcome: OUTCOMES }));
    startAtZero(sendTime, everyCombination({ buyer: keys }));
    startAtZero(dead, everyCombination({ buyer: keys }));
  }
  const read = <T>(what: () => Promise<T>) => readQueue(source, what);

  let lastWaiting = new Map<string, number>();
  new Gauge({
    name: "switchplan_delivery_queue_depth",
    help: `Deliveries waiting or being sent, by buyer (counted up to ${QUEUE_COUNT_CAP} in all).`,
    labelNames: ["buyer"],
    registers,
    async collect() {
      const waiting = await read(() => waitingByBuyer(db));
      if (!waiting) return;
      lastWaiting = waiting;
      this.reset();
      // Every buyer has a series, at 0 when nothing waits for it, so a panel or an alert never sees a gap.
      for (const key of known) this.set({ buyer: key }, waiting.get(key) ?? 0);
      const others = [...waiting].filter(([key]) => !known.has(key)).reduce((sum, [, count]) => sum + count, 0);
      if (others > 0) this.set({ buyer: OTHER }, others);
    },
  });
  perBuyerGauge(registry, "switchplan_delivery_oldest_waiting_seconds", "How long each buyer's longest-waiting delivery has been due and not sent, in seconds (0 when none is due).", () =>
    read(() => oldestDueSecondsByBuyer(db, keys, now())),
  );
  perBuyerGauge(
    registry,
    "switchplan_delivery_oldest_pending_seconds",
    "Age of each buyer's oldest delivery not yet settled, due or not (held for a secret, in back-off after failures), in seconds since its lead was stored (0 when none waits).",
    () => read(() => oldestWaitingSecondsByBuyer(db, keys, now())),
  );
  perBuyerGauge(
    registry,
    "switchplan_delivery_dead_recent",
    `Deliveries given up on in the last hour (their last attempt in it) and not put back, by buyer (counted up to ${DEAD_COUNT_CAP}): 0 once they are requeued.`,
    () => read(() => deadSinceByBuyer(db, keys, new Date(now().getTime() - DEAD_RECENT_MS))),
  );
  new Gauge({
    name: "switchplan_delivery_buyer_open",
    help: "1 while a buyer's delivery hours (its delivery.hours) are open, else 0: outside them its deliveries wait without an attempt.",
    labelNames: ["buyer"],
    registers,
    collect() {
      for (const buyer of buyers.buyers) this.set({ buyer: buyer.key }, buyer.deliveryHours.isOpen(now()) ? 1 : 0);
    },
  });
  if (secrets) {
    new Gauge({ name: "switchplan_delivery_worker", help: "1 in a process that runs a delivery worker (DELIVERY_WORKER=on, or npm run worker).", registers }).set(1);
    perBuyerGauge(registry, "switchplan_delivery_held", "Deliveries waiting for a buyer whose signing secret (its secretEnv) is not set in this process: none of them is sent until it is.", async () => {
      const waiting = await read(() => waitingByBuyer(db));
      return new Map(buyers.buyers.map((b) => [b.key, secrets[b.delivery.secretEnv] ? 0 : ((waiting ?? lastWaiting).get(b.key) ?? 0)]));
    });
  }
  return {
    attempted(buyerKey, outcome, seconds) {
      const buyer = knownOr(buyerKey, known);
      attempts.inc({ buyer, outcome: knownOr(outcome, new Set(OUTCOMES)) });
      sendTime.observe({ buyer }, seconds);
    },
    dead: (buyerKey) => dead.inc({ buyer: knownOr(buyerKey, known) }),
    storeFailed: () => source.storeFailed("delivery"),
  };
}

/** A gauge with one series per buyer, set from `values` at each scrape (left as it was when the read failed). */
function perBuyerGauge(registry: Registry, name: string, help: string, values: () => Promise<Map<string, number> | undefined>): void {
  new Gauge({
    name,
    help,
    labelNames: ["buyer"],
    registers: [registry],
    async collect() {
      const read = await values();
      if (!read) return;
      for (const [key, value] of read) this.set({ buyer: key }, value);
    },
  });
}

/** A queue read, or undefined (logged, and counted as a store error) when the database does not answer: the scrape still returns every other series. */
async function readQueue<T>({ log, storeFailed }: DeliveryQueueSource, read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    storeFailed("scrape");
    log.warn({ err: error }, "metrics: the delivery queue could not be read");
    return undefined;
  }
}
