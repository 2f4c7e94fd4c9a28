/**
 * Consent certificates (server/consent/): the site's signing keys, shared by every instance (the public key as a JWK,
 * the private key sealed with AES-256-GCM under the installation's consent keys secret), each lead's certificate beside
 * it (its `jti`, the key that signed it and the JWS itself), and the withdrawals, kept by `jti` so a certificate's status
 * still reads "withdrawn" after an erasure took its lead away. Leads stored before have no certificate.
 */
import type { Kysely } from "kysely";

/** Creates the keys and withdrawals tables and the leads' certificate columns. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("consent_keys")
    .addColumn("kid", "text", (col) => col.primaryKey())
    .addColumn("public_jwk", "text", (col) => col.notNull())
    .addColumn("private_key", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    // Set when the key stops being published (no certificate signed with it is kept any more).
    .addColumn("retired_at", "text")
    .execute();
  await db.schema.alterTable("leads").addColumn("consent_jti", "text").execute();
  await db.schema.alterTable("leads").addColumn("consent_kid", "text").execute();
  await db.schema.alterTable("leads").addColumn("consent_certificate", "text").execute();
  await db.schema.createIndex("leads_consent_jti_idx").unique().on("leads").column("consent_jti").execute();
  await db.schema.createIndex("leads_consent_kid_idx").on("leads").column("consent_kid").execute();
  await db.schema
    .createTable("consent_withdrawals")
    .addColumn("jti", "text", (col) => col.primaryKey())
    .addColumn("kid", "text", (col) => col.notNull())
    .addColumn("withdrawn_at", "text", (col) => col.notNull())
    // "erasure" or "unsubscribe": why, for the operator; no contact detail.
    .addColumn("reason", "text", (col) => col.notNull())
    .execute();
}

/** Drops them. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("consent_withdrawals").execute();
  await db.schema.dropIndex("leads_consent_kid_idx").execute();
  await db.schema.dropIndex("leads_consent_jti_idx").execute();
  await db.schema.alterTable("leads").dropColumn("consent_certificate").execute();
  await db.schema.alterTable("leads").dropColumn("consent_kid").execute();
  await db.schema.alterTable("leads").dropColumn("consent_jti").execute();
  await db.schema.dropTable("consent_keys").execute();
}
