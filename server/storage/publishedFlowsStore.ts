/**
 * The published flows in the store: reading the whole published state, the change counter instances poll, a
 * flow's history, and the one unit every change goes through. The unit takes the counter's row lock first, so
 * changes made at once by several instances (two starting together on one PostgreSQL, two analysts) run one after
 * the other and each sees what the one before wrote; it numbers each change it records from that counter.
 */
import { createHash } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import { canonicalJson } from "../leads/submissionDigest";
import { runUnit } from "./connection";
import { announcePublishedChange } from "./publishedNotices";
import type { PublishedFlowChangesTable } from "./publishedFlowsSchema";
import type { Database } from "./schema";

/** A recorded change as read back. */
export type PublishedChangeRow = Selectable<PublishedFlowChangesTable>;

/** Who, when and why, for any change. */
export interface ChangeAuthor {
  analyst: string;
  at: string;
  why: string;
}

/** A version to publish: its document's text as given. */
export interface VersionToPublish extends ChangeAuthor {
  kind: "publish";
  flowId: string;
  version: number;
  document: string;
}

/** Traffic to put in force: split.json's shape as JSON text; `onlyIfNone` sets it only on a flow without any. */
export interface TrafficToSet extends ChangeAuthor {
  kind: "traffic";
  flowId: string;
  split: string;
  onlyIfNone?: boolean;
}

export type PublishedChange = VersionToPublish | TrafficToSet;

/** A version the store already holds with other content: nothing of the batch was written. */
export interface PublishConflict {
  flowId: string;
  version: number;
  publishedBy: string;
  publishedAt: string;
}

/** What a batch of changes did: the changes recorded, or the conflicts that refused it whole. */
export type PublishOutcome = { recorded: number; revision: number } | { conflicts: PublishConflict[] };

/** Everything visitors are served from: every version's text and every flow's traffic, at one revision. */
export interface PublishedState {
  revision: number;
  versions: Array<{ flowId: string; version: number; document: string }>;
  traffic: Array<{ flowId: string; split: string }>;
}

/** SHA-256 (hex) of a document's canonical JSON; text that is not JSON is hashed as it is. */
export function contentHash(document: string): string {
  let canonical: string;
  try {
    canonical = canonicalJson(JSON.parse(document));
  } catch {
    canonical = document;
  }
  return createHash("sha256").update(canonical).digest("hex");
}

/** The change counter: it moves with every change recorded. */
export async function publishedRevision(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom("published_flows_revision").select("revision").where("id", "=", 1).executeTakeFirst();
  return row?.revision ?? 0;
}

/**
 * The whole published state. The counter is read first: a change committed between the queries is in the rows
 * but not yet in the revision, so it is read again at the next poll, never missed. The traffic is read before the
 * versions, so a split read never names a version the versions read lacks.
 */
export async function readPublishedState(db: Kysely<Database>): Promise<PublishedState> {
  const revision = await publishedRevision(db);
  const traffic = await db.selectFrom("published_flow_traffic").select(["flow_id", "split"]).orderBy("flow_id").execute();
  const versions = await db.selectFrom("published_flow_versions").select(["flow_id", "version", "document"]).orderBy("flow_id").orderBy("version").execute();
  return {
    revision,
    versions: versions.map((v) => ({ flowId: v.flow_id, version: v.version, document: v.document })),
    traffic: traffic.map((t) => ({ flowId: t.flow_id, split: t.split })),
  };
}

/** More versions than this published since are read by their flows. */
const MANY_VERSIONS = 50;

/**
 * What changed since the counter stood at `since`: the versions published since and the traffic now in force of
 * each flow whose traffic changed, as a PublishedState of those rows only (the counter read first, as above). A
 * published version never changes, so these rows laid over the state at `since` make the state at `revision`.
 */
export async function readPublishedChangesSince(db: Kysely<Database>, since: number): Promise<PublishedState> {
  const revision = await publishedRevision(db);
  if (revision === since) return { revision, versions: [], traffic: [] };
  const changes = await db.selectFrom("published_flow_changes").select(["flow_id", "kind", "version"]).where("change_id", ">", since).execute();
  const trafficFlows = [...new Set(changes.filter((c) => c.kind === "traffic").map((c) => c.flow_id))];
  const published = changes.filter((c) => c.kind === "publish" && c.version !== null);
  const traffic = trafficFlows.length === 0 ? [] : await db.selectFrom("published_flow_traffic").select(["flow_id", "split"]).where("flow_id", "in", trafficFlows).orderBy("flow_id").execute();
  // Many versions at once (a deploy's forms/): every version of their flows, rather than one condition per version.
  const publishedFlows = [...new Set(published.map((c) => c.flow_id))];
  const versions =
    published.length === 0
      ? []
      : await db
          .selectFrom("published_flow_versions")
          .select(["flow_id", "version", "document"])
          .where((eb) =>
            published.length > MANY_VERSIONS
              ? eb("flow_id", "in", publishedFlows)
              : eb.or(published.map((c) => eb.and([eb("flow_id", "=", c.flow_id), eb("version", "=", c.version!)]))),
          )
          .orderBy("flow_id")
          .orderBy("version")
          .execute();
  return {
    revision,
    versions: versions.map((v) => ({ flowId: v.flow_id, version: v.version, document: v.document })),
    traffic: traffic.map((t) => ({ flowId: t.flow_id, split: t.split })),
  };
}

/** A flow's changes, newest first. */
export function flowHistory(db: Kysely<Database>, flowId: string): Promise<PublishedChangeRow[]> {
  return db.selectFrom("published_flow_changes").selectAll().where("flow_id", "=", flowId).orderBy("change_id", "desc").execute();
}

/** One recorded change of a flow, if it has one by that number. */
export function findChange(db: Kysely<Database>, flowId: string, changeId: number): Promise<PublishedChangeRow | undefined> {
  return db.selectFrom("published_flow_changes").selectAll().where("flow_id", "=", flowId).where("change_id", "=", changeId).executeTakeFirst();
}

/** Records a batch of changes together, or none of them (see PublishOutcome). */
export function recordPublishedChanges(db: Kysely<Database>, changes: PublishedChange[]): Promise<PublishOutcome> {
  return runUnit(db, storePublishedChanges, { changes });
}

/**
 * The unit: locks the counter, refuses the whole batch when a version's number is held with other content, skips
 * a version already held with the same content (another instance published it first) and traffic `onlyIfNone`
 * on a flow that has some, then writes the rest, numbering each change from the counter.
 */
export async function storePublishedChanges(db: Kysely<Database>, { changes }: { changes: PublishedChange[] }): Promise<PublishOutcome> {
  await db.updateTable("published_flows_revision").set((eb) => ({ revision: eb.ref("revision") })).where("id", "=", 1).execute();
  const conflicts: PublishConflict[] = [];
  const toWrite: Array<PublishedChange & { hash?: string }> = [];
  for (const change of changes) {
    if (change.kind === "publish") {
      const hash = contentHash(change.document);
      const held = await db
        .selectFrom("published_flow_versions")
        .select(["content_hash", "published_by", "published_at"])
        .where("flow_id", "=", change.flowId)
        .where("version", "=", change.version)
        .executeTakeFirst();
      if (!held) toWrite.push({ ...change, hash });
      else if (held.content_hash !== hash) conflicts.push({ flowId: change.flowId, version: change.version, publishedBy: held.published_by, publishedAt: held.published_at });
    } else {
      const held = await db.selectFrom("published_flow_traffic").select("split").where("flow_id", "=", change.flowId).executeTakeFirst();
      if (!(held && change.onlyIfNone)) toWrite.push(change);
    }
  }
  let revision = await publishedRevision(db);
  if (conflicts.length > 0) return { conflicts };
  for (const change of toWrite) {
    revision += 1;
    const common = { change_id: revision, flow_id: change.flowId, kind: change.kind, analyst: change.analyst, changed_at: change.at, why: change.why };
    if (change.kind === "publish") {
      await db
        .insertInto("published_flow_versions")
        .values({ flow_id: change.flowId, version: change.version, document: change.document, content_hash: change.hash!, published_by: change.analyst, published_at: change.at, why: change.why })
        .execute();
      await db.insertInto("published_flow_changes").values({ ...common, version: change.version, before: null, after: JSON.stringify({ version: change.version, contentHash: change.hash }) }).execute();
    } else {
      const held = await db.selectFrom("published_flow_traffic").select("split").where("flow_id", "=", change.flowId).executeTakeFirst();
      if (held) await db.updateTable("published_flow_traffic").set({ split: change.split, change_id: revision }).where("flow_id", "=", change.flowId).execute();
      else await db.insertInto("published_flow_traffic").values({ flow_id: change.flowId, split: change.split, change_id: revision }).execute();
      await db.insertInto("published_flow_changes").values({ ...common, version: null, before: held?.split ?? null, after: change.split }).execute();
    }
  }
  if (toWrite.length > 0) {
    await db.updateTable("published_flows_revision").set({ revision }).where("id", "=", 1).execute();
    await announcePublishedChange(db, revision);
  }
  return { recorded: toWrite.length, revision };
}
