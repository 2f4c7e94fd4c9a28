/**
 * The SQLite writer thread: it owns the connection that writes, so no write (and no fsync) runs on the
 * server's event loop. It migrates a file on open and commits in groups: every unit and statement that
 * arrived while the last commit was syncing runs in one transaction, each in its own savepoint (one that
 * fails is rolled back alone and answered with its error), and all are answered after the one COMMIT.
 */
import { mkdirSync } from "node:fs";
import { setPriority } from "node:os";
import path from "node:path";
import { parentPort } from "node:worker_threads";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { migrateToLatest } from "../migrate";
import type { Database } from "../schema";
import { runUnitIn } from "../storageUnits";
import { execute, prepared, replies, type StatementCache, type ThreadRequest } from "./threadProtocol";

/** Requests answered after one COMMIT at most: bounds how long the first of them waits. */
const MAX_GROUP = 256;

/** WAL pages after which the writer checkpoints by itself, should the checkpoint thread fall behind. */
const BACKSTOP_CHECKPOINT_PAGES = 10_000;

interface Connection extends StatementCache {
  /** Kysely over this connection, for units. */
  db: Kysely<Database>;
}

type Queued = Exclude<ThreadRequest, { kind: "open" }>;
type Work = Exclude<Queued, { kind: "close" }>;

/**
 * The writer's scheduling priority (a nice value, for this thread alone): on a busy machine the server's
 * event loop, which answers every request, runs first; the writer spends most of a commit waiting on fsync.
 */
const WRITER_NICE = 5;

const port = parentPort!;
setPriority(0, WRITER_NICE);
const { answer, fail, committed } = replies(port);
const connections = new Map<number, Connection>();
const waiting: Queued[] = [];
let flushing = false;
let opening: Promise<void> = Promise.resolve();

port.on("message", (requests: ThreadRequest[]) => {
  for (const request of requests) {
    if (request.kind === "open") {
      // One open at a time: two opens of a new file must not both create its tables.
      const opened = opening.then(() => open(request.connection, request.file));
      opening = opened.catch(() => undefined);
      opened.then(
        () => answer(request.id, undefined),
        (error: unknown) => fail(request.id, error),
      );
    } else {
      waiting.push(request);
    }
  }
  if (waiting.length > 0 && !flushing) {
    flushing = true;
    // After the messages already queued on the port, so they join this group.
    setImmediate(() => void flush());
  }
});

async function open(id: number, file: string): Promise<void> {
  if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets reads run beside the writer; synchronous=FULL makes each committed group survive a power cut.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // The checkpoint thread (sqliteCheckpointer.ts) keeps the WAL short; the writer's own checkpoint, run
  // inside a COMMIT, is only a backstop for a WAL of ~40 MB.
  if (file !== ":memory:") sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`);
  const statements = new Map<string, SQLite.Statement>();
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: { prepare: (sql: string) => prepared({ sqlite, statements }, sql), close: () => sqlite.close() } }),
  });
  try {
    await migrateToLatest(db);
  } catch (error) {
    sqlite.close();
    throw error;
  }
  connections.set(id, { sqlite, statements, db });
}

/** Commits everything waiting, a group per connection, until nothing is left. */
async function flush(): Promise<void> {
  try {
    while (waiting.length > 0) {
      const group = waiting.splice(0, MAX_GROUP);
      const byConnection = new Map<number, Work[]>();
      for (const request of group) {
        if (request.kind !== "close") byConnection.set(request.connection, [...(byConnection.get(request.connection) ?? []), request]);
      }
      for (const [id, work] of byConnection) await commitTogether(id, work);
      // A close comes after the work sent before it.
      for (const request of group) if (request.kind === "close") await close(request.id, request.connection);
    }
  } finally {
    flushing = false;
  }
}

async function close(requestId: number, id: number): Promise<void> {
  const connection = connections.get(id);
  connections.delete(id);
  try {
    await connection?.db.destroy();
    answer(requestId, undefined);
  } catch (error) {
    fail(requestId, error);
  }
}

/** Runs the work in one transaction, each request in a savepoint, and answers every request after COMMIT. */
async function commitTogether(id: number, work: Work[]): Promise<void> {
  const connection = connections.get(id);
  const began = performance.now();
  try {
    if (!connection) throw new Error(`SQLite connection ${id} is not open in the writer thread`);
    connection.sqlite.exec("BEGIN IMMEDIATE");
  } catch (error) {
    for (const request of work) fail(request.id, error);
    return;
  }
  const { sqlite, db } = connection;
  let done: Array<{ id: number; result: unknown }> = [];
  for (const [index, request] of work.entries()) {
    sqlite.exec("SAVEPOINT request");
    try {
      const result = request.kind === "unit" ? await runUnitIn(db, request.name, request.args) : execute(connection, request.sql, request.parameters);
      sqlite.exec("RELEASE request");
      done.push({ id: request.id, result });
    } catch (error) {
      fail(request.id, error);
      if (sqlite.inTransaction) {
        sqlite.exec("ROLLBACK TO request; RELEASE request");
      } else {
        // SQLite rolled the whole transaction back (disk full, I/O error): the work before it is gone too.
        for (const lost of done) fail(lost.id, error);
        done = [];
        try {
          sqlite.exec("BEGIN IMMEDIATE");
        } catch (beginError) {
          for (const rest of work.slice(index + 1)) fail(rest.id, beginError);
          return;
        }
      }
    }
  }
  try {
    sqlite.exec("COMMIT");
  } catch (error) {
    if (sqlite.inTransaction) sqlite.exec("ROLLBACK");
    for (const lost of done) fail(lost.id, error);
    return;
  }
  committed(id, (performance.now() - began) / 1000);
  for (const { id: requestId, result } of done) answer(requestId, result);
}
