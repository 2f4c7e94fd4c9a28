/**
 * The SQLite reader thread: read-only connections beside the writer thread's, so a read (a health check,
 * a lookup) never waits behind a commit; WAL lets them run while the writer syncs.
 */
import { parentPort } from "node:worker_threads";
import SQLite from "better-sqlite3";
import { execute, replies, type StatementCache, type ThreadRequest } from "./threadProtocol";

const port = parentPort!;
const { answer, fail } = replies(port);
const connections = new Map<number, StatementCache>();

port.on("message", (requests: ThreadRequest[]) => {
  for (const request of requests) read(request);
});

function read(request: ThreadRequest): void {
  try {
    if (request.kind === "open") {
      connections.set(request.connection, { sqlite: new SQLite(request.file, { readonly: true, fileMustExist: true }), statements: new Map() });
      return answer(request.id, undefined);
    }
    const connection = connections.get(request.connection);
    if (!connection) throw new Error(`SQLite connection ${request.connection} is not open in the reader thread`);
    if (request.kind === "close") {
      connections.delete(request.connection);
      connection.sqlite.close();
      return answer(request.id, undefined);
    }
    if (request.kind === "unit") throw new Error(`The reader thread runs no units ("${request.name}")`);
    answer(request.id, execute(connection, request.sql, request.parameters));
  } catch (error) {
    fail(request.id, error);
  }
}
