/** Reading leads for the people who run the site (the operator's command line); never reachable over HTTP. */
import type { Kysely } from "kysely";
import type { Database, DeliveryRow, LeadRow } from "./schema";

/** A lead with where its deliveries stand. */
export interface LeadWithDeliveries {
  lead: LeadRow;
  deliveries: DeliveryRow[];
}

/** The most recent leads, newest first, each with its deliveries. */
export async function recentLeads(db: Kysely<Database>, limit: number): Promise<LeadWithDeliveries[]> {
  const leads = await db.selectFrom("leads").selectAll().orderBy("created_at", "desc").orderBy("id").limit(limit).execute();
  return withDeliveries(db, leads);
}

/** Every lead since an instant, oldest first, each with its deliveries. */
export async function leadsSince(db: Kysely<Database>, since: Date): Promise<LeadWithDeliveries[]> {
  const leads = await db.selectFrom("leads").selectAll().where("created_at", ">=", since.toISOString()).orderBy("created_at").orderBy("id").execute();
  return withDeliveries(db, leads);
}

async function withDeliveries(db: Kysely<Database>, leads: LeadRow[]): Promise<LeadWithDeliveries[]> {
  if (leads.length === 0) return [];
  const byLead = new Map<string, DeliveryRow[]>(leads.map((l) => [l.id, []]));
  // In slices, so a long export stays under the databases' limits on bound parameters.
  for (let i = 0; i < leads.length; i += 500) {
    const ids = leads.slice(i, i + 500).map((l) => l.id);
    const rows = await db.selectFrom("deliveries").selectAll().where("lead_id", "in", ids).orderBy("buyer_key").execute();
    for (const row of rows) byLead.get(row.lead_id)?.push(row);
  }
  return leads.map((lead) => ({ lead, deliveries: byLead.get(lead.id) ?? [] }));
}
