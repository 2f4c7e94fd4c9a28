/**
 * PostgreSQL: `store_routed_lead`, which stores a routed lead in one statement (server/storage/routedLeadOnPostgres.ts
 * calls it), so a lead costs the server one round trip instead of a transaction's eight. It does what storeRouted in
 * leadsStore.ts does on SQLite, in the same order: the erasure check, the lead row, its contact claims, its deliveries,
 * and, when a live claim holds its phone or e-mail, the lead alone as a duplicate of the holder. Nothing on SQLite,
 * whose writer thread runs storeRouted itself.
 */
import { PostgresAdapter, sql, type Kysely } from "kysely";

const onPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Creates the function (PostgreSQL). */
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
}

/** Drops it (PostgreSQL). */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (!onPostgres(db)) return;
  await sql`drop function store_routed_lead`.execute(db);
}
