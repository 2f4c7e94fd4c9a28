/** Whether an error came from the database: SQLite's own, PostgreSQL's (an SQLSTATE code), or no connection to it. */
import pg from "pg";

const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND", "EPIPE"]);
const CONNECTION_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|is not queryable|The SQLite thread|The SQLite threads were stopped|driver has already been destroyed/;

/** True for an error the store gave (or the lack of one), false for the server's own faults. */
export function isStoreError(error: unknown): boolean {
  if (error instanceof pg.DatabaseError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (error.name === "SqliteError" || (typeof code === "string" && code.startsWith("SQLITE_"))) return true;
  if (typeof code === "string" && (CONNECTION_CODES.has(code) || /^[0-9A-Z]{5}$/.test(code))) return true;
  return CONNECTION_MESSAGES.test(error.message);
}

/** SQLite's codes for a row the store refuses (a constraint, a wrong type, a value out of range or too big). */
const SQLITE_REFUSALS = /^SQLITE_(CONSTRAINT|MISMATCH|RANGE|TOOBIG)/;

/**
 * True for a store failure other than the store refusing the row: no connection, a lock held too long, a server
 * restarting. A lead that meets one is held in the spool (server/leads/leadSpool.ts) rather than refused; a refused
 * row (SQLite CONSTRAINT/MISMATCH/RANGE/TOOBIG, PostgreSQL SQLSTATE classes 22 and 23) is not an outage.
 */
export function isStoreOutage(error: unknown): boolean {
  if (!isStoreError(error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== "string") return true;
  if (SQLITE_REFUSALS.test(code)) return false;
  return !/^2[23][0-9A-Z]{3}$/.test(code);
}
