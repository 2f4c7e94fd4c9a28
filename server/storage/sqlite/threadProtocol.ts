/**
 * What the server's thread and the SQLite threads say to each other, and the statement runner both
 * SQLite threads share (prepared statements kept per connection, results shaped as Kysely's driver does).
 */
import type { MessagePort } from "node:worker_threads";
import type SQLite from "better-sqlite3";
import type { QueryResult } from "kysely";
import type { UnitName } from "../storageUnits";

/** What the server's thread asks of a SQLite thread. */
export type ThreadRequest =
  | { id: number; kind: "open"; connection: number; file: string }
  | { id: number; kind: "close"; connection: number }
  | { id: number; kind: "statement"; connection: number; sql: string; parameters: readonly unknown[] }
  | { id: number; kind: "unit"; connection: number; name: UnitName; args: unknown };

/** The answer to a request, matched by id. */
export type ThreadReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: SentError };

/** An error as it crosses threads: enough to log it and to tell its kind. */
export interface SentError {
  name: string;
  message: string;
  code?: string;
}

/** Prepared statements kept per connection; the server uses a few dozen distinct ones. */
const MAX_STATEMENTS = 500;

/** A connection and its prepared statements. */
export interface StatementCache {
  sqlite: SQLite.Database;
  statements: Map<string, SQLite.Statement>;
}

/** The connection's prepared statement for `sql`, prepared on first use. */
export function prepared({ sqlite, statements }: StatementCache, sql: string): SQLite.Statement {
  let statement = statements.get(sql);
  if (!statement) {
    if (statements.size >= MAX_STATEMENTS) statements.clear();
    statement = sqlite.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}

/** Runs one statement and answers as Kysely's SQLite driver would. */
export function execute(connection: StatementCache, sql: string, parameters: readonly unknown[]): QueryResult<unknown> {
  const statement = prepared(connection, sql);
  if (statement.reader) return { rows: statement.all(parameters) };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
}

/** Answers request `id` with a result. */
export function answer(port: MessagePort, id: number, result: unknown): void {
  port.postMessage({ id, ok: true, result } satisfies ThreadReply);
}

/** Answers request `id` with an error. */
export function fail(port: MessagePort, id: number, error: unknown): void {
  const { name, message, code } = error as Partial<Error & { code: unknown }>;
  const sent: SentError = { name: name ?? "Error", message: message ?? String(error), ...(typeof code === "string" ? { code } : {}) };
  port.postMessage({ id, ok: false, error: sent } satisfies ThreadReply);
}
