/**
 * Consent certificates' storage: the signing keys every instance shares, the certificate kept beside each lead, and
 * the withdrawals by jti (kept after an erasure took the lead). What a key or a certificate is, is server/consent's.
 */
import type { Kysely } from "kysely";
import type { ConsentKeysTable, Database } from "./schema";

/** A signing key as stored: its public JWK and its sealed private key (both text). */
export type StoredConsentKey = ConsentKeysTable;

/** Every key still published (not retired), oldest first. */
export async function publishedConsentKeys(db: Kysely<Database>): Promise<StoredConsentKey[]> {
  return db.selectFrom("consent_keys").selectAll().where("retired_at", "is", null).orderBy("created_at").orderBy("kid").execute();
}

/** Every key, retired ones too, oldest first. */
export async function allConsentKeys(db: Kysely<Database>): Promise<StoredConsentKey[]> {
  return db.selectFrom("consent_keys").selectAll().orderBy("created_at").orderBy("kid").execute();
}

/** Adds a key; the newest key not retired is the one certificates are signed with. */
export async function insertConsentKey(db: Kysely<Database>, key: Omit<StoredConsentKey, "retired_at">): Promise<void> {
  await db.insertInto("consent_keys").values({ ...key, retired_at: null }).execute();
}

/** How many kept certificates (leads and withdrawals) a key signed. */
export async function certificatesSignedBy(db: Kysely<Database>, kid: string): Promise<number> {
  const leads = await db.selectFrom("leads").select((eb) => eb.fn.countAll<number | string | bigint>().as("n")).where("consent_kid", "=", kid).executeTakeFirstOrThrow();
  const withdrawn = await db.selectFrom("consent_withdrawals").select((eb) => eb.fn.countAll<number | string | bigint>().as("n")).where("kid", "=", kid).executeTakeFirstOrThrow();
  return Number(leads.n) + Number(withdrawn.n);
}

/** What retiring a key came to. */
export type RetireOutcome = { retired: true } | { retired: false; reason: "unknown" | "already retired" | "signing" | "in use"; certificates?: number };

/**
 * Stops publishing a key: refused for the key certificates are signed with now, and while any certificate it signed is
 * kept (a buyer holding one must still be able to check it).
 */
export async function retireConsentKey(db: Kysely<Database>, kid: string, now: Date): Promise<RetireOutcome> {
  const keys = await publishedConsentKeys(db);
  const key = keys.find((k) => k.kid === kid);
  if (!key) return { retired: false, reason: (await allConsentKeys(db)).some((k) => k.kid === kid) ? "already retired" : "unknown" };
  if (keys.at(-1)?.kid === kid) return { retired: false, reason: "signing" };
  const certificates = await certificatesSignedBy(db, kid);
  if (certificates > 0) return { retired: false, reason: "in use", certificates };
  await db.updateTable("consent_keys").set({ retired_at: now.toISOString() }).where("kid", "=", kid).execute();
  return { retired: true };
}

/** A certificate as kept: with its lead while the lead is kept, or only its withdrawal after an erasure. */
export interface KeptCertificate {
  jti: string;
  kid: string;
  leadId?: string;
  certificate?: string;
  withdrawnAt?: string;
}

/** The certificate with this jti, or undefined when none is kept. */
export async function findCertificate(db: Kysely<Database>, jti: string): Promise<KeptCertificate | undefined> {
  const withdrawal = await db.selectFrom("consent_withdrawals").select(["kid", "withdrawn_at"]).where("jti", "=", jti).executeTakeFirst();
  const lead = await db.selectFrom("leads").select(["id", "consent_kid", "consent_certificate"]).where("consent_jti", "=", jti).executeTakeFirst();
  if (!withdrawal && !lead) return undefined;
  return {
    jti,
    kid: withdrawal?.kid ?? lead!.consent_kid!,
    ...(lead ? { leadId: lead.id, certificate: lead.consent_certificate! } : {}),
    ...(withdrawal ? { withdrawnAt: withdrawal.withdrawn_at } : {}),
  };
}

/** Records the certificates withdrawn (a jti withdrawn before keeps its first time); inside the caller's unit. */
export async function recordWithdrawals(db: Kysely<Database>, certificates: Array<{ jti: string; kid: string }>, reason: "erasure" | "unsubscribe", now: Date): Promise<void> {
  if (certificates.length === 0) return;
  await db
    .insertInto("consent_withdrawals")
    .values(certificates.map(({ jti, kid }) => ({ jti, kid, withdrawn_at: now.toISOString(), reason })))
    .onConflict((oc) => oc.column("jti").doNothing())
    .execute();
}

/** Whether the certificate with this jti was withdrawn (one lookup by the withdrawals' key). */
export async function isWithdrawn(db: Kysely<Database>, jti: string): Promise<boolean> {
  return (await db.selectFrom("consent_withdrawals").select("jti").where("jti", "=", jti).executeTakeFirst()) !== undefined;
}
