/**
 * The SQLite checkpoint thread: it copies committed pages from the WAL into the database file a few
 * times a second, beside the writer, so a group commit never waits behind a checkpoint (the writer
 * checkpoints by itself only when the WAL has grown far past what this keeps it to).
 */
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import SQLite from "better-sqlite3";
import { replies, type ThreadRequest } from "./threadProtocol";

/** How often the WAL is copied into the database file. */
const CHECKPOINT_EVERY_MS = 200;

/** Background work: the lowest priority of the server's threads (a nice value, for this thread alone). */
const CHECKPOINTER_NICE = 10;

const port = parentPort!;
setPriority(0, CHECKPOINTER_NICE);
const { answer, fail } = replies(port);
const connections = new Map<number, { sqlite: SQLite.Database; timer: NodeJS.Timeout }>();

port.on("message", (requests: ThreadRequest[]) => {
  for (const request of requests) handle(request);
});

function handle(request: ThreadRequest): void {
  try {
    if (request.kind === "open") {
      const sqlite = new SQLite(request.file, { fileMustExist: true });
      // The database file is synced after each checkpoint, as the writer's own checkpoints would.
      sqlite.pragma("synchronous = FULL");
      connections.set(request.connection, { sqlite, timer: setInterval(() => checkpoint(sqlite), CHECKPOINT_EVERY_MS) });
      return answer(request.id, undefined);
    }
    const connection = connections.get(request.connection);
    if (!connection) throw new Error(`SQLite connection ${request.connection} is not open in the checkpoint thread`);
    if (request.kind === "close") {
      clearInterval(connection.timer);
      connections.delete(request.connection);
      connection.sqlite.close();
      return answer(request.id, undefined);
    }
    throw new Error(`The checkpoint thread runs no ${request.kind === "unit" ? "units" : "statements"}`);
  } catch (error) {
    fail(request.id, error);
  }
}

/** A passive checkpoint: it copies what no reader still needs and never blocks the writer or a reader. */
function checkpoint(sqlite: SQLite.Database): void {
  try {
    sqlite.pragma("wal_checkpoint(PASSIVE)");
  } catch {
    // Busy or interrupted: the next turn copies what this one could not.
  }
}
