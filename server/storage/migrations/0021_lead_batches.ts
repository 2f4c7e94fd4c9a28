/**
 * PostgreSQL: leads stored in batches, one durable commit for all (server/storage/leadBatches.ts gathers them;
 * docs/design-notes.md, "Leads on PostgreSQL are stored in batches"). `store_leads_with_places` does for each lead
 * of a batch, in the order given, what `store_lead_with_places` (migration 0020) did for one, in three transactions
 * for the whole batch instead of three per lead: the places, the leads, the places given back. It replaces that
 * procedure. Nothing on SQLite, whose writer thread groups its commits itself.
 */
import { PostgresAdapter, sql, type Kysely } from "kysely";
import { STORE_WITH_PLACES } from "./0020_routed_lead_routines";

const onPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Creates the routines and drops the one-lead procedure (PostgreSQL). */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!onPostgres(db)) return;
  await sql.raw(TAKE_LEAD_PLACES).execute(db);
  await sql.raw(STORE_LEADS_WITH_PLACES).execute(db);
  await sql`drop procedure store_lead_with_places`.execute(db);
}

/** Restores the one-lead procedure and drops them (PostgreSQL). */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (!onPostgres(db)) return;
  await sql.raw(STORE_WITH_PLACES).execute(db);
  await sql`drop procedure store_leads_with_places`.execute(db);
  await sql`drop function take_lead_places`.execute(db);
}

/**
 * A lead's places as offerToBuyers (capSlots.ts) takes them: the exclusive buyers one at a time until one has room,
 * then the generic ones together, or one at a time when there are more than may take the lead. Inside the caller's
 * transaction, which holds the count rows already.
 */
const TAKE_LEAD_PLACES = `
  create function take_lead_places(offers jsonb, cap_day text) returns text[]
  language plpgsql as $fn$
  declare
    offer jsonb;
    taken text[] := '{}';
    max_generic integer := (offers->>'max_generic')::integer;
  begin
    for offer in select value from jsonb_array_elements(offers->'exclusive') loop
      taken := array(select take_places(jsonb_build_array(offer), cap_day));
      if cardinality(taken) > 0 then
        return taken;
      end if;
    end loop;
    if jsonb_array_length(offers->'generic') <= max_generic then
      return array(select take_places(offers->'generic', cap_day));
    end if;
    for offer in select value from jsonb_array_elements(offers->'generic') loop
      exit when cardinality(taken) >= max_generic;
      taken := taken || array(select take_places(jsonb_build_array(offer), cap_day));
    end loop;
    return taken;
  end
  $fn$`;

/**
 * A batch of leads no experiment counts, each an object with what store_lead_with_places took as arguments. First
 * every count row the batch may count in is locked in one statement, in (day, buyer) order, so two batches never wait
 * on each other in a circle; each lead takes its places in turn, seeing those taken before it, and the lot is committed
 * without waiting for the disk. Then each lead is stored by store_routed_lead in a block of its own, so a lead that
 * fails (a submission key already taken) rolls back alone, and all are committed with one durable commit. Then the
 * places the leads did not use are given back. `results` holds, per lead in order, what it was stored as
 * ({id, code, holder, buyers}) or how it failed ({failed: {state, message, detail, constraint}}). Only as a statement
 * of its own (CALL outside a transaction): it commits as it goes.
 */
const STORE_LEADS_WITH_PLACES = `
  create procedure store_leads_with_places(batch jsonb, inout results jsonb default null)
  language plpgsql as $proc$
  declare
    item jsonb;
    placed jsonb := '[]';
    unused jsonb := '[]';
    taken text[];
    first_code text;
    lead_row jsonb;
    stored record;
    failed_state text;
    failed_message text;
    failed_detail text;
    failed_constraint text;
  begin
    results := '[]';
    perform set_config('synchronous_commit', 'off', true);
    insert into buyer_daily_counts (buyer_key, day, count)
      select distinct offer->>'buyer_key', lead->>'cap_day', 0
      from jsonb_array_elements(batch) as lead,
        jsonb_array_elements((lead->'offers'->'exclusive') || (lead->'offers'->'generic')) as offer
      where (offer->>'cap')::integer > 0
      order by 2, 1
      on conflict (buyer_key, day) do update set count = buyer_daily_counts.count;
    for item in select value from jsonb_array_elements(batch) loop
      placed := placed || jsonb_build_array(to_jsonb(take_lead_places(item->'offers', item->>'cap_day')));
    end loop;
    commit;
    for n in 0 .. jsonb_array_length(batch) - 1 loop
      item := batch->n;
      taken := array(select jsonb_array_elements_text(placed->n));
      -- In the order offered: the first to take the lead gives it its code.
      select array_agg(o.value->>'buyer_key' order by o.ordinality), (array_agg(o.value->>'code' order by o.ordinality))[1]
        into taken, first_code
        from jsonb_array_elements((item->'offers'->'exclusive') || (item->'offers'->'generic')) with ordinality as o
        where o.value->>'buyer_key' = any(taken);
      taken := coalesce(taken, '{}');
      lead_row := (item->'lead_row') || case when first_code is null
        then jsonb_build_object('response_code', item->'no_buyer'->'code', 'routing_note', item->'no_buyer'->'note')
        else jsonb_build_object('response_code', first_code) end;
      begin
        select * into stored from store_routed_lead(lead_row,
          coalesce((select jsonb_agg(item->'deliveries'->taker.key order by taker.place) from unnest(taken) with ordinality as taker (key, place)), '[]'),
          item->'erased', array(select jsonb_array_elements_text(item->'hashes')), item->'duplicate', item->>'service',
          array(select jsonb_array_elements_text(item->'claim_keys')), item->>'claimed_at', item->>'expires_at');
        results := results || jsonb_build_array(jsonb_build_object(
          'id', stored.stored_id, 'code', stored.stored_code, 'holder', stored.holder_id, 'buyers', to_jsonb(stored.buyer_keys)));
        taken := array(select key from unnest(taken) as key where not key = any(stored.buyer_keys));
      exception when others then
        get stacked diagnostics failed_state = returned_sqlstate, failed_message = message_text,
          failed_detail = pg_exception_detail, failed_constraint = constraint_name;
        results := results || jsonb_build_array(jsonb_build_object('failed', jsonb_build_object(
          'state', failed_state, 'message', failed_message, 'detail', nullif(failed_detail, ''), 'constraint', nullif(failed_constraint, ''))));
      end;
      unused := unused || (select coalesce(jsonb_agg(jsonb_build_object('buyer_key', key, 'day', item->>'cap_day')), '[]') from unnest(taken) as key);
    end loop;
    commit;
    if jsonb_array_length(unused) > 0 then
      perform set_config('synchronous_commit', 'off', true);
      begin
        update buyer_daily_counts as counts set count = greatest(counts.count - back.places, 0)
          from (select buyer_key, day, count(*) as places from jsonb_to_recordset(unused) as place (buyer_key text, day text) group by 1, 2) as back
          where counts.buyer_key = back.buyer_key and counts.day = back.day;
      exception when others then
        null;
      end;
      commit;
    end if;
  end
  $proc$`;
