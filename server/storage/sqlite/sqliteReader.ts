/**
 * The SQLite reader thread: read-only connections beside the writer thread's, so a read (a health check,
 * a lookup) never waits behind a commit; WAL lets them run while the writer syncs.
 */
import { parentPort } from "node:worker_threads";
import SQLite from "better-sqlite3";
import { answer, execute, fail, type StatementCache, type ThreadRequest } from "./threadProtocol";

const port = parentPort!;
const connections = new Map<number, StatementCache>();

port.on("message", (request: ThreadRequest) => {
  try {
    if (request.kind === "open") {
      connections.set(request.connection, { sqlite: new SQLite(request.file, { readonly: true, fileMustExist: true }), statements: new Map() });
      return answer(port, request.id, undefined);
    }
    const connection = connections.get(request.connection);
    if (!connection) throw new Error(`SQLite connection ${request.connection} is not open in the reader thread`);
    if (request.kind === "close") {
      connections.delete(request.connection);
      connection.sqlite.close();
      return answer(port, request.id, undefined);
    }
    if (request.kind === "unit") throw new Error(`The reader thread runs no units ("${request.name}")`);
    answer(port, request.id, execute(connection, request.sql, request.parameters));
  } catch (error) {
    fail(port, request.id, error);
  }
});
