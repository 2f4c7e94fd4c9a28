/**
 * Published flows: every version of every flow as it was published (never changed after), each flow's traffic in
 * force, and the history of every publish and traffic change. One counter row moves with every change: instances
 * poll it to follow the published state, and each change's transaction takes its row lock first, so changes made
 * by several instances at once (two starting together, two analysts) happen one after the other.
 */
import type { Kysely } from "kysely";

/** Creates the tables and the counter's one row. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("published_flow_versions")
    .addColumn("flow_id", "text", (col) => col.notNull())
    .addColumn("version", "integer", (col) => col.notNull())
    // The document's text exactly as published, and the SHA-256 of its canonical JSON (what "same content" means).
    .addColumn("document", "text", (col) => col.notNull())
    .addColumn("content_hash", "text", (col) => col.notNull())
    .addColumn("published_by", "text", (col) => col.notNull())
    .addColumn("published_at", "text", (col) => col.notNull())
    .addColumn("why", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("published_flow_versions_pk", ["flow_id", "version"])
    .execute();
  await db.schema
    .createTable("published_flow_traffic")
    .addColumn("flow_id", "text", (col) => col.primaryKey())
    // The split in force, in split.json's shape (default, weights, plannedPerVersion, decideOn, guardrails).
    .addColumn("split", "text", (col) => col.notNull())
    .addColumn("change_id", "integer", (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("published_flow_changes")
    // The counter's value the change moved it to: changes are numbered in the order they were made.
    .addColumn("change_id", "integer", (col) => col.primaryKey())
    .addColumn("flow_id", "text", (col) => col.notNull())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("version", "integer")
    .addColumn("analyst", "text", (col) => col.notNull())
    .addColumn("changed_at", "text", (col) => col.notNull())
    .addColumn("why", "text", (col) => col.notNull())
    .addColumn("before", "text")
    .addColumn("after", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("published_flow_changes_flow_idx").on("published_flow_changes").columns(["flow_id", "change_id"]).execute();
  await db.schema
    .createTable("published_flows_revision")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("revision", "integer", (col) => col.notNull())
    .execute();
  await db
    .insertInto("published_flows_revision" as never)
    .values({ id: 1, revision: 0 } as never)
    .execute();
}

/** Drops the tables. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["published_flows_revision", "published_flow_changes", "published_flow_traffic", "published_flow_versions"]) await db.schema.dropTable(table).execute();
}
