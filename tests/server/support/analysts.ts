/** Analysts for server tests: a file of them, Basic credentials, and signing in through the form as a browser does. */
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll } from "vitest";
import type { AnalystRole } from "../../../server/analysts/analyst";
import { writeAnalystsFile } from "../../../server/analysts/analystsFile";
import { hashPassword } from "../../../server/analysts/passwords";
import { makeTempDir, removeTempDir, type TestServerOptions } from "../testServer";
import { startQuoteServerOn, type QuoteServerOn } from "./quoteServerOn";

/** The analyst every test signs in as, and the password of each. */
export const ANALYST = { name: "jo", password: "correct horse battery" } as const;
export const OTHER_ANALYST = { name: "sam", password: "another long passphrase" } as const;

/** An analyst a test starts a server with; a reader unless `role` says otherwise. */
export interface TestAnalyst {
  name: string;
  password: string;
  role?: AnalystRole;
}

/** Writes an analysts file listing `analysts` (jo and sam by default, readers) into `dir`, for a server to import at its start; returns its path. */
export async function writeTestAnalysts(dir: string, analysts: ReadonlyArray<TestAnalyst> = [ANALYST, OTHER_ANALYST]): Promise<string> {
  const file = path.join(dir, "analysts.json");
  const listed = await Promise.all(analysts.map(async ({ name, password, role }) => ({ name, passwordHash: await hashPassword(password), ...(role ? { role } : {}), added: "2026-11-01T09:00:00.000Z" })));
  await writeAnalystsFile(file, listed);
  return file;
}

/** `Authorization: Basic …` for a name and password. */
export function basic(name: string, password: string): string {
  return `Basic ${Buffer.from(`${name}:${password}`).toString("base64")}`;
}

/** The browser's Accept when following a link. */
export const PAGE_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

/** Posts the sign-in form; the answer, and the session cookie it set as a browser would send it back. */
export async function signIn(app: FastifyInstance, { name, password, returnPath = "/analysts/flows/", remoteAddress, headers = {} }: { name: string; password: string; returnPath?: string; remoteAddress?: string; headers?: Record<string, string> }) {
  const response = await app.inject({
    method: "POST",
    url: "/analysts/sign-in",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: PAGE_ACCEPT, ...headers },
    payload: new URLSearchParams({ name, password, return: returnPath }).toString(),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  const setCookie = [response.headers["set-cookie"] ?? []].flat();
  const session = setCookie.find((c) => c.startsWith("_sp_analyst="));
  return { response, setCookie: session, cookie: session?.split(";")[0] };
}

/**
 * An analysts file (jo and sam) for the tests of one file that read the analysts' pages: written before them, removed
 * after them. `file()` is its path while they run (for ANALYSTS_FILE).
 */
export function analystsFileForTests(): { file(): string } {
  let dir: string | undefined;
  let file: string | undefined;
  beforeAll(async () => {
    dir = await makeTempDir("switchplan-analysts-");
    file = await writeTestAnalysts(dir);
  });
  afterAll(async () => {
    if (dir) await removeTempDir(dir);
  });
  return {
    file() {
      if (!file) throw new Error("The analysts file is written only while the tests run");
      return file;
    },
  };
}

/** GETs an analysts' page as jo, by Basic. */
export function getAsAnalyst(app: FastifyInstance, url: string) {
  return app.inject({ method: "GET", url, headers: { authorization: basic(ANALYST.name, ANALYST.password) } });
}

/**
 * Starts, for the test that calls it, a quote server on the dialect whose analysts file lists `analysts` (jo and sam
 * by default); server and file are gone after the test.
 */
export function analystsServerPerTest(): (
  dialect: "SQLite" | "PostgreSQL",
  env?: Record<string, string>,
  analysts?: ReadonlyArray<TestAnalyst>,
  options?: TestServerOptions & { logger?: object },
) => Promise<QuoteServerOn> {
  let running: { server?: QuoteServerOn; dir: string } | undefined;
  afterEach(async () => {
    await running?.server?.close();
    if (running) await removeTempDir(running.dir);
    running = undefined;
  });
  return async (dialect, env = {}, analysts = [ANALYST, OTHER_ANALYST], options = {}) => {
    running = { dir: await makeTempDir("switchplan-analysts-") };
    const file = await writeTestAnalysts(running.dir, analysts);
    return (running.server = await startQuoteServerOn(dialect, { ANALYSTS_FILE: file, ...env }, options));
  };
}
