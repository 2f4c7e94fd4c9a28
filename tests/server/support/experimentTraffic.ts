/**
 * Visits through the store's own write functions, as the server makes them: exposures with their segments, steps
 * reached, leads routed to buyers (with their delivery rows), deliveries settled by the worker's writes, a requeue,
 * an erasure. Seeded, so a failing run can be replayed.
 */
import type { Kysely } from "kysely";
import type { CurrentPeriod } from "../../../server/experiments/experimentPeriod";
import { claimDueDeliveries, recordAttempt, requeueDeliveries, settleWithoutSending } from "../../../server/storage/deliveriesStore";
import { eraseContact } from "../../../server/storage/erasureStore";
import { ensurePeriod, recordExposure, recordStepReach } from "../../../server/storage/experimentStore";
import { namedSource } from "../../../server/storage/experiments/namedSources";
import { insertLead, insertRoutedLead, type BuyerOffer, type NewLead, type RoutedLeadOptions } from "../../../server/storage/leadsStore";
import type { Database } from "../../../server/storage/schema";

/** A small seeded random number generator (mulberry32): the same seed, the same traffic. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const FLOW = "traffic-flow";
const T0 = new Date("2026-03-28T22:30:00Z"); // the night London's clocks go forward: days change at 00:00 and 23:00 UTC
const HOUR = 3_600_000;

/** A period of the traffic's flow. */
export const periodOf = (id: string): CurrentPeriod => ({ id, weights: { "1": 50, "2": 50 }, control: 1 });

const offer = (key: string, at: Date): BuyerOffer => ({ buyerKey: key, buyerId: key, buyerName: key, dailyCap: 1_000_000, firstAttemptAt: at, responseCode: "1" });

/** Routing to `buyers` (none: the lead goes to no buyer), each offered at `at`. */
export const routing = (buyers: string[], at: Date): RoutedLeadOptions => ({
  exclusive: [],
  generic: buyers.map((key) => offer(key, at)),
  maxGeneric: 3,
  duplicateWindowMs: HOUR,
  capDay: "2026-03-29",
  noBuyer: { code: "0", note: "no buyer" },
  duplicate: { code: "2", note: "duplicate" },
});

/**
 * Lead n of a visit to business energy's questions, in `flowId` (the traffic's flow unless named), with one of
 * `phones` phone numbers (n modulo it): a few share a number, so some leads are stored as duplicates of another.
 */
export const countedLead = (n: number, visitId: string, version: number, at: Date, { testMode = false, flowId = FLOW, phones = 97 } = {}): NewLead => ({
  flowId,
  flowVersion: version,
  productType: "businessEnergy",
  serviceType: "business-energy",
  testMode,
  responseCode: "1",
  answers: { phone: `020 7946 ${String(n % phones).padStart(4, "0")}`, email: `p${n}@example.com` },
  receivedAt: at,
  visitId,
});

const SOURCES = ["direct", "google", "bing", ...Array.from({ length: 24 }, (_, i) => `partner-${i}`)];
const DEVICES = ["phone", "tablet", "desktop"] as const;
const STEPS = ["start", "spend", "address", "contact"];

/** Drives `visits` random visits through two periods, settles deliveries, requeues some, erases one contact. */
export async function driveRandomTraffic(db: Kysely<Database>, seed: number, visits: number): Promise<void> {
  const random = seeded(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const [first, second] = [periodOf("periodaaaaaa"), periodOf("periodbbbbbb")];
  await ensurePeriod(db, FLOW, first, T0);
  let leads = 0;
  const leadIds: string[] = [];
  for (let v = 0; v < visits; v++) {
    const visitId = `visit-${seed}-${v}`;
    const at = new Date(T0.getTime() + v * (4 * HOUR) / visits);
    const version = random() < 0.5 ? 1 : 2;
    const source = await namedSource(db, FLOW, pick(SOURCES));
    const exposure = { flowId: FLOW, periodId: first.id, visitId, version, at, device: pick(DEVICES), source };
    // A beacon may arrive before the page's own count; and a reload counts nothing more.
    if (random() < 0.1) await recordStepReach(db, { flowId: FLOW, periodId: first.id, visitId, stepId: "spend" });
    await recordExposure(db, exposure);
    if (random() < 0.3) await recordExposure(db, exposure);
    for (const stepId of STEPS) if (random() < 0.6) await recordStepReach(db, { flowId: FLOW, periodId: first.id, visitId, stepId });
    const leadCount = random() < 0.5 ? 0 : random() < 0.8 ? 1 : 2;
    for (let l = 0; l < leadCount; l++) {
      const kind = random();
      const made = countedLead(leads++, visitId, random() < 0.95 ? version : 3 - version, new Date(at.getTime() + l * 1000), { testMode: kind < 0.05 });
      if (kind < 0.15) await insertLead(db, { ...made, responseCode: kind < 0.05 ? "99" : "100" });
      else leadIds.push((await insertRoutedLead(db, made, routing(["a", "b", "c"].filter(() => random() < 0.6), at))).leadId);
    }
  }
  await settleSome(db, random, new Date(T0.getTime() + 5 * HOUR));
  // An operator puts some back in the queue: their visits are pending again.
  for (const id of leadIds) if (random() < 0.3) await requeueDeliveries(db, id, new Date(T0.getTime() + 6 * HOUR));
  await settleSome(db, random, new Date(T0.getTime() + 7 * HOUR));
  // A new period meets some visits again, their leads already stored.
  await ensurePeriod(db, FLOW, second, new Date(T0.getTime() + 8 * HOUR));
  for (let v = 0; v < visits; v += 3) {
    const at = new Date(T0.getTime() + 8 * HOUR + v * 1000);
    await recordExposure(db, { flowId: FLOW, periodId: second.id, visitId: `visit-${seed}-${v}`, version: random() < 0.5 ? 1 : 2, at, device: pick(DEVICES), source: "direct" });
  }
  await eraseContact(db, "email", "p3@example.com", new Date(T0.getTime() + 9 * HOUR));
}

/** The worker's writes on every due delivery: delivered at a price, a duplicate, rejected, retried, dead, or settled unsent. */
async function settleSome(db: Kysely<Database>, random: () => number, now: Date): Promise<void> {
  const claimed = await claimDueDeliveries(db, { worker: "w", now, leaseMs: HOUR, limit: 10_000 });
  // In a fixed order (a store returns claimed rows in any order), so a seed gives the same outcomes on every run.
  claimed.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.buyer_key.localeCompare(b.buyer_key) || a.lead_id.localeCompare(b.lead_id));
  for (const row of claimed) {
    const roll = random();
    const attempt = { startedAt: now, durationMs: 5, outcome: "delivered" };
    if (roll < 0.4) await recordAttempt(db, row, "w", attempt, { status: "delivered", resultCode: 1, pricePence: [2200, 1850, 600][Math.floor(random() * 3)]! }, now);
    else if (roll < 0.5) await recordAttempt(db, row, "w", { ...attempt, outcome: "duplicate" }, { status: "duplicate", resultCode: 2 }, now);
    else if (roll < 0.6) await recordAttempt(db, row, "w", { ...attempt, outcome: "rejected" }, { status: "rejected", resultCode: -1 }, now);
    else if (roll < 0.75) await recordAttempt(db, row, "w", { ...attempt, outcome: "retry" }, { status: "pending", nextAttemptAt: now }, now);
    else if (roll < 0.9) await recordAttempt(db, row, "w", { ...attempt, outcome: "retry" }, { status: "dead", error: "gave up" }, now);
    else await settleWithoutSending(db, row.id, "w", "dead", "buyer left", now);
  }
}
