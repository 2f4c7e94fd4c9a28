/** Whether an error came from the database: SQLite's own, PostgreSQL's (an SQLSTATE code), or no connection to it. */
import pg from "pg";

const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND", "EPIPE"]);
const CONNECTION_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|The SQLite thread|The SQLite threads were stopped|driver has already been destroyed/;

/** True for an error the store gave (or the lack of one), false for the server's own faults. */
export function isStoreError(error: unknown): boolean {
  if (error instanceof pg.DatabaseError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (error.name === "SqliteError" || (typeof code === "string" && code.startsWith("SQLITE_"))) return true;
  if (typeof code === "string" && (CONNECTION_CODES.has(code) || /^[0-9A-Z]{5}$/.test(code))) return true;
  return CONNECTION_MESSAGES.test(error.message);
}
