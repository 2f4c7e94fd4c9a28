/**
 * Notices of published changes on PostgreSQL: the unit that records a publish or a traffic change announces it
 * with NOTIFY (sent when its transaction commits, so a notice never runs ahead of the rows), and every instance
 * LISTENs on a connection of its own, so another instance hears of a change within milliseconds instead of at its
 * next poll. A notice names the schema and the change counter; one from another schema of the same database is
 * ignored. The listening connection reconnects when it is cut (with a growing pause, up to 5 s), and hears
 * "something may have changed" each time it is back, as a notice sent while it was away is lost. The one-row poll
 * stays beside it as the fallback; SQLite has no notices and keeps the poll alone.
 */
import { sql, type Kysely } from "kysely";
import pg from "pg";
import { isPostgres } from "./connection";
import type { Database } from "./schema";

/** The channel every instance listens on. */
export const PUBLISHED_CHANNEL = "switchplan_published_flows";
/** How the listening connection names itself to the database (pg_stat_activity). */
export const LISTENER_NAME = "switchplan published notices";

const FIRST_PAUSE_MS = 100;
const LONGEST_PAUSE_MS = 5000;

/** Announces a change inside the unit that records it (PostgreSQL only): delivered when the unit commits. */
export async function announcePublishedChange(db: Kysely<Database>, revision: number): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`select pg_notify(${PUBLISHED_CHANNEL}, current_schema() || ':' || ${String(revision)})`.execute(db);
}

/** What the listener reports: a change announced (its counter), or `undefined` when one may have been missed. */
export type NoticeHandler = (revision: number | undefined) => void;

/** A listening connection, until closed. */
export interface PublishedNotices {
  /** The server process of the listening connection now (undefined while reconnecting). */
  backendPid(): number | undefined;
  /** Whether it is listening now. */
  listening(): boolean;
  close(): Promise<void>;
}

/** Something the listener can say about its connection (logged by the caller; never a visitor's data). */
export type NoticesProblem = (message: string, error?: unknown) => void;

/** Listens for published changes on `url`'s database (its search_path's schema), reconnecting when cut. */
export function listenForPublishedChanges(url: string, onNotice: NoticeHandler, onProblem: NoticesProblem = () => undefined): PublishedNotices {
  let client: pg.Client | undefined;
  let pid: number | undefined;
  let closed = false;
  let pause = FIRST_PAUSE_MS;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let everConnected = false;

  const again = (error?: unknown) => {
    if (closed || retry) return;
    if (error !== undefined) onProblem(`the published-changes listener was cut; reconnecting in ${pause} ms (the poll carries on meanwhile)`, error);
    const old = client;
    client = undefined;
    pid = undefined;
    old?.removeAllListeners();
    old?.on("error", () => undefined);
    old?.end().catch(() => undefined);
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, pause);
    retry.unref();
    pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString: url, application_name: LISTENER_NAME });
    next.on("error", (error) => again(error));
    next.on("end", () => again(new Error("the connection ended")));
    try {
      await next.connect();
      const { rows } = await next.query<{ schema: string; pid: number }>("select current_schema() as schema, pg_backend_pid() as pid");
      const schema = rows[0]!.schema;
      next.on("notification", (message) => {
        if (message.channel !== PUBLISHED_CHANNEL || !message.payload) return;
        const at = message.payload.lastIndexOf(":");
        if (message.payload.slice(0, at) !== schema) return;
        const revision = Number(message.payload.slice(at + 1));
        onNotice(Number.isInteger(revision) ? revision : undefined);
      });
      await next.query(`listen ${PUBLISHED_CHANNEL}`);
      if (closed) {
        next.removeAllListeners();
        next.on("error", () => undefined);
        await next.end().catch(() => undefined);
        return;
      }
      client = next;
      pid = rows[0]!.pid;
      pause = FIRST_PAUSE_MS;
      // Back after a cut: a change announced while away was not heard, so the store is read now.
      if (everConnected) onNotice(undefined);
      everConnected = true;
    } catch (error) {
      next.removeAllListeners();
      next.on("error", () => undefined);
      next.end().catch(() => undefined);
      again(error);
    }
  };
  void connect();

  return {
    backendPid: () => pid,
    listening: () => pid !== undefined,
    async close() {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      pid = undefined;
      if (!last) return;
      last.removeAllListeners();
      last.on("error", () => undefined);
      await last.end().catch(() => undefined);
    },
  };
}
