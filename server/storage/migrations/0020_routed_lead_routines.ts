/**
 * PostgreSQL: the routines that store a routed lead in one round trip instead of ten (server/storage/
 * routedLeadOnPostgres.ts calls them; docs/design-notes.md, "A routed lead on PostgreSQL is one call").
 * `store_routed_lead` does what storeRouted in leadsStore.ts does on SQLite, in the same order: the erasure check, the
 * lead row, its contact claims, its deliveries, and, when a live claim holds its phone or e-mail, the lead alone as a
 * duplicate of the holder. `take_places` takes places under buyers' caps as capSlots.ts does, and
 * `store_lead_with_places` takes a lead's places, stores it and gives back the places it did not use. Nothing on
 * SQLite, whose writer thread runs storeRouted itself.
 */
import { PostgresAdapter, sql, type Kysely } from "kysely";

const onPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Creates the routines (PostgreSQL). */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!onPostgres(db)) return;
  // Rows arrive as JSON with every column (jsonb_populate_record leaves a missing one null, never its default). A claim
  // still held by another lead raises 'SLC01', which rolls back the block's writes as a savepoint would.
  await sql`
    create function store_routed_lead(
      lead_row jsonb, delivery_rows jsonb, erased_outcome jsonb, contact_hashes text[], duplicate_outcome jsonb,
      service text, claim_keys text[], claimed_at text, claims_expire_at text
    ) returns table (stored_id text, stored_code text, holder_id text, buyer_keys text[])
    language plpgsql as $fn$
    declare
      claimed integer;
      holding_lead text;
    begin
      if erased_outcome is not null and exists (select 1 from erasures where contact_hash = any(contact_hashes)) then
        lead_row := lead_row || jsonb_build_object('response_code', erased_outcome->'code', 'routing_note', erased_outcome->'note');
        delivery_rows := '[]';
      end if;
      -- A second pass only when the holder of a claim vanished (erased) between our look and theirs.
      for pass in 1..2 loop
        begin
          insert into leads select * from jsonb_populate_record(null::leads, lead_row);
          insert into contact_claims (service_type, contact, lead_id, expires_at)
            select service, claim_key, lead_row->>'id', claims_expire_at from unnest(claim_keys) as claim_key
            on conflict (service_type, contact) do update set lead_id = excluded.lead_id, expires_at = excluded.expires_at
            where contact_claims.expires_at <= claimed_at;
          get diagnostics claimed = row_count;
          if claimed < coalesce(cardinality(claim_keys), 0) then
            raise exception 'contact already claimed' using errcode = 'SLC01';
          end if;
          insert into deliveries select * from jsonb_populate_recordset(null::deliveries, delivery_rows);
          return query select lead_row->>'id', lead_row->>'response_code', null::text,
            array(select delivery->>'buyer_key' from jsonb_array_elements(delivery_rows) as delivery);
          return;
        exception when sqlstate 'SLC01' then
          null;
        end;
        select claim.lead_id into holding_lead from contact_claims as claim
          where claim.service_type = service and claim.contact = any(claim_keys) and claim.expires_at > claimed_at limit 1;
        if holding_lead is not null then
          insert into leads select * from jsonb_populate_record(null::leads, lead_row || jsonb_build_object(
            'response_code', duplicate_outcome->'code', 'routing_note', duplicate_outcome->'note', 'duplicate_of', holding_lead));
          return query select lead_row->>'id', duplicate_outcome->>'code', holding_lead, array[]::text[];
          return;
        end if;
      end loop;
      raise exception 'store_routed_lead: a contact claim kept clashing with no lead holding it';
    end
    $fn$`.execute(db);
  // The places under the buyers' caps, for the buyers given (buyer_key, cap) that have room: one statement, rows taken
  // in key order so two callers never wait on each other in a circle (as capSlots.ts takes them).
  await sql`
    create function take_places(offered jsonb, count_day text) returns setof text
    language sql as $fn$
      insert into buyer_daily_counts (buyer_key, day, count)
      select offer.buyer_key, $2, 1 from jsonb_to_recordset(offered) as offer (buyer_key text, cap integer)
      where offer.cap > 0 order by offer.buyer_key
      on conflict (buyer_key, day) do update set count = buyer_daily_counts.count + 1
      where buyer_daily_counts.count < (
        select offer.cap from jsonb_to_recordset(offered) as offer (buyer_key text, cap integer) where offer.buyer_key = excluded.buyer_key)
      returning buyer_key
    $fn$`.execute(db);
  await sql.raw(STORE_WITH_PLACES).execute(db);
}

/** Drops them (PostgreSQL). */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (!onPostgres(db)) return;
  await sql`drop procedure store_lead_with_places`.execute(db);
  await sql`drop function take_places`.execute(db);
  await sql`drop function store_routed_lead`.execute(db);
}

/**
 * A lead no experiment counts, in one call: its places taken as takeSlotsApart takes them (each statement committed
 * on its own without waiting for the disk: the exclusive buyers one at a time until one has room, then the generic
 * ones together, or one at a time when there are more than may take it), the lead stored by store_routed_lead and
 * committed durably, then the places it did not use given back. A failure to store it gives them all back and is
 * raised as it was. Only as a statement of its own (CALL outside a transaction): it commits as it goes.
 */
const STORE_WITH_PLACES = `
  create procedure store_lead_with_places(
    offers jsonb, cap_day text, lead_row jsonb, no_buyer jsonb, delivery_rows jsonb,
    erased_outcome jsonb, contact_hashes text[], duplicate_outcome jsonb,
    service text, claim_keys text[], claimed_at text, claims_expire_at text,
    inout result_id text default null, inout result_code text default null,
    inout result_holder text default null, inout result_buyers text[] default null
  )
  language plpgsql as $proc$
  declare
    offer jsonb;
    taken text[] := '{}';
    max_generic integer := (offers->>'max_generic')::integer;
    first_code text;
    failed_state text;
    failed_message text;
    failed_detail text;
    failed_constraint text;
  begin
    for offer in select value from jsonb_array_elements(offers->'exclusive') loop
      perform set_config('synchronous_commit', 'off', true);
      taken := array(select take_places(jsonb_build_array(offer), cap_day));
      commit;
      exit when cardinality(taken) > 0;
    end loop;
    if cardinality(taken) = 0 and jsonb_array_length(offers->'generic') <= max_generic then
      perform set_config('synchronous_commit', 'off', true);
      taken := array(select take_places(offers->'generic', cap_day));
      commit;
    elsif cardinality(taken) = 0 then
      for offer in select value from jsonb_array_elements(offers->'generic') loop
        exit when cardinality(taken) >= max_generic;
        perform set_config('synchronous_commit', 'off', true);
        taken := taken || array(select take_places(jsonb_build_array(offer), cap_day));
        commit;
      end loop;
    end if;
    -- In the order offered: the first to take the lead gives it its code.
    select array_agg(o.value->>'buyer_key' order by o.ordinality), (array_agg(o.value->>'code' order by o.ordinality))[1]
      into taken, first_code
      from jsonb_array_elements((offers->'exclusive') || (offers->'generic')) with ordinality as o
      where o.value->>'buyer_key' = any(taken);
    taken := coalesce(taken, '{}');
    lead_row := lead_row || case when first_code is null
      then jsonb_build_object('response_code', no_buyer->'code', 'routing_note', no_buyer->'note')
      else jsonb_build_object('response_code', first_code) end;
    begin
      select stored.stored_id, stored.stored_code, stored.holder_id, stored.buyer_keys
        into result_id, result_code, result_holder, result_buyers
        from store_routed_lead(lead_row,
          coalesce((select jsonb_agg(delivery_rows->taker.key order by taker.n) from unnest(taken) with ordinality as taker (key, n)), '[]'),
          erased_outcome, contact_hashes, duplicate_outcome, service, claim_keys, claimed_at, claims_expire_at) as stored;
    exception when others then
      get stacked diagnostics failed_state = returned_sqlstate, failed_message = message_text,
        failed_detail = pg_exception_detail, failed_constraint = constraint_name;
    end;
    commit;
    taken := array(select key from unnest(taken) as key where not key = any(coalesce(result_buyers, '{}')));
    if cardinality(taken) > 0 then
      perform set_config('synchronous_commit', 'off', true);
      begin
        update buyer_daily_counts set count = count - 1 where buyer_key = any(taken) and day = cap_day and count > 0;
      exception when others then
        null;
      end;
      commit;
    end if;
    if failed_state is not null then
      raise exception using errcode = failed_state, message = failed_message, detail = failed_detail, constraint = failed_constraint;
    end if;
  end
  $proc$`;
