/**
 * What makes two takes of one submission key the same submission: the flow, its version and the replayed answers
 * (what the lead stores), in one canonical JSON, hashed. Key order, answers off the path and spaces trimmed by the
 * replay make no difference; campaign values and cookie choices are not answers and make none either.
 */
import { createHash } from "node:crypto";
import type { Answers } from "../../engine/core/types";

/** The SHA-256 (base64url) of the submission as stored: flow id, version and replayed answers. */
export function submissionDigest(flowId: string, version: number, answers: Answers): string {
  return createHash("sha256").update(canonicalJson([flowId, version, answers])).digest("base64url");
}

/** JSON with every object's keys in one order, whatever order they were written in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === "object" && !Array.isArray(item) ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : item,
  );
}
