/** Kysely's view of the database: one interface per table, columns as SQL stores them. */
import type { Insertable, Selectable } from "kysely";

/** A submitted lead. Contact columns are copies of answers, kept apart for de-duplication and erasure. */
export interface LeadsTable {
  id: string;
  /** ISO 8601 time, UTC. */
  created_at: string;
  flow_id: string;
  flow_version: number;
  product_type: string;
  service_type: string;
  /** 1 for a test-mode lead, else 0 (an integer, as SQLite has no boolean). */
  test_mode: number;
  response_code: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  postcode: string | null;
  /** JSON of the replayed answers, derived fields included. */
  answers: string;
  /** JSON of the tracking groups (utm, ads, user). */
  tracking: string;
  /** JSON of the consent state at submission. */
  consent: string;
}

/** Every table, for `Kysely<Database>`. */
export interface Database {
  leads: LeadsTable;
}

/** A lead row as read back. */
export type LeadRow = Selectable<LeadsTable>;

/** A lead row as written. */
export type NewLeadRow = Insertable<LeadsTable>;
