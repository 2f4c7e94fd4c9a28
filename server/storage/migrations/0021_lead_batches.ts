/**
 * PostgreSQL: leads stored in batches, one durable commit for all (server/storage/callBatches.ts gathers them;
 * docs/design-notes.md, "Leads on PostgreSQL are stored in batches"). `store_leads_with_places` does for each lead
 * of a batch, in the order given, what `store_lead_with_places` (migration 0020) did for one, in three transactions
 * for the whole batch instead of three per lead: the places, the leads, the places given back. That procedure stays,
 * for an instance still running the code before while instances are replaced. Nothing on SQLite, whose writer thread
 * groups its commits itself.
 */
import { PostgresAdapter, sql, type Kysely } from "kysely";

const onPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Creates the routines (PostgreSQL). */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!onPostgres(db)) return;
  await sql.raw(TAKE_PLACE).execute(db);
  await sql.raw(TAKE_LEAD_PLACES).execute(db);
  await sql.raw(STORE_LEADS_WITH_PLACES).execute(db);
}

/** Drops them (PostgreSQL). */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (!onPostgres(db)) return;
  await sql`drop procedure store_leads_with_places`.execute(db);
  await sql`drop function take_lead_places`.execute(db);
  await sql`drop function take_place`.execute(db);
}

/**
 * A lead's places as offerToBuyers (capSlots.ts) takes them: the exclusive buyers one at a time until one has room,
 * else each generic one with room, up to max_generic; the keys in the order offered. Inside the caller's transaction,
 * which has made and locked the count rows of every buyer offered with a cap above 0.
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
      if take_place(offer, cap_day) then
        return array[offer->>'buyer_key'];
      end if;
    end loop;
    for offer in select value from jsonb_array_elements(offers->'generic') loop
      exit when cardinality(taken) >= max_generic;
      if take_place(offer, cap_day) then
        taken := taken || (offer->>'buyer_key');
      end if;
    end loop;
    return taken;
  end
  $fn$`;

/**
 * One place under a buyer's cap ({buyer_key, cap}), found by the count's key: as an upsert, never by reading the table,
 * which every place taken leaves a row version longer until it is pruned.
 */
const TAKE_PLACE = `
  create function take_place(offer jsonb, cap_day text) returns boolean
  language plpgsql as $fn$
  begin
    if (offer->>'cap')::integer <= 0 then
      return false;
    end if;
    insert into buyer_daily_counts (buyer_key, day, count) values (offer->>'buyer_key', cap_day, 1)
      on conflict (buyer_key, day) do update set count = buyer_daily_counts.count + 1
      where buyer_daily_counts.count < (offer->>'cap')::integer;
    return found;
  end
  $fn$`;

/**
 * A batch of leads no experiment counts, each an object with what store_lead_with_places took as arguments. First
 * every count row the batch may count in is made and locked in one statement, in (day, buyer) order, so two batches
 * never wait on each other in a circle; each lead takes its places in turn, seeing those taken before it, and the lot
 * is committed without waiting for the disk. Then the leads are stored and committed with one durable commit: those
 * whose phone and e-mail no other lead holds and no other lead of the batch shares, together (three statements for
 * all); the others, or all when the three fail, one by one in the order given, each by store_routed_lead in a block
 * of its own, so a lead that fails (a submission key already taken) rolls back alone and a lead whose contact an
 * earlier one claimed is its duplicate. Then the places the leads did not use are given back. `results` holds, per
 * lead in order, what it was stored as ({id, code, holder, buyers}) or how it failed ({failed: {state, message,
 * detail, constraint}}). Only as a statement of its own (CALL outside a transaction): it commits as it goes.
 */
const STORE_LEADS_WITH_PLACES = `
  create procedure store_leads_with_places(batch jsonb, inout results jsonb default null)
  language plpgsql as $proc$
  declare
    lead_count integer := jsonb_array_length(batch);
    n integer;
    item jsonb;
    placed jsonb[];
    routed jsonb[];
    outcomes jsonb[];
    one_by_one integer[];
    erased_hashes text[];
    first_code text;
    lead_row jsonb;
    lead_deliveries jsonb;
    together_rows jsonb := '[]';
    together_claims jsonb := '[]';
    together_deliveries jsonb := '[]';
    claimed integer;
    stored record;
    failed_state text;
    failed_message text;
    failed_detail text;
    failed_constraint text;
  begin
    perform set_config('synchronous_commit', 'off', true);
    insert into buyer_daily_counts (buyer_key, day, count)
      select distinct offer->>'buyer_key', lead->>'cap_day', 0
      from jsonb_array_elements(batch) as lead,
        jsonb_array_elements((lead->'offers'->'exclusive') || (lead->'offers'->'generic')) as offer
      where (offer->>'cap')::integer > 0
      order by 2, 1
      on conflict (buyer_key, day) do update set count = buyer_daily_counts.count;
    for n in 1 .. lead_count loop
      placed[n] := to_jsonb(take_lead_places(batch->(n - 1)->'offers', batch->(n - 1)->>'cap_day'));
    end loop;
    commit;

    -- The statements below are planned for a hundred rows per JSON array, far more than a batch holds: compiling them
    -- (JIT) would cost more than running them.
    perform set_config('jit', 'off', true);
    -- Leads with a contact claimed by a live claim, or shared with another lead of the batch, go one by one.
    with claim as (
      select lead.n::integer as n, lead.item->>'service' as service, claim_key, lead.item->>'claimed_at' as claimed_at
      from jsonb_array_elements(batch) with ordinality as lead (item, n), jsonb_array_elements_text(lead.item->'claim_keys') as claim_key
    )
    select coalesce(array_agg(distinct mine.n order by mine.n), '{}') into one_by_one from claim as mine
      where exists (select 1 from claim as other where other.service = mine.service and other.claim_key = mine.claim_key and other.n <> mine.n)
        or exists (select 1 from contact_claims as held
          where held.service_type = mine.service and held.contact = mine.claim_key and held.expires_at > mine.claimed_at);
    select coalesce(array_agg(erasure.contact_hash), '{}') into erased_hashes from erasures as erasure
      where erasure.contact_hash in (select jsonb_array_elements_text(lead->'hashes') from jsonb_array_elements(batch) as lead);
    for n in 1 .. lead_count loop
      item := batch->(n - 1);
      -- In the order offered: the first to take the lead gives it its code.
      first_code := (select offer->>'code' from jsonb_array_elements((item->'offers'->'exclusive') || (item->'offers'->'generic')) as offer
        where offer->'buyer_key' = placed[n]->0 limit 1);
      lead_row := (item->'lead_row') || case when first_code is null
        then jsonb_build_object('response_code', item->'no_buyer'->'code', 'routing_note', item->'no_buyer'->'note')
        else jsonb_build_object('response_code', first_code) end;
      lead_deliveries := coalesce((select jsonb_agg(item->'deliveries'->taker.key order by taker.place)
        from jsonb_array_elements_text(placed[n]) with ordinality as taker (key, place)), '[]');
      if item->'erased' is not null and item->'hashes' ?| erased_hashes then
        lead_row := lead_row || jsonb_build_object('response_code', item->'erased'->'code', 'routing_note', item->'erased'->'note');
        lead_deliveries := '[]';
      end if;
      routed[n] := jsonb_build_object('row', lead_row, 'deliveries', lead_deliveries);
      if not n = any(one_by_one) then
        together_rows := together_rows || jsonb_build_array(lead_row);
        together_deliveries := together_deliveries || lead_deliveries;
        together_claims := together_claims || coalesce((select jsonb_agg(jsonb_build_object('service_type', item->>'service',
          'contact', claim_key, 'lead_id', lead_row->>'id', 'expires_at', item->>'expires_at', 'claimed_at', item->>'claimed_at'))
          from jsonb_array_elements_text(item->'claim_keys') as claim_key), '[]');
        outcomes[n] := jsonb_build_object('id', lead_row->>'id', 'code', lead_row->>'response_code', 'holder', null,
          'buyers', coalesce((select jsonb_agg(delivery->'buyer_key') from jsonb_array_elements(lead_deliveries) as delivery), '[]'));
      end if;
    end loop;

    if jsonb_array_length(together_rows) > 0 then
      begin
        insert into leads select * from jsonb_populate_recordset(null::leads, together_rows);
        insert into contact_claims (service_type, contact, lead_id, expires_at)
          select claim.service_type, claim.contact, claim.lead_id, claim.expires_at
          from jsonb_to_recordset(together_claims) as claim (service_type text, contact text, lead_id text, expires_at text)
          on conflict (service_type, contact) do update set lead_id = excluded.lead_id, expires_at = excluded.expires_at
          where contact_claims.expires_at <= (select claim.claimed_at
            from jsonb_to_recordset(together_claims) as claim (service_type text, contact text, claimed_at text)
            where claim.service_type = excluded.service_type and claim.contact = excluded.contact);
        get diagnostics claimed = row_count;
        if claimed < jsonb_array_length(together_claims) then
          raise exception 'contact already claimed' using errcode = 'SLC01';
        end if;
        insert into deliveries select * from jsonb_populate_recordset(null::deliveries, together_deliveries);
      exception when others then
        -- A contact claimed meanwhile, or a lead the store refuses: each lead on its own finds out which.
        one_by_one := array(select generate_series(1, lead_count));
      end;
    end if;

    foreach n in array one_by_one loop
      item := batch->(n - 1);
      begin
        select * into stored from store_routed_lead(routed[n]->'row', routed[n]->'deliveries',
          item->'erased', array(select jsonb_array_elements_text(item->'hashes')), item->'duplicate', item->>'service',
          array(select jsonb_array_elements_text(item->'claim_keys')), item->>'claimed_at', item->>'expires_at');
        outcomes[n] := jsonb_build_object('id', stored.stored_id, 'code', stored.stored_code, 'holder', stored.holder_id, 'buyers', to_jsonb(stored.buyer_keys));
      exception when others then
        get stacked diagnostics failed_state = returned_sqlstate, failed_message = message_text,
          failed_detail = pg_exception_detail, failed_constraint = constraint_name;
        outcomes[n] := jsonb_build_object('failed', jsonb_build_object(
          'state', failed_state, 'message', failed_message, 'detail', nullif(failed_detail, ''), 'constraint', nullif(failed_constraint, '')));
      end;
    end loop;
    results := to_jsonb(outcomes);
    commit;

    perform set_config('synchronous_commit', 'off', true);
    begin
      update buyer_daily_counts as counts set count = greatest(counts.count - back.places, 0)
        from (
          select taker.key, batch->(lead.n - 1)->>'cap_day' as day, count(*) as places
          from generate_series(1, lead_count) as lead (n), jsonb_array_elements_text(placed[lead.n]) as taker (key)
          where not coalesce(outcomes[lead.n]->'buyers' ? taker.key, false)
          group by 1, 2
        ) as back
        where counts.buyer_key = back.key and counts.day = back.day;
    exception when others then
      null;
    end;
    commit;
  end
  $proc$`;
