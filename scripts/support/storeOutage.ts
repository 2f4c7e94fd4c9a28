/**
 * A store taken away and given back, as the outage tests and the crash test's outage round need: PostgreSQL behind a
 * relay that is cut, or SQLite's file locked by another process holding `begin exclusive`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { freePort } from "./metricsScraper";
import { tcpRelay } from "./tcpRelay";

export interface StoreOutage {
  /** DATABASE_URL for the server when the store is PostgreSQL (through the relay); none for SQLite. */
  env: Record<string, string>;
  /** Takes the store away; resolves once it is away. */
  begin(): Promise<void>;
  /** Gives it back. */
  end(): Promise<void>;
  close(): Promise<void>;
}

/** An outage of PostgreSQL at `databaseUrl` (a relay is put in front of it). */
export async function postgresOutage(databaseUrl: string): Promise<StoreOutage> {
  const port = await freePort();
  const relay = tcpRelay(new URL(databaseUrl), port);
  await relay.open();
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return { env: { DATABASE_URL: url.toString() }, begin: () => relay.cut(), end: () => relay.open(), close: () => relay.cut() };
}

const LOCK_HOLDER = `
const SQLite = require("better-sqlite3");
const db = new SQLite(process.argv[1]);
db.pragma("busy_timeout = 30000");
db.exec("begin exclusive");
process.stdout.write("locked\\n");
process.stdin.on("end", () => { db.exec("rollback"); db.close(); process.exit(0); });
process.stdin.resume();
`;

/** An outage of the SQLite file `file`: another process holds its write lock. */
export function sqliteOutage(file: string): StoreOutage {
  let holder: ChildProcess | undefined;
  const end = async () => {
    const child = holder;
    holder = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.stdin!.end();
    await exited;
  };
  return {
    env: {},
    begin: () =>
      new Promise<void>((resolve, reject) => {
        const child = spawn(process.execPath, ["-e", LOCK_HOLDER, file], { stdio: ["pipe", "pipe", "pipe"] });
        holder = child;
        let err = "";
        child.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()));
        child.stdout!.on("data", (chunk: Buffer) => (chunk.toString().includes("locked") ? resolve() : undefined));
        child.once("exit", (code) => reject(new Error(`the lock holder exited with ${code}: ${err}`)));
      }),
    end,
    close: end,
  };
}
