/** Every migration, by name, in the order they run; imported statically so a bundle or tsx finds them. */
import type { Migration } from "kysely";
import * as leads from "./0001_leads";
import * as leadPipeline from "./0002_lead_pipeline";
import * as funnelCounts from "./0003_funnel_counts";
import * as unknownVersions from "./0004_unknown_versions";
import * as startTokenKey from "./0005_start_token_key";
import * as experiments from "./0006_experiments";
import * as quoteSessions from "./0007_quote_sessions";
import * as leadSubmissionKey from "./0008_lead_submission_key";
import * as leftOutVisits from "./0009_left_out_visits";
import * as experimentAggregates from "./0010_experiment_aggregates";
import * as deliveryQueueByBuyer from "./0011_delivery_queue_by_buyer";
import * as leadSubmissionDigest from "./0012_lead_submission_digest";
import * as analystSessions from "./0013_analyst_sessions";
import * as publishedFlows from "./0014_published_flows";
import * as analystRoles from "./0015_analyst_roles";
import * as analystDrafts from "./0016_analyst_drafts";
import * as experimentSettling from "./0018_experiment_settling";
import * as leadRequestId from "./0019_lead_request_id";
import * as routedLeadRoutines from "./0020_routed_lead_routines";
import * as leadBatches from "./0021_lead_batches";
import * as experimentCountChanges from "./0022_experiment_count_changes";
import * as consentCertificates from "./0023_consent_certificates";
import * as studioFlows from "./0024_studio_flows";
import * as consentNotices from "./0025_consent_notices";
import * as draftPresence from "./0026_draft_presence";

/** Migration name → module; names sort in the order they must run. */
export const migrations: Record<string, Migration> = {
  "0001_leads": leads,
  "0002_lead_pipeline": leadPipeline,
  "0003_funnel_counts": funnelCounts,
  "0004_unknown_versions": unknownVersions,
  "0005_start_token_key": startTokenKey,
  "0006_experiments": experiments,
  "0007_quote_sessions": quoteSessions,
  "0008_lead_submission_key": leadSubmissionKey,
  "0009_left_out_visits": leftOutVisits,
  "0010_experiment_aggregates": experimentAggregates,
  "0011_delivery_queue_by_buyer": deliveryQueueByBuyer,
  "0012_lead_submission_digest": leadSubmissionDigest,
  "0013_analyst_sessions": analystSessions,
  "0014_published_flows": publishedFlows,
  "0015_analyst_roles": analystRoles,
  "0016_analyst_drafts": analystDrafts,
  "0018_experiment_settling": experimentSettling,
  "0019_lead_request_id": leadRequestId,
  "0020_routed_lead_routines": routedLeadRoutines,
  "0021_lead_batches": leadBatches,
  "0022_experiment_count_changes": experimentCountChanges,
  "0023_consent_certificates": consentCertificates,
  "0024_studio_flows": studioFlows,
  "0025_consent_notices": consentNotices,
  "0026_draft_presence": draftPresence,
};
