/**
 * SQLite for the server's thread: a Kysely whose queries run in threads started once per process, a
 * writer that commits in groups (sqliteWriter.ts), a reader beside it (sqliteReader.ts) and a thread that
 * checkpoints the WAL off the writer's commit path (sqliteCheckpointer.ts). Reads go
 * to the reader, everything else to the writer; units (storageUnits.ts) run whole in the writer. The
 * threads end a while after the last database opened here is destroyed, and never keep an idle process alive.
 */
import { Worker } from "node:worker_threads";
import {
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from "kysely";
import { registerConnection } from "../connection";
import type { Database } from "../schema";
import { unitName } from "../storageUnits";
import type { CommitReport, ThreadMessage, ThreadReply, ThreadRequest } from "./threadProtocol";

/** A request before it is numbered (each kind of ThreadRequest without its id). */
type Unnumbered = ThreadRequest extends infer R ? (R extends ThreadRequest ? Omit<R, "id"> : never) : never;

/** One SQLite thread: requests in flight, answered by id. */
class SqliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  /** Requests made this turn of the event loop, sent as one message. */
  private outbox: ThreadRequest[] = [];
  private nextId = 1;
  private failure: Error | undefined;

  /** Who hears of each commit, by connection (the writer's reports; the other threads send none). */
  readonly commitListeners = new Map<number, (seconds: number) => void>();

  constructor(entry: string) {
    // tsx's loader does not reach worker threads by itself: register it, then load the TypeScript entry.
    const tsx = import.meta.resolve("tsx/esm/api");
    const entryUrl = new URL(entry, import.meta.url).href;
    this.worker = new Worker(`import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entryUrl)}); });`, { eval: true });
    this.worker.unref();
    this.worker.on("message", (messages: ThreadMessage[]) => messages.forEach((message) => ("kind" in message ? this.reported(message) : this.settle(message))));
    this.worker.on("error", (error) => this.stopWith(error));
    this.worker.on("exit", (code) => this.stopWith(new Error(`The SQLite thread ${entry} stopped (exit code ${code})`)));
  }

  /** Sends a request and resolves with its answer; the process stays alive while any is in flight. */
  call(request: Unnumbered): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      if (this.outbox.length === 0) setImmediate(() => this.send());
      this.outbox.push({ ...request, id } as ThreadRequest);
    });
  }

  /** Requests sent and not yet answered: for the writer, the work queued behind its commits. */
  get inFlight(): number {
    return this.pending.size;
  }

  private reported({ connection, seconds }: CommitReport): void {
    this.commitListeners.get(connection)?.(seconds);
  }

  private send(): void {
    const sending = this.outbox;
    this.outbox = [];
    this.worker.postMessage(sending);
  }

  terminate(): Promise<number> {
    this.failure ??= new Error("The SQLite threads were stopped");
    return this.worker.terminate();
  }

  private settle(reply: ThreadReply): void {
    const waiter = this.pending.get(reply.id);
    if (!waiter) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.ok) waiter.resolve(reply.result);
    else waiter.reject(Object.assign(new Error(reply.error.message), reply.error));
  }

  private stopWith(error: Error): void {
    this.failure ??= error;
    for (const waiter of this.pending.values()) waiter.reject(this.failure);
    this.pending.clear();
  }
}

interface Threads {
  writer: SqliteThread;
  reader: SqliteThread;
  checkpointer: SqliteThread;
  /** Databases open on them. */
  users: number;
  /** Ends idle threads a while after the last database closed, so a quick reopen (tests) needs no new start. */
  idle?: NodeJS.Timeout;
}

/** How long threads with no database open are kept for the next one. */
const IDLE_THREADS_MS = 10_000;

let threads: Threads | undefined;
let nextConnection = 1;

function useThreads(): Threads {
  threads ??= {
    writer: new SqliteThread("./sqliteWriter.ts"),
    reader: new SqliteThread("./sqliteReader.ts"),
    checkpointer: new SqliteThread("./sqliteCheckpointer.ts"),
    users: 0,
  };
  clearTimeout(threads.idle);
  threads.users++;
  return threads;
}

function releaseThreads(used: Threads): void {
  used.users--;
  if (used.users > 0 || threads !== used) return;
  used.idle = setTimeout(() => {
    if (threads === used) threads = undefined;
    void used.writer.terminate();
    void used.reader.terminate();
    void used.checkpointer.terminate();
  }, IDLE_THREADS_MS).unref();
}

/** Opens (creating and migrating) a SQLite file; ":memory:" is a throwaway database with no reader or checkpoints. `onCommit` hears each group commit's duration. */
export async function openSqlite(file: string, onCommit?: (seconds: number) => void): Promise<Kysely<Database>> {
  const used = useThreads();
  const connection = nextConnection++;
  const hasReader = file !== ":memory:";
  try {
    await used.writer.call({ kind: "open", connection, file });
    if (hasReader) await Promise.all([used.reader.call({ kind: "open", connection, file }), used.checkpointer.call({ kind: "open", connection, file })]);
  } catch (error) {
    releaseThreads(used);
    throw error;
  }
  const threadFor = (query: CompiledQuery): SqliteThread => (hasReader && isRead(query) ? used.reader : used.writer);
  if (onCommit) used.writer.commitListeners.set(connection, onCommit);
  const db = new Kysely<Database>({ dialect: threadDialect(used, connection, threadFor, hasReader) });
  registerConnection(db, {
    waiting: () => used.writer.inFlight,
    runUnit: (unit, args) => used.writer.call({ kind: "unit", connection, name: unitName(unit), args }) as never,
  });
  return db;
}

/** A SELECT (built, or raw text starting with one) only reads; anything else may write. */
function isRead(query: CompiledQuery): boolean {
  if (query.query.kind === "SelectQueryNode") return true;
  return query.query.kind === "RawNode" && /^\s*select\b/i.test(query.sql);
}

function threadDialect(used: Threads, connection: number, threadFor: (query: CompiledQuery) => SqliteThread, hasReader: boolean): Dialect {
  const threadConnection: DatabaseConnection = {
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      return (await threadFor(query).call({ kind: "statement", connection, sql: query.sql, parameters: query.parameters })) as QueryResult<R>;
    },
    // eslint-disable-next-line require-yield
    async *streamQuery(): AsyncIterableIterator<QueryResult<never>> {
      throw new Error("Streaming queries are not supported on SQLite here");
    },
  };
  const noTransactions = () => {
    throw new Error("SQLite transactions run in the writer thread: make the work a unit in server/storage/storageUnits.ts");
  };
  const driver: Driver = {
    init: async () => undefined,
    acquireConnection: async () => threadConnection,
    beginTransaction: async () => noTransactions(),
    commitTransaction: async () => noTransactions(),
    rollbackTransaction: async () => noTransactions(),
    releaseConnection: async () => undefined,
    destroy: async () => {
      const others = hasReader ? [used.reader, used.checkpointer].map((thread) => thread.call({ kind: "close", connection })) : [];
      // The writer closes last: closing the last connection checkpoints the whole WAL into the file.
      await Promise.allSettled(others);
      await Promise.allSettled([used.writer.call({ kind: "close", connection })]);
      used.writer.commitListeners.delete(connection);
      releaseThreads(used);
    },
  };
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => driver,
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createIntrospector: (db) => new SqliteIntrospector(db),
  };
}
