/** The server the end-to-end tests run against: its own port and a fresh data directory per run. */
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";

export const e2ePort = Number(process.env.E2E_PORT ?? 3107);
/** The stand-in partner marketplace's port (MARKETPLACE_ORIGINS points the mmob frames there). */
export const marketplacePort = e2ePort + 1000;
export const e2eDataDir = path.join(fileURLToPath(new URL("../../", import.meta.url)), ".tmp/e2e-data");
/** The settings every end-to-end server runs with, besides its port, data folder and analysts. */
export const e2eServerEnv = {
  LOG_LEVEL: "warn",
  // The tests fill forms in milliseconds and send a burst of leads from one address: neither is a bot here.
  // A short minimum fill time still makes every lead carry the page's start token, and the page wait for it.
  MIN_FILL_MS: "500",
  RATE_LIMIT_MAX: "10000",
  ADDRESS_RATE_LIMIT_MAX: "10000",
  // Every test's browser starts its visits and quote sessions from the one loopback address.
  NEW_VISITS_PER_ADDRESS_MAX: "100000",
  QUOTE_SESSIONS_PER_ADDRESS_MAX: "100000",
  // Visitors here draw phone numbers from a range of a thousand; de-duplication has its own server tests.
  DUPLICATE_WINDOW_HOURS: "0",
  // Open every hour, so what a test sees does not depend on when it runs; and nothing is sent to buyers.
  OPENING_HOURS: "always",
  DELIVERY_WORKER: "off",
} as const;
/** The analysts file of the server (ANALYSTS_FILE), written at its start with one analyst. */
export const e2eAnalystsFile = path.join(e2eDataDir, "analysts.json");
/** The analyst the tests sign in as. */
export const E2E_ANALYST = { name: "e2e-analyst", password: "an analyst of the tests" } as const;
/** Their HTTP Basic credentials, for tests that read the analysts' pages without the sign-in form. */
export const e2eAnalystAuthorization = `Basic ${Buffer.from(`${E2E_ANALYST.name}:${E2E_ANALYST.password}`).toString("base64")}`;

export interface StoredLead {
  id: string;
  flow_id: string;
  flow_version: number;
  test_mode: number;
  first_name: string | null;
  last_name: string | null;
  answers: Record<string, unknown>;
  /** The lead's consent certificate (a JWS). */
  consent_certificate: string | null;
}

/** Reads a lead straight from the server's SQLite file, as an operator would find it on disk. */
export function readLead(id: string): StoredLead | undefined {
  const db = new Database(path.join(e2eDataDir, "leads.sqlite"), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare("select * from leads where id = ?").get(id) as (Omit<StoredLead, "answers"> & { answers: string }) | undefined;
    return row && { ...row, answers: JSON.parse(row.answers) as Record<string, unknown> };
  } finally {
    db.close();
  }
}

/** A lead row as stored, with the consent it recorded, found by the visitor's e-mail (each test visitor has their own). */
export interface StoredLeadRow extends StoredLead {
  response_code: string;
  consent_wording: string | null;
  consented_buyers: string | null;
  privacy_notice_version: string | null;
  email: string | null;
  /** The consent certificate's id. */
  consent_jti: string | null;
}

/** The leads stored for an e-mail address, oldest first. */
export function leadsByEmail(email: string): StoredLeadRow[] {
  const db = new Database(path.join(e2eDataDir, "leads.sqlite"), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare("select * from leads where email = ? order by created_at").all(email.toLowerCase()) as Array<Omit<StoredLeadRow, "answers"> & { answers: string }>;
    return rows.map((row) => ({ ...row, answers: JSON.parse(row.answers) as Record<string, unknown> }));
  } finally {
    db.close();
  }
}
