/**
 * The promises checked on what a store holds after the fuzz: one lead per person (each quote and each submission
 * key of the fuzz has its own made-up details), one set of deliveries per lead, no quote session keyed by a visit
 * id, no funnel step reached by more visits than its version's first step (so no negative drop-off), unknown `?v=`
 * rows bounded, and new visits and quote sessions per client address within their limits.
 */
import type { Kysely } from "kysely";
import type { FlowCorpus } from "../../engine/core/flowCorpus";
import { stepReach } from "../../server/experiments/experimentReport";
import type { Database } from "../../server/storage/schema";
import { MAX_RECORDED_VERSION } from "../../server/storage/unknownVersionsStore";
import type { Ledger } from "./ledger";

/** The per-address limits in force. */
export interface Limits {
  newVisitsMax: number;
  quoteSessionsMax: number;
}

/** Each promise checked, with what broke it (empty when kept), and the row counts it looked at. */
export async function checkPromises(db: Kysely<Database>, ledger: Ledger, corpus: FlowCorpus, limits: Limits): Promise<{ broken: Map<string, string[]>; rows: Record<string, number> }> {
  const leads = await db.selectFrom("leads").select(["id", "email", "submission_key"]).execute();
  const deliveries = await db.selectFrom("deliveries").select(["lead_id", "buyer_key"]).execute();
  const sessions = await db.selectFrom("quote_sessions").select(["session_id"]).execute();
  const exposures = await db.selectFrom("experiment_exposures").select(["flow_id", "period_id", "visit_id", "flow_version"]).execute();
  const reach = await db.selectFrom("experiment_step_reach").select(["flow_id", "period_id", "visit_id", "step_id"]).execute();
  const unknown = await db.selectFrom("funnel_unknown_versions").select(["day", "flow_id", "requested"]).execute();

  const broken = new Map<string, string[]>();
  const promise = (name: string, problems: string[]) => broken.set(name, problems);

  promise("one lead per quote session and per submission key", [...repeats(leads.map((l) => l.email ?? l.id))].map(([email, n]) => `${n} leads for one person's details (${email.replace(/^[^@]*/, "…")})`));
  promise("one set of deliveries per lead", [...repeats(deliveries.map((d) => `${d.lead_id} → ${d.buyer_key}`))].map(([pair, n]) => `${n} deliveries of ${pair}`));

  const visitIds = new Set([...ledger.allVisits(), ...exposures.map((e) => e.visit_id), ...reach.map((r) => r.visit_id)]);
  promise("no quote session keyed by a visit id", sessions.filter((s) => visitIds.has(s.session_id)).map(() => "a quote session's id is a visit's id"));

  promise("no funnel step ahead of its first step (no negative drop-off)", funnelProblems(corpus, exposures, reach));

  const perFlowDay = repeats(unknown.map((u) => `${u.flow_id} on ${u.day}`));
  promise("unknown-version rows bounded", [
    ...[...perFlowDay].filter(([, n]) => n > MAX_RECORDED_VERSION + 1).map(([key, n]) => `${n} rows for ${key}`),
    ...unknown.filter((u) => !/^([1-9][0-9]?|other)$/.test(u.requested)).map((u) => `a row keeps ?v=${JSON.stringify(u.requested.slice(0, 20))}`),
  ]);

  const exposed = new Set(exposures.map((e) => e.visit_id));
  const sessionIds = new Set(sessions.map((s) => s.session_id));
  promise("new visits per address within the limit", overLimit(ledger.visitsByAddress, exposed, limits.newVisitsMax, "visits counted"));
  promise("quote sessions per address within the limit", overLimit(ledger.quotesByAddress, sessionIds, limits.quoteSessionsMax, "quote sessions kept"));

  const rows = { leads: leads.length, deliveries: deliveries.length, "quote sessions": sessions.length, exposures: exposures.length, "step reach": reach.length, "unknown-version rows": unknown.length };
  return { broken, rows };
}

/** Values seen more than once, with how often. */
function repeats(values: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return new Map([...counts].filter(([, n]) => n > 1));
}

/** Addresses whose ids, among `stored`, number more than `max`. */
function overLimit(byAddress: Map<string, Set<string>>, stored: Set<string>, max: number, what: string): string[] {
  return [...byAddress.values()].flatMap((ids) => {
    const n = [...ids].filter((id) => stored.has(id)).length;
    return n > max ? [`${n} ${what} for one address (limit ${max})`] : [];
  });
}

/** Per flow, period and version: each step's distinct visits against the first step's, and the report's drop-offs. */
function funnelProblems(corpus: FlowCorpus, exposures: Array<{ flow_id: string; period_id: string; visit_id: string; flow_version: number }>, reach: Array<{ flow_id: string; period_id: string; visit_id: string; step_id: string }>): string[] {
  const versionOf = new Map(exposures.map((e) => [`${e.flow_id} ${e.period_id} ${e.visit_id}`, Number(e.flow_version)]));
  const groups = new Map<string, Record<string, number>>();
  for (const r of reach) {
    // The report counts only visits it saw exposed; reach of any other visit is not in its funnel.
    const version = versionOf.get(`${r.flow_id} ${r.period_id} ${r.visit_id}`);
    if (version === undefined) continue;
    const key = `${r.flow_id} ${r.period_id} ${version}`;
    const counts = groups.get(key) ?? {};
    counts[r.step_id] = (counts[r.step_id] ?? 0) + 1;
    groups.set(key, counts);
  }
  return [...groups].flatMap(([key, counts]) => {
    const [flowId, , version] = key.split(" ");
    const doc = corpus.flows.find((f) => f.id === flowId)?.versions.find((v) => v.version === Number(version))?.flow;
    if (!doc) return [];
    const first = counts[doc.start] ?? 0;
    const ahead = Object.entries(counts).filter(([, n]) => n > first).map(([step, n]) => `${flowId} v${version}: "${step}" reached by ${n} visits, its first step by ${first}`);
    const negative = stepReach(counts, doc).filter((s) => (s.dropOff ?? 0) < 0).map((s) => `${flowId} v${version}: negative drop-off at "${s.stepId}"`);
    return [...ahead, ...negative];
  });
}
