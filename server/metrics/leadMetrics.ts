/** Leads: received, stored and refused by response code, duplicates, bots, and the time to a durable commit. */
import { Counter, Histogram, type Registry } from "prom-client";
import type { FlowCatalog } from "../flowCatalog";
import { OTHER, everyCombination, flowLabel, knownOr, startAtZero } from "./labels";

/** The response codes of the specification (schemas/lead.schema.json). */
const RESPONSE_CODES = new Set(["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "99", "100"]);
/** The codes a stored lead is answered with (3 and 4 are refusals). */
const STORED_CODES = [...RESPONSE_CODES].filter((code) => code !== "3" && code !== "4");

/** Seconds from a lead's arrival to its commit: a group commit is milliseconds, an fsync on a busy disk more. */
const COMMIT_BUCKETS = [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** The lead series; `flowId` is the visitor's and is counted as "other" unless the forms folder has it. */
export interface LeadMetrics {
  received(flowId: string): void;
  /** A lead stored, with the response code it was answered. */
  stored(flowId: string, code: string, seconds: number): void;
  /** A lead refused (invalid, 3; a version not served, 4). */
  refused(code: string): void;
  /** The same person again within the window (2), or the same submission sent again (answered as the first time). */
  duplicate(kind: "person" | "resent"): void;
  /** A submission the bot checks dropped quietly. */
  droppedAsBot(): void;
  /** A valid lead held in the instance's spool because the store could not take it. */
  spooled(): void;
}

/** Registers the lead series on `registry`. */
export function leadMetrics(registry: Registry, flows: FlowCatalog): LeadMetrics {
  const registers = [registry];
  const received = new Counter({ name: "switchplan_leads_received_total", help: "Lead submissions received (POST /api/leads and quotes without scripts), by flow.", labelNames: ["flow"], registers });
  const stored = new Counter({ name: "switchplan_leads_stored_total", help: "Leads stored, by flow and the response code they were answered.", labelNames: ["flow", "code"], registers });
  const refused = new Counter({ name: "switchplan_leads_refused_total", help: "Lead submissions refused after the envelope check, by response code (3 invalid answers, 4 a version not served).", labelNames: ["code"], registers });
  const duplicates = new Counter({ name: "switchplan_leads_duplicates_total", help: "Duplicate leads: the same person within the window (person), or the same submission sent again (resent).", labelNames: ["kind"], registers });
  const spooled = new Counter({ name: "switchplan_leads_spooled_total", help: "Valid leads held in the instance's spool (DATA_DIR/lead-spool.jsonl) because the store could not take them; each is stored, and counted as stored, once the store is back.", registers });
  const bots = new Counter({ name: "switchplan_leads_dropped_as_bots_total", help: "Lead submissions the bot checks answered quietly without storing.", registers });
  const commit = new Histogram({
    name: "switchplan_lead_commit_seconds",
    help: "Time from a lead's arrival at intake to its durable commit (the answer waits for it).",
    buckets: COMMIT_BUCKETS,
    registers,
  });
  const flowIds = [...flows.corpus().flows.map((f) => f.id), OTHER];
  startAtZero(received, everyCombination({ flow: flowIds }));
  startAtZero(stored, everyCombination({ flow: flowIds, code: STORED_CODES }));
  startAtZero(refused, everyCombination({ code: ["3", "4"] }));
  startAtZero(duplicates, everyCombination({ kind: ["person", "resent"] }));
  return {
    received: (flowId) => received.inc({ flow: flowLabel(flows, flowId) }),
    stored(flowId, code, seconds) {
      stored.inc({ flow: flowLabel(flows, flowId), code: knownOr(code, RESPONSE_CODES) });
      commit.observe(seconds);
    },
    refused: (code) => refused.inc({ code: knownOr(code, RESPONSE_CODES) }),
    duplicate: (kind) => duplicates.inc({ kind }),
    droppedAsBot: () => bots.inc(),
    spooled: () => spooled.inc(),
  };
}
