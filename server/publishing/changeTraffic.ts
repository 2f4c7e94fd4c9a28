/**
 * Traffic changes: new weights (with the control, the planned visits and the decision settings: the metric decided
 * on and the guardrails, trafficDecision.ts), shipping a version (everyone to it),
 * stopping one (its share to the others, in proportion) and restoring a past traffic entry. Each is checked as
 * split.json is, recorded with who, when and why, and served by every instance; a changed split starts a new
 * experiment period (server/experiments/experimentPeriod.ts), and going back to an earlier one resumes its counts.
 */
import { hasErrors } from "../../engine/core/findings";
import type { CorpusFlow } from "../../engine/core/flowCorpus";
import { servedVersions } from "../../engine/core/flowCorpus";
import type { TrafficSplit } from "../../schemas/generated/split";
import { findChange, recordPublishedChanges } from "../storage/publishedFlowsStore";
import { readSplit } from "../../engine/core/trafficSplit";
import { splitFile, splitText } from "./publishedListing";
import { decisionSettings } from "./trafficDecision";
import { readWhy, refused, type ChangeAnswer, type ChangeRequest, type PublishingContext } from "./publishVersion";

/** What the change asks for. */
export type TrafficAsk =
  | { kind: "weights"; weights: unknown; control: unknown; plannedPerVersion?: unknown; decideOn?: unknown; guardrails?: unknown }
  | { kind: "ship"; version: unknown }
  | { kind: "stop"; version: unknown }
  | { kind: "restore"; change: unknown };

/** Makes the traffic change asked for (see the module's comment). */
export async function changeTraffic(context: PublishingContext, request: ChangeRequest & { ask: TrafficAsk }): Promise<ChangeAnswer> {
  const { catalog, check, db } = context;
  const { flowId, ask } = request;
  const flow = catalog.corpus().flows.find((f) => f.id === flowId);
  if (!flow || flow.defaultVersion === undefined) return refused(404, `There is no flow "${flowId}".`);
  const why = readWhy(request.why);
  if (typeof why !== "string") return why;
  const current: TrafficSplit = flow.split ?? { default: flow.defaultVersion, weights: flow.weights };
  const next = ask.kind === "restore" ? await restored(context, flowId, ask.change) : proposed(flow, current, ask);
  if ("done" in next) return next;

  const text = splitText(next);
  if (text === splitText(current)) return refused(409, "That is the traffic in force already: nothing changed.");
  const listing = catalog.listing();
  // The proposed split's own findings: nothing changed, so nothing is said of what visitors get "until it is fixed".
  const versionFiles = flow.versions.map((v) => v.version);
  const findings = readSplit(check, JSON.parse(splitFile(text)) as unknown, `${listing.root}/${flowId}/split.json`, versionFiles).findings;
  if (hasErrors(findings)) return refused(422, "The traffic was not changed, and visitors are shared as before: fix what the checks found first.", findings.filter((f) => f.severity === "error"));
  const outcome = await recordPublishedChanges(db, [{ kind: "traffic", flowId, split: text, analyst: request.analyst, at: request.at.toISOString(), why }]);
  if ("conflicts" in outcome) return refused(409, "The traffic was changed meanwhile: look again, then change it.");
  await catalog.follow(outcome.revision);
  return { done: true, revision: outcome.revision };
}

/** A version number the flow has published, or the refusal. */
function publishedVersion(flow: CorpusFlow, version: unknown): number | ChangeAnswer {
  if (typeof version === "number" && servedVersions(flow).includes(version)) return version;
  return refused(404, `${flow.id} has no published version ${JSON.stringify(version)}.`);
}

function proposed(flow: CorpusFlow, current: TrafficSplit, ask: Exclude<TrafficAsk, { kind: "restore" }>): TrafficSplit | ChangeAnswer {
  if (ask.kind === "weights") {
    const { weights, control, plannedPerVersion } = ask;
    if (!weights || typeof weights !== "object" || Array.isArray(weights)) return refused(400, "Give each version's weight, as { \"1\": 80, \"2\": 20 }.");
    const defaultVersion = publishedVersion(flow, control);
    if (typeof defaultVersion !== "number") return refused(400, `The control must be a published version of ${flow.id}.`);
    const planned = plannedPerVersion === undefined || plannedPerVersion === null ? {} : { plannedPerVersion: plannedPerVersion as number };
    const decision = decisionSettings(current, ask);
    if ("done" in decision) return decision;
    const { plannedPerVersion: _old, decideOn: _decideOn, guardrails: _guardrails, ...kept } = current;
    return { ...kept, default: defaultVersion, weights: weights as Record<string, number>, ...planned, ...decision };
  }
  const version = publishedVersion(flow, ask.version);
  if (typeof version !== "number") return version;
  const shares = Object.fromEntries(servedVersions(flow).map((v) => [String(v), current.weights[String(v)] ?? 0]));
  if (ask.kind === "ship") return { ...current, default: version, weights: Object.fromEntries(Object.keys(shares).map((v) => [v, Number(v) === version ? 100 : 0])) };
  const freed = shares[String(version)] ?? 0;
  const others = Object.entries(shares).filter(([v, w]) => Number(v) !== version && w > 0);
  if (freed === 0) return refused(409, `v${version} already has no traffic.`);
  if (others.length === 0) return refused(409, `v${version} has all the traffic, so there is no other version to give its share to: ship another version instead.`);
  return { ...current, weights: { ...shares, ...spread(freed, others), [String(version)]: 0 } };
}

/** `freed` shared among `others` in proportion to their weights, to the hundredth, adding up exactly. */
function spread(freed: number, others: Array<[string, number]>): Record<string, number> {
  const total = others.reduce((sum, [, w]) => sum + w, 0);
  const result: Record<string, number> = {};
  let given = 0;
  others.forEach(([v, w], i) => {
    const share = i === others.length - 1 ? Math.round((freed - given) * 100) / 100 : Math.round(((freed * w) / total) * 100) / 100;
    given += share;
    result[v] = Math.round((w + share) * 100) / 100;
  });
  return result;
}

async function restored(context: PublishingContext, flowId: string, change: unknown): Promise<TrafficSplit | ChangeAnswer> {
  const found = typeof change === "number" && Number.isInteger(change) ? await findChange(context.db, flowId, change) : undefined;
  if (!found || found.kind !== "traffic") return refused(404, `${flowId} has no traffic entry ${JSON.stringify(change)} in its history.`);
  return JSON.parse(found.after) as TrafficSplit;
}
