/**
 * The races, each from a client address of its own (so the default limits leave it whole), each checking its own
 * promise at once: a contact step posted 20 at once stores one lead with one set of deliveries; copies of one form
 * move the kept revision once; /api/leads with one submission key 20 at once stores one lead; a visit's step
 * beacons sent out of order (their effect is checked at the end, on the funnel).
 */
import type { Kysely } from "kysely";
import type { Database } from "../../server/storage/schema";
import { QUOTE_COOKIE, VISIT_COOKIE, type Ledger } from "./ledger";
import { signedId } from "./loopback";
import { BROWSER_AGENT, contactOf, ENERGY_STEPS, PlainVisitor } from "./plainVisitor";
import { businessEnergyV1Answers } from "../support/sampleLead";

/** What a race needs: where to send, what to read, and a fresh person and address per call. */
export interface RaceContext {
  ledger: Ledger;
  db: Kysely<Database>;
  origin: string;
  next(): number;
  /** A client address no other request uses. */
  freshAddress(): string;
  /** A flow's steps in one version, for beacons. */
  beaconSteps: Array<{ flowId: string; version: number; steps: string[] }>;
}

/** The same quote's contact step posted 20 at once, with the same or different details: broken promises, if any. */
export async function contactRace(c: RaceContext, different: boolean): Promise<string[]> {
  const visitor = new PlainVisitor(c.ledger, c.origin, c.freshAddress());
  const stuck = await visitor.answer("race: contact step, walk");
  if (stuck) return [`walking a quote to its contact step, ${stuck}`];
  const people = Array.from({ length: 20 }, (_, i) => (different || i === 0 ? c.next() : undefined));
  const base = people[0]!;
  await Promise.all(people.map((n) => visitor.post("race: contact step ×20", "contact", { ...contactOf(n ?? base), company_website: "" })));
  const emails = [...new Set(people.map((n) => contactOf(n ?? base).email))];
  const leads = await c.db.selectFrom("leads").select("id").where("email", "in", emails).execute();
  const broken = leads.length === 1 ? [] : [`a contact step posted 20 at once (${different ? "different" : "the same"} details) stored ${leads.length} leads`];
  return [...broken, ...(await oneSetOfDeliveries(c.db, leads.map((l) => l.id)))];
}

/** `copies` copies of one form of a quote, at once: the kept revision moves once. */
export async function copiesRace(c: RaceContext, copies: number): Promise<string[]> {
  const visitor = new PlainVisitor(c.ledger, c.origin, c.freshAddress());
  const upTo = 1 + (c.next() % (ENERGY_STEPS.length - 1));
  const stuck = await visitor.answer("race: copies of a form, walk", upTo);
  if (stuck) return [`walking a quote, ${stuck}`];
  const sessionId = signedId(visitor.cookies.get(QUOTE_COOKIE) ?? "");
  const before = await keptRevision(c.db, sessionId);
  const [step, form] = ENERGY_STEPS[upTo]!;
  const answers = await Promise.all(Array.from({ length: copies }, () => visitor.post(`race: copies of a form ×${copies}`, step, form)));
  const after = await keptRevision(c.db, sessionId);
  const moved = answers.some((a) => a.status === 303) ? 1 : 0;
  if (before === undefined) return ["a walked quote has no kept session"];
  return after === before + moved ? [] : [`${copies} copies of one form moved the kept revision from ${before} to ${after}`];
}

/** POST /api/leads 20 times at once with one submission key: one lead, one set of deliveries. */
export async function submissionKeyRace(c: RaceContext): Promise<string[]> {
  const n = c.next();
  const key = `fuzz-key-${n}-${"k".repeat(8)}`;
  const body = JSON.stringify({
    flowId: "business-energy",
    version: 1,
    answers: { ...businessEnergyV1Answers, ...contactOf(n) },
    contactConsent: { wording: "Fuzz consent", buyers: ["Bionic", "Energy Switchers", "Save Energy UK", "Tem"] },
    submissionKey: key,
  });
  const from = c.freshAddress();
  await Promise.all(
    Array.from({ length: 20 }, () =>
      c.ledger.hit("race: /api/leads, one key ×20", { method: "POST", path: "/api/leads", from, headers: { "content-type": "application/json", origin: c.origin, "user-agent": BROWSER_AGENT }, body }, false),
    ),
  );
  const leads = await c.db.selectFrom("leads").select("id").where((w) => w.or([w("submission_key", "=", key), w("email", "=", contactOf(n).email)])).execute();
  const broken = leads.length === 1 ? [] : [`/api/leads posted 20 at once with one submission key stored ${leads.length} leads`];
  return [...broken, ...(await oneSetOfDeliveries(c.db, leads.map((l) => l.id)))];
}

/** A visit's step beacons, sent out of order and at once, with some for steps of another flow or version. */
export async function beaconsOutOfOrder(c: RaceContext): Promise<string[]> {
  const pick = c.beaconSteps[c.next() % c.beaconSteps.length]!;
  const from = c.freshAddress();
  const page = await c.ledger.hit("race: beacons, quote version", { method: "GET", path: `/api/quote-version?flow=${pick.flowId}`, from, headers: { "user-agent": BROWSER_AGENT } });
  const visit = page.cookies.get(VISIT_COOKIE);
  if (!visit) return [];
  const version = (JSON.parse(page.body) as { version?: number }).version ?? pick.version;
  const steps = [...pick.steps].sort(() => Math.random() - 0.5);
  await Promise.all(
    steps.map((stepId, i) =>
      c.ledger.hit("race: beacons out of order", {
        method: "POST",
        path: "/api/events",
        from,
        headers: { "content-type": "application/json", origin: c.origin, cookie: `${VISIT_COOKIE}=${visit}`, "user-agent": BROWSER_AGENT },
        body: JSON.stringify({ flowId: pick.flowId, version: i % 7 === 3 ? version + 1 : version, stepId }),
      }),
    ),
  );
  return [];
}

async function keptRevision(db: Kysely<Database>, sessionId: string): Promise<number | undefined> {
  const row = await db.selectFrom("quote_sessions").select("revision").where("session_id", "=", sessionId).executeTakeFirst();
  return row ? Number(row.revision) : undefined;
}

/** Each lead's deliveries name each buyer once. */
async function oneSetOfDeliveries(db: Kysely<Database>, leadIds: string[]): Promise<string[]> {
  if (leadIds.length === 0) return [];
  const rows = await db.selectFrom("deliveries").select(["lead_id", "buyer_key"]).where("lead_id", "in", leadIds).execute();
  const pairs = new Set(rows.map((r) => `${r.lead_id} ${r.buyer_key}`));
  return pairs.size === rows.length ? [] : [`a lead has ${rows.length - pairs.size} deliveries to a buyer it already had one for`];
}
