/** The server the end-to-end tests run against: its own port and a fresh data directory per run. */
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";

export const e2ePort = Number(process.env.E2E_PORT ?? 3107);
/** The stand-in partner marketplace's port (MARKETPLACE_ORIGINS points the mmob frames there). */
export const marketplacePort = e2ePort + 1000;
export const e2eDataDir = path.join(fileURLToPath(new URL("../../", import.meta.url)), ".tmp/e2e-data");

export interface StoredLead {
  id: string;
  flow_id: string;
  flow_version: number;
  test_mode: number;
  first_name: string | null;
  last_name: string | null;
  answers: Record<string, unknown>;
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
