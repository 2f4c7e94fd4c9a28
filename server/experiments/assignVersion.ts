/**
 * Which version a visit is served: its random id hashed with the flow id to a point in [0, 1), laid over the
 * versions' weights in version order. Every server computes the same answer with no state shared, a returning
 * visit keeps its version while the weights stay, and flows are assigned independently of one another.
 */
import { createHash } from "node:crypto";
import type { CorpusFlow } from "../../engine/core/flowCorpus";
import { currentPeriod, type CurrentPeriod } from "./experimentPeriod";

/** The version for this visit under these weights (version → share; only positive shares take part). */
export function assignVersion(visitId: string, flowId: string, weights: Readonly<Record<string, number>>, fallback: number): number {
  const shares = Object.entries(weights)
    .map(([version, weight]) => ({ version: Number(version), weight }))
    .filter(({ weight }) => weight > 0)
    .sort((a, b) => a.version - b.version);
  const total = shares.reduce((sum, s) => sum + s.weight, 0);
  if (total <= 0) return fallback;
  let point = unitHash(`${flowId}\n${visitId}`) * total;
  for (const { version, weight } of shares) {
    if (point < weight) return version;
    point -= weight;
  }
  return shares[shares.length - 1]!.version;
}

/** The version a visit is assigned in a flow's current period (the default when no version has a share); none for a flow not served. */
export function assignVisit(flow: CorpusFlow, visitId: string): { period: CurrentPeriod; version: number } | undefined {
  const period = currentPeriod(flow);
  if (!period || flow.defaultVersion === undefined) return undefined;
  return { period, version: assignVersion(visitId, flow.id, period.weights, flow.defaultVersion) };
}

/** A uniform number in [0, 1) from the first 52 bits of the text's SHA-256. */
export function unitHash(text: string): number {
  const digest = createHash("sha256").update(text).digest();
  // 52 bits: exactly representable, so every point is distinct and below 1.
  return (digest.readUInt32BE(0) * 2 ** 20 + (digest.readUInt32BE(4) >>> 12)) / 2 ** 52;
}
