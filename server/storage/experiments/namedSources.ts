/**
 * The traffic sources a flow counts by name: the first 20 seen, kept in the database so every server names the
 * same ones, and in memory so a known or excess source costs no query. Any source past the 20 counts as "other".
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../schema";

/** Named sources per flow at most. */
export const MAX_NAMED_SOURCES = 20;

/** Names every flow may use without taking one of its 20. */
const ALWAYS = new Set(["direct", "other"]);

const cache = new WeakMap<Kysely<Database>, Map<string, Set<string>>>();

/**
 * The name a visit's source counts under in a flow: itself when the flow names it (naming it now when the flow
 * has fewer than 20), else "other". Under PostgreSQL two servers naming their 20th source at once may both
 * succeed; the list is then one or two longer, never unbounded.
 */
export async function namedSource(db: Kysely<Database>, flowId: string, source: string): Promise<string> {
  if (ALWAYS.has(source)) return source;
  let flows = cache.get(db);
  if (!flows) cache.set(db, (flows = new Map()));
  let named = flows.get(flowId);
  if (!named) flows.set(flowId, (named = await readNamed(db, flowId)));
  if (named.has(source)) return source;
  if (named.size >= MAX_NAMED_SOURCES) return "other";
  // One statement, so the count and the insert are one step on each server.
  await sql`
    insert into experiment_sources (flow_id, source)
    select ${flowId}, ${source} where (select count(*) from experiment_sources where flow_id = ${flowId}) < ${MAX_NAMED_SOURCES}
    on conflict (flow_id, source) do nothing`.execute(db);
  named = await readNamed(db, flowId);
  flows.set(flowId, named);
  return named.has(source) ? source : "other";
}

async function readNamed(db: Kysely<Database>, flowId: string): Promise<Set<string>> {
  const rows = await db.selectFrom("experiment_sources").select("source").where("flow_id", "=", flowId).execute();
  return new Set(rows.map((r) => r.source));
}
