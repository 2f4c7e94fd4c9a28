/**
 * Delivery to buyers: attempts by outcome and dead deliveries, counted by the worker that made them, and the
 * queue (depth by buyer, the age of each buyer's longest-waiting due row) read from the database at each scrape. Every
 * process reads the same queue: on a dashboard take the max over instances, never the sum.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { Counter, Gauge, type Registry } from "prom-client";
import type { BuyerDirectory } from "../buyers/buyerDirectory";
import { QUEUE_COUNT_CAP, oldestDueSecondsByBuyer, waitingByBuyer } from "../storage/deliveryQueue";
import type { Database } from "../storage/schema";
import { OTHER, knownOr } from "./labels";

const OUTCOMES = new Set(["delivered", "duplicate", "rejected", "retry"]);

/** The delivery series the worker counts. */
export interface DeliveryMetrics {
  /** One send to a buyer: delivered, duplicate, rejected or retry. */
  attempted(buyerKey: string, outcome: string): void;
  /** A delivery given up on (its attempts used up, or its buyer gone from the buyers file). */
  dead(buyerKey: string): void;
}

/** What the queue gauges read. */
export interface DeliveryQueueSource {
  db: Kysely<Database>;
  buyers: BuyerDirectory;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** Registers the delivery series on `registry`; the queue gauges query `source.db` when scraped. */
export function deliveryMetrics(registry: Registry, { db, buyers, now, log }: DeliveryQueueSource): DeliveryMetrics {
  const registers = [registry];
  const known = new Set(buyers.buyers.map((b) => b.key));
  const attempts = new Counter({ name: "switchplan_delivery_attempts_total", help: "Sends to buyers, by buyer and outcome (delivered, duplicate, rejected, retry).", labelNames: ["buyer", "outcome"], registers });
  const dead = new Counter({ name: "switchplan_delivery_dead_total", help: "Deliveries given up on (dead letters), by buyer.", labelNames: ["buyer"], registers });
  new Gauge({
    name: "switchplan_delivery_queue_depth",
    help: `Deliveries waiting or being sent, by buyer (counted up to ${QUEUE_COUNT_CAP} in all).`,
    labelNames: ["buyer"],
    registers,
    async collect() {
      const waiting = await readQueue(log, () => waitingByBuyer(db));
      if (!waiting) return;
      this.reset();
      // Every buyer has a series, at 0 when nothing waits for it, so a panel or an alert never sees a gap.
      for (const key of known) this.set({ buyer: key }, waiting.get(key) ?? 0);
      const others = [...waiting].filter(([key]) => !known.has(key)).reduce((sum, [, count]) => sum + count, 0);
      if (others > 0) this.set({ buyer: OTHER }, others);
    },
  });
  new Gauge({
    name: "switchplan_delivery_oldest_waiting_seconds",
    help: "How long each buyer's longest-waiting delivery has been due and not sent, in seconds (0 when none is due).",
    labelNames: ["buyer"],
    registers,
    async collect() {
      const oldest = await readQueue(log, () => oldestDueSecondsByBuyer(db, [...known], now()));
      if (!oldest) return;
      for (const [key, seconds] of oldest) this.set({ buyer: key }, seconds);
    },
  });
  return {
    attempted: (buyerKey, outcome) => attempts.inc({ buyer: knownOr(buyerKey, known), outcome: knownOr(outcome, OUTCOMES) }),
    dead: (buyerKey) => dead.inc({ buyer: knownOr(buyerKey, known) }),
  };
}

/** A queue read, or undefined (logged) when the database does not answer: the scrape still returns every other series. */
async function readQueue<T>(log: FastifyBaseLogger, read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    log.warn({ err: error }, "metrics: the delivery queue could not be read");
    return undefined;
  }
}
