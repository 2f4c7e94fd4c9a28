/** Kysely's view of the database: one interface per table, columns as SQL stores them. Times are ISO 8601 UTC text. */
import type { Generated, Insertable, Selectable } from "kysely";
import type { PublishedFlowChangesTable, PublishedFlowTrafficTable, PublishedFlowVersionsTable, PublishedFlowsRevisionTable } from "./publishedFlowsSchema";

/** A submitted lead. Contact columns are copies of answers, kept apart for de-duplication and erasure. */
export interface LeadsTable {
  id: string;
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
  /** JSON of the cookie consent state at submission. */
  consent: string;
  /** 1 when the lead arrived outside the site's opening hours. */
  form_is_time_ooh: number;
  /** The wording beside the submit button the visitor agreed to. */
  consent_wording: string | null;
  privacy_notice_version: string | null;
  /** JSON array of the buyer names the visitor agreed to; null when the page named none. */
  consented_buyers: string | null;
  consented_at: string | null;
  /** For a duplicate (code 2): the lead it repeats. */
  duplicate_of: string | null;
  /** Why the lead went to no buyer, for the operator. */
  routing_note: string | null;
  /** The visit (its cookie's random id) the lead came from, for the experiment report; null when not counted. */
  visit_id: string | null;
  /** The key its submission carried (unique): a second take of the same submission finds this lead. */
  submission_key: string | null;
  /** With a submission key: the digest of its flow, version and replayed answers (server/leads/submissionDigest.ts). */
  submission_digest: string | null;
  /** The id of the request that sent it (X-Request-Id, or the server's own), for following it through the logs. */
  request_id: string | null;
  /** The consent certificate's id (server/consent/certificate.ts); null on leads stored before certificates. */
  consent_jti: string | null;
  /** The kid of the key that signed it. */
  consent_kid: string | null;
  /** The certificate, a JWS in compact form. */
  consent_certificate: string | null;
}

/** Who holds a contact (phone or e-mail) for a service until `expires_at`: the de-duplication guard. */
export interface ContactClaimsTable {
  service_type: string;
  /** "phone:+441134960000" or "email:jo@example.com". */
  contact: string;
  lead_id: string;
  expires_at: string;
}

/** Leads each buyer has been given on a London day, to hold its daily cap. */
export interface BuyerDailyCountsTable {
  buyer_key: string;
  /** YYYY-MM-DD in Europe/London. */
  day: string;
  count: number;
}

/** Where a delivery stands. */
export type DeliveryStatus = "pending" | "sending" | "delivered" | "duplicate" | "rejected" | "dead";

/** One lead to one buyer: the unit the worker sends, retries and records. */
export interface DeliveriesTable {
  id: string;
  lead_id: string;
  buyer_key: string;
  buyer_id: string;
  buyer_name: string;
  /** Sent with every attempt, so a buyer can tell a retry from a new lead. */
  idempotency_key: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: string;
  /** The worker sending it now, until lease_until; a lapsed lease (a crashed worker) frees the row. */
  lease_owner: string | null;
  lease_until: string | null;
  /** The buyer's answer: 1 Success, 2 Duplicate, -1 Error. */
  result_code: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  /** What the buyer pays for it, in pence, at the price in force when it was delivered; null until delivered. */
  price_pence: number | null;
}

/** Every attempt to send a delivery, kept for the operator. */
export interface DeliveryAttemptsTable {
  id: string;
  delivery_id: string;
  attempt: number;
  started_at: string;
  duration_ms: number;
  http_status: number | null;
  /** delivered, duplicate, rejected or retry. */
  outcome: string;
  error: string | null;
  worker: string;
}

/** A newsletter sign-up with the wording agreed to. */
export interface NewsletterSubscribersTable {
  email: string;
  consent_text: string;
  subscribed_at: string;
}

/** A data-subject erasure: only a keyed hash of the contact remains, so they are not contacted again. */
export interface ErasuresTable {
  contact_hash: string;
  kind: "email" | "phone";
  erased_at: string;
  leads_erased: number;
}

/** Installation-wide values made by migrations (the erasure hash key). */
export interface AppSettingsTable {
  name: string;
  value: string;
}

/** A stretch of time over which a flow's weights and served version files stayed the same. */
export interface ExperimentPeriodsTable {
  flow_id: string;
  /** A short hash of the weights, the control and the served versions' documents. */
  period_id: string;
  /** When a server first served the flow with this set-up. */
  started_at: string;
  /** JSON of the weights in force: version → share. */
  weights: string;
  /** The split's default version, every other version's comparison. */
  control: number;
  planned_per_version: number | null;
}

/** A visit served a flow in a period: once, with the version it was served. */
export interface ExperimentExposuresTable {
  flow_id: string;
  period_id: string;
  /** The random id of the visit's first-party cookie. */
  visit_id: string;
  flow_version: number;
  exposed_at: string;
  /** YYYY-MM-DD in Europe/London, of exposed_at. */
  day: string;
  /** "phone", "tablet" or "desktop" from the User-Agent ("unknown" for visits counted before it was recorded). */
  device: string;
  /** The visit's traffic source, one of the flow's named sources, "direct" or "other" (experiments/visitSegments.ts). */
  source: string;
}

/** A step a visit reached in a period: once per visit and step, however often it was shown. */
export interface ExperimentStepReachTable {
  flow_id: string;
  period_id: string;
  visit_id: string;
  step_id: string;
}

/** Counts kept as visits arrive: one row per flow, period, version, London day, device and source. */
export interface ExperimentCountsTable {
  flow_id: string;
  period_id: string;
  flow_version: number;
  day: string;
  device: string;
  source: string;
  /** Exposed visits (bigint on PostgreSQL, read back as a string there). */
  exposures: number | string;
  /** Of those, visits with a stored non-test lead. */
  leads: number | string;
  /** Of those, visits whose lead has a delivery under way. */
  pending: number | string;
  /** Of the settled ones, visits whose lead a buyer accepted. */
  accepted: number | string;
  /** Σ value per settled visit, in pence. */
  value_pence: number | string;
  /** Σ (value per settled visit)², in pence². */
  value_pence_squares: number | string;
  /** Of those with a lead, visits whose lead repeats one already stored, or that every buyer called a duplicate. */
  duplicates: number | string;
  /** Visits whose lead every buyer it was sent to turned down (rejected, or dead after every attempt). */
  rejected: number | string;
  /** Visits whose lead went to no buyer (none matched, all capped, or held). */
  unrouted: number | string;
}

/** The same counts per UTC hour of exposure instead of London day: what a report takes out while visits settle. */
export interface ExperimentHourCountsTable extends Omit<ExperimentCountsTable, "day"> {
  /** YYYY-MM-DDTHH, UTC, of the exposure. */
  hour: string;
}

/** Exposed visits that reached a step, per flow, period, version and step. */
export interface ExperimentStepCountsTable {
  flow_id: string;
  period_id: string;
  flow_version: number;
  step_id: string;
  visits: number | string;
}

/** What an exposed visit with a lead last added to experiment_counts, so a change applies the difference. */
export interface ExperimentVisitOutcomesTable {
  flow_id: string;
  period_id: string;
  visit_id: string;
  /** The lead that decides the visit's outcome: its first non-test lead of the flow and version. */
  lead_id: string;
  pending: number;
  accepted: number;
  value_pence: number | string;
  /** What became of the lead: "accepted", "pending", "duplicate", "rejected" or "unrouted". */
  outcome: string;
}

/**
 * PostgreSQL: a change to a counts row and its hour's row, waiting to be folded into them (migration 0022,
 * experiments/countsFolding.ts); the counts are the rows plus the changes not yet folded.
 */
export interface ExperimentCountChangesTable extends Omit<ExperimentCountsTable, "day"> {
  id: Generated<string>;
  day: string;
  hour: string;
}

/** PostgreSQL: visits that reached a step, waiting to be folded into experiment_step_counts. */
export interface ExperimentStepCountChangesTable extends ExperimentStepCountsTable {
  id: Generated<string>;
}

/** PostgreSQL: visits whose lead's outcome is to be counted (filled by a trigger on leads, drained by countsFolding.ts). */
export interface ExperimentOutcomeQueueTable {
  id: Generated<string>;
  flow_id: string;
  visit_id: string;
}

/** A traffic source a flow counts by name (at most 20 per flow; any other is "other"). */
export interface ExperimentSourcesTable {
  flow_id: string;
  source: string;
}

/** How many visits on a London day asked a flow for a `?v=` it has no version for (they got the default). */
export interface FunnelUnknownVersionsTable {
  day: string;
  flow_id: string;
  /** The `?v=` as asked for. */
  requested: string;
  count: number;
}

/** How many new visits on a London day a flow's page was served to but did not count (their address was past its limit). */
export interface ExperimentLeftOutVisitsTable {
  flow_id: string;
  /** YYYY-MM-DD in Europe/London. */
  day: string;
  count: number;
}

/** A quote filled in without scripts: one browser session's state in one flow, between its plain-form steps. */
export interface QuoteSessionsTable {
  /** The random id of the session's cookie. */
  session_id: string;
  flow_id: string;
  /** JSON of the state (server/plainQuote/plainState.ts). */
  state: string;
  /** Counts the state's changes; a form carries the revision it was drawn from. */
  revision: number;
  updated_at: string;
}

/** An analyst's session: one sign-in, named by the random id in its `_sp_analyst` cookie. */
export interface AnalystSessionsTable {
  session_id: string;
  /** The analyst's name (the analysts table). */
  analyst: string;
  /** A fingerprint of the analyst's password hash at sign-in (server/analysts/analystSession.ts). */
  password_stamp: string;
  started_at: string;
}

/** An analyst: who may sign in to the analysts' pages, and what they may do there (server/analysts/analystRoles.ts). */
export interface AnalystsTable {
  name: string;
  /** `scrypt$N=…,r=…,p=…$salt$hash` (server/analysts/passwords.ts), never the password. */
  password_hash: string;
  role: "reader" | "editor" | "publisher";
  added_at: string;
}

/** A draft of a new version of a flow, kept on the server as it is edited (server/storage/draftsStore.ts). */
export interface AnalystDraftsTable {
  id: string;
  flow_id: string;
  /** The published version it was made from. */
  base_version: number;
  /** The flow document as JSON text. */
  document: string;
  /** 1 when made, one more at each save: a save naming an older one is refused. */
  revision: number;
  created_by: string;
  /** Who saved it last. */
  editor: string;
  created_at: string;
  updated_at: string;
}

/** A preview link of a draft: the SHA-256 of its token, never the token (server/storage/previewLinksStore.ts). */
export interface PreviewLinksTable {
  token_hash: string;
  draft_id: string;
  created_by: string;
  created_at: string;
  expires_at: string;
}

/** A page that has a draft open, and when it last said so (server/storage/draftPresenceStore.ts). */
export interface DraftPresenceTable {
  draft_id: string;
  page_id: string;
  analyst: string;
  opened_at: string;
  seen_at: string;
}

/** A flow made in the live studio from a copy of another (server/storage/studioFlowsStore.ts). */
export interface StudioFlowsTable {
  flow_id: string;
  copied_from: string;
  copied_version: number;
  created_by: string;
  created_at: string;
  /** Who listed it and when; null while it is kept out of search engines and the sitemap. */
  listed_by: string | null;
  listed_at: string | null;
}

/** Every table, for `Kysely<Database>`. */
export interface Database {
  leads: LeadsTable;
  contact_claims: ContactClaimsTable;
  buyer_daily_counts: BuyerDailyCountsTable;
  deliveries: DeliveriesTable;
  delivery_attempts: DeliveryAttemptsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  erasures: ErasuresTable;
  app_settings: AppSettingsTable;
  experiment_periods: ExperimentPeriodsTable;
  experiment_exposures: ExperimentExposuresTable;
  experiment_step_reach: ExperimentStepReachTable;
  funnel_unknown_versions: FunnelUnknownVersionsTable;
  experiment_left_out_visits: ExperimentLeftOutVisitsTable;
  quote_sessions: QuoteSessionsTable;
  experiment_counts: ExperimentCountsTable;
  experiment_hour_counts: ExperimentHourCountsTable;
  experiment_step_counts: ExperimentStepCountsTable;
  experiment_visit_outcomes: ExperimentVisitOutcomesTable;
  experiment_count_changes: ExperimentCountChangesTable;
  experiment_step_count_changes: ExperimentStepCountChangesTable;
  experiment_outcome_queue: ExperimentOutcomeQueueTable;
  experiment_sources: ExperimentSourcesTable;
  analyst_sessions: AnalystSessionsTable;
  published_flow_versions: PublishedFlowVersionsTable;
  published_flow_traffic: PublishedFlowTrafficTable;
  published_flow_changes: PublishedFlowChangesTable;
  published_flows_revision: PublishedFlowsRevisionTable;
  analysts: AnalystsTable;
  analyst_drafts: AnalystDraftsTable;
  preview_links: PreviewLinksTable;
  draft_presence: DraftPresenceTable;
  consent_keys: ConsentKeysTable;
  consent_withdrawals: ConsentWithdrawalsTable;
  studio_flows: StudioFlowsTable;
  consent_notices: ConsentNoticesTable;
}

/** A lead row as read back. */
export type LeadRow = Selectable<LeadsTable>;

/** A lead row as written. */
export type NewLeadRow = Insertable<LeadsTable>;

/** A delivery row as read back. */
export type DeliveryRow = Selectable<DeliveriesTable>;

/** An attempt row as read back. */
export type DeliveryAttemptRow = Selectable<DeliveryAttemptsTable>;

/** A consent signing key: its public JWK, its private key sealed (server/consent/signingKeys.ts). */
export interface ConsentKeysTable {
  kid: string;
  public_jwk: string;
  private_key: string;
  created_at: string;
  retired_at: string | null;
}

/** A consent certificate withdrawn (an erasure, an unsubscribe), by its jti. */
export interface ConsentWithdrawalsTable {
  jti: string;
  kid: string;
  withdrawn_at: string;
  reason: string;
}

/** A buyer told that a consent its lead carried was withdrawn: a delivery of its own, queued and retried. */
export interface ConsentNoticesTable {
  id: string;
  jti: string;
  lead_id: string;
  buyer_key: string;
  withdrawn_at: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  http_status: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}
