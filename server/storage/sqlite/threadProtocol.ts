/**
 * What the server's thread and the SQLite threads say to each other, and the statement runner both
 * SQLite threads share (prepared statements kept per connection, results shaped as Kysely's driver does).
 */
import type { MessagePort } from "node:worker_threads";
import type SQLite from "better-sqlite3";
import type { QueryResult } from "kysely";
import type { UnitName } from "../storageUnits";

/** What the server's thread asks of a SQLite thread (sent in arrays, each request answered by its id). */
export type ThreadRequest =
  | { id: number; kind: "open"; connection: number; file: string }
  | { id: number; kind: "close"; connection: number }
  | { id: number; kind: "statement"; connection: number; sql: string; parameters: readonly unknown[] }
  | { id: number; kind: "unit"; connection: number; name: UnitName; args: unknown };

/** The answer to a request, matched by id. */
export type ThreadReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: SentError };

/** The writer's note of one group commit, sent beside the answers it released (for the operators' metrics). */
export interface CommitReport {
  kind: "commit";
  connection: number;
  /** From BEGIN to the end of COMMIT (its fsync included). */
  seconds: number;
}

/** What a SQLite thread sends back, in arrays: answers, and the writer's commit reports. */
export type ThreadMessage = ThreadReply | CommitReport;

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

/**
 * Answers to send back, sent together once per turn of the thread's event loop: one message for a whole
 * group commit rather than one per request.
 */
export function replies(port: MessagePort): { answer(id: number, result: unknown): void; fail(id: number, error: unknown): void; committed(connection: number, seconds: number): void } {
  let outbox: ThreadMessage[] = [];
  const send = (reply: ThreadMessage) => {
    if (outbox.length === 0) {
      setImmediate(() => {
        const sending = outbox;
        outbox = [];
        port.postMessage(sending);
      });
    }
    outbox.push(reply);
  };
  return {
    answer: (id, result) => send({ id, ok: true, result }),
    committed: (connection, seconds) => send({ kind: "commit", connection, seconds }),
    fail(id, error) {
      const { name, message, code } = error as Partial<Error & { code: unknown }>;
      send({ id, ok: false, error: { name: name ?? "Error", message: message ?? String(error), ...(typeof code === "string" ? { code } : {}) } });
    },
  };
}
