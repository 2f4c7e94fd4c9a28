/**
 * A publish: one new version of a flow, with a one-line Why. It is judged as `npm run build` judges forms/ (the
 * corpus model: the flow linter, the field library, the split), then every way through it is walked to its sending
 * step with sample answers, off the server's thread (the catalogue's checkVersion); any error refuses it with the
 * findings, and nothing changes. Otherwise it is recorded
 * in the store and every instance serves it (at 0% until its traffic is set).
 */
import type { Kysely } from "kysely";
import { hasErrors, type Finding } from "../../engine/core/findings";
import type { SchemaCheck } from "../../engine/core/types";
import { formatJson } from "../../engine/studio/jsonStyle";
import { recordPublishedChanges, type TrafficToSet } from "../storage/publishedFlowsStore";
import { splitText } from "./publishedListing";
import type { Database } from "../storage/schema";
import type { PublishedFlowCatalog } from "./publishedCatalog";

/** What a publish or traffic change is made with. */
export interface PublishingContext {
  db: Kysely<Database>;
  catalog: PublishedFlowCatalog;
  check: SchemaCheck;
  /** Called once a flow made in the studio is listed, so this instance offers it to search engines at once. */
  onListed?: () => Promise<void>;
}

/** Who asks, when and why. */
export interface ChangeRequest {
  flowId: string;
  analyst: string;
  at: Date;
  why: unknown;
}

/** A change's answer: done (with the change's number), or refused with a status, plain words and any findings. */
export type ChangeAnswer = { done: true; revision: number; version?: number } | { done: false; status: 400 | 404 | 409 | 422; message: string; findings?: Finding[] };

/** The longest Why kept. */
export const WHY_MAX = 300;

/** A refusal. */
export function refused(status: 400 | 404 | 409 | 422, message: string, findings?: Finding[]): ChangeAnswer {
  return { done: false, status, message, ...(findings ? { findings } : {}) };
}

/** The Why as one trimmed line, or the refusal that says what it must be. */
export function readWhy(why: unknown): string | ChangeAnswer {
  const line = typeof why === "string" ? why.trim() : "";
  if (!line) return refused(400, "Say why, in one line: it is kept in the flow's history.");
  if (/[\r\n]/.test(line)) return refused(400, "Say why in one line (no line breaks).");
  if (line.length > WHY_MAX) return refused(400, `Say why in ${WHY_MAX} characters or fewer.`);
  return line;
}

/** The `$schema` line of a version file, as the repository writes it. */
export const FLOW_SCHEMA = "../../schemas/flow.schema.json";

/**
 * Publishes `document` as a new version of the flow (see the module's comment). A draft's number is the one free
 * when it was made (`fromDraft`): when another version took it since, the draft is published as the next free one.
 */
export async function publishVersion(context: PublishingContext, request: ChangeRequest & { document: unknown; fromDraft?: boolean; newFlow?: boolean }): Promise<ChangeAnswer> {
  const { catalog } = context;
  const { flowId, document } = request;
  // A flow made in the studio has no version until its v1 is published (`newFlow`).
  if (!catalog.hasFlow(flowId) && !request.newFlow) return refused(404, `There is no flow "${flowId}".`);
  const why = readWhy(request.why);
  if (typeof why !== "string") return why;
  if (!document || typeof document !== "object" || Array.isArray(document)) return refused(400, "Send the version's document as a JSON object.");
  const asked = (document as { version?: unknown }).version;
  if (typeof asked !== "number" || !Number.isInteger(asked) || asked < 1 || asked > 999_999) return refused(400, "The document's version must be a whole number from 1.");
  const held = catalog.corpus().flows.find((f) => f.id === flowId)?.versions.map((v) => v.version) ?? [];
  const next = held.length === 0 ? 1 : Math.max(...held) + 1;
  if (held.includes(asked) && !request.fromDraft) {
    return refused(409, `${flowId} v${asked} is already published, and a published version never changes: publish these changes as v${next}.`);
  }
  const version = held.includes(asked) ? next : asked;
  // Kept as the repository writes a version file: its $schema line first, so it reads as any file of forms/ does.
  const { $schema: _schema, ...fields } = document as Record<string, unknown>;
  const text = formatJson({ $schema: FLOW_SCHEMA, ...fields, version });
  const all = await catalog.checkVersion(flowId, version, text);
  if (hasErrors(all)) return refused(422, `${flowId} v${version} was not published: fix what the checks found first.`, all.filter((f) => f.severity === "error"));

  const author = { analyst: request.analyst, at: request.at.toISOString(), why };
  const outcome = await recordPublishedChanges(context.db, [{ kind: "publish", flowId, version, document: text, ...author }, ...firstTraffic(flowId, held, version, author)]);
  if ("conflicts" in outcome) return refused(409, `${flowId} v${version} was published by ${outcome.conflicts[0]!.publishedBy} meanwhile: publish these changes as a new version.`);
  await catalog.follow(outcome.revision);
  return { done: true, revision: outcome.revision, version };
}

/** A flow's first version gets every visitor, as a split.json of its own says (kept if the flow has traffic already). */
function firstTraffic(flowId: string, held: number[], version: number, author: { analyst: string; at: string; why: string }): TrafficToSet[] {
  if (held.length > 0) return [];
  return [{ kind: "traffic", flowId, split: splitText({ default: version, weights: { [String(version)]: 100 } }), onlyIfNone: true, ...author }];
}
