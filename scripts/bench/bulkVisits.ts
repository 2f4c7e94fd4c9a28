/**
 * The bench's bulk path: the truth rows of visits [from, to) of one flow (exposures with their day, device and
 * source; steps reached; a lead for one visit in ten; its delivery, delivered, rejected or still pending), made by
 * the database itself from a sequence in chunks of a million, then the counts rebuilt from them by the store's own
 * rebuild (rebuildAggregates.ts). The rows are what the store's write functions would have written; only the
 * increments are left to the rebuild. Deterministic: visit n's rows depend on n alone.
 */
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { CorpusFlow } from "../../engine/core/flowCorpus";
import { isPostgres } from "../../server/storage/connection";
import type { Database } from "../../server/storage/schema";

/** Visits a generated statement writes at most. */
const CHUNK = 1_000_000;

/** The 28 days the visits spread over, from the period's first. */
export const FIRST_DAY = "2026-03-01";

/** Where the visits go: the flow (its weights and each version's first two steps) and its period. */
export interface BulkTarget {
  flow: CorpusFlow;
  periodId: string;
}

/** Writes the truth rows of visits [from, to) in chunks; the counts are left to the rebuild. */
export async function writeVisitsInBulk(db: Kysely<Database>, target: BulkTarget, from: number, to: number): Promise<void> {
  for (let start = from; start < to; start += CHUNK) await writeChunk(db, target, start, Math.min(to, start + CHUNK));
}

async function writeChunk(db: Kysely<Database>, { flow, periodId }: BulkTarget, from: number, to: number): Promise<void> {
  const postgres = isPostgres(db);
  // Visit n's hash, from which its version, device, source, steps and lead follow.
  const visits = postgres
    ? sql`select n, (n * 2654435761) % 4294967296 as h, 'v' || lpad(n::text, 9, '0') as visit_id, to_char(date ${sql.lit(FIRST_DAY)} + (n % 28)::int, 'YYYY-MM-DD') as day from generate_series(${sql.lit(from)}::bigint, ${sql.lit(to - 1)}::bigint) as n`
    : sql`select n, (n * 2654435761) % 4294967296 as h, printf('v%09d', n) as visit_id, date(${sql.lit(FIRST_DAY)}, '+' || (n % 28) || ' days') as day from seq`;
  const seq = postgres ? sql`` : sql`with recursive seq(n) as (select ${sql.lit(from)} union all select n + 1 from seq where n + 1 < ${sql.lit(to)}) `;
  const version = versionCase(flow);
  const flowId = sql.lit(flow.id);
  const period = sql.lit(periodId);
  const device = sql`case when (h / 100) % 10 < 5 then 'phone' when (h / 100) % 10 < 7 then 'tablet' else 'desktop' end`;
  const source = sql`case (h / 1000) % 22 when 0 then 'direct' when 1 then 'other' else 'source-' || ((h / 1000) % 22) end`;
  const isLead = sql`(h / 100000) % 10 = 0`;
  await sql`${seq}insert into experiment_exposures (flow_id, period_id, visit_id, flow_version, exposed_at, day, device, source)
    select ${flowId}, ${period}, visit_id, ${version}, day || 'T12:00:00.000Z', day, ${device}, ${source} from (${visits}) v where 1 = 1
    on conflict do nothing`.execute(db);
  await sql`${seq}insert into experiment_step_reach (flow_id, period_id, visit_id, step_id)
    select ${flowId}, ${period}, visit_id, ${stepCase(flow, version, 0)} from (${visits}) v
    union all select ${flowId}, ${period}, visit_id, ${stepCase(flow, version, 1)} from (${visits}) v where (h / 10000) % 10 < 4`.execute(db);
  await sql`${seq}insert into leads (id, created_at, flow_id, flow_version, product_type, service_type, test_mode, response_code, answers, tracking, consent, visit_id)
    select 'lead-' || visit_id, day || 'T12:05:00.000Z', ${flowId}, ${version}, 'businessEnergy', 'business-energy', 0, '1', '{}', '{}', '{}', visit_id
    from (${visits}) v where ${isLead}`.execute(db);
  // Six in ten leads delivered (at £22 or £18.50), two rejected, one still pending (not due before the bench ends),
  // one offered to nobody.
  const outcome = sql`(h / 1000000) % 10`;
  await sql`${seq}insert into deliveries (id, lead_id, buyer_key, buyer_id, buyer_name, idempotency_key, status, attempts, next_attempt_at, created_at, updated_at, finished_at, price_pence)
    select 'delivery-' || visit_id, 'lead-' || visit_id, 'buyer', '1', 'Buyer', 'delivery-' || visit_id,
      case when ${outcome} < 6 then 'delivered' when ${outcome} < 8 then 'rejected' else 'pending' end, 1, '2099-01-01T00:00:00.000Z', day || 'T12:05:00.000Z', day || 'T12:06:00.000Z',
      case when ${outcome} < 8 then day || 'T12:06:00.000Z' end, case when ${outcome} < 6 then (case when n % 2 = 0 then 2200 else 1850 end) else null end
    from (${visits}) v where ${isLead} and ${outcome} < 9`.execute(db);
}

/** The version of visit n by the period's weights (h % 100 against the running totals). */
function versionCase(flow: CorpusFlow): RawBuilder<unknown> {
  const weights = Object.entries(flow.weights);
  let total = 0;
  const arms = weights.map(([v, w]) => sql`when h % 100 < ${sql.lit((total += w))} then ${sql.lit(Number(v))}`);
  return sql`case ${sql.join(arms, sql` `)} else ${sql.lit(Number(weights[0]![0]))} end`;
}

/** The id of a version's step at `index` in its document (its first step, then the next one listed). */
function stepCase(flow: CorpusFlow, version: RawBuilder<unknown>, index: number): RawBuilder<unknown> {
  const arms = flow.versions.flatMap(({ version: v, flow: doc }) => {
    if (!doc) return [];
    const ids = [doc.start, ...doc.steps.map((s) => s.id).filter((id) => id !== doc.start)];
    return sql`when ${sql.lit(v)} then ${sql.lit(ids[index] ?? doc.start)}`;
  });
  return sql`case ${version} ${sql.join(arms, sql` `)} end`;
}
