/**
 * A production server of its own for the live studio's browser tests (`tsx server/main.ts` over the built dist/, as
 * `npm start` runs it), on a scratch data folder with a publisher and an editor: the tests change what visitors
 * see, so they never share the suite's server. With TEST_DATABASE_URL set, two instances share a fresh schema of
 * that PostgreSQL, as a site of several servers does; otherwise one instance on its own SQLite file.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "./pageTest";
import pg from "pg";
import { writeAnalystsFile } from "../../server/analysts/analystsFile";
import { hashPassword } from "../../server/analysts/passwords";
import { e2ePort, e2eServerEnv } from "./server";

const repoRoot = path.resolve(import.meta.dirname, "../..");

export const PUBLISHER = {
  name: "pat",
  password: "a publisher's long passphrase",
} as const;
export const EDITOR = {
  name: "eddie",
  password: "an editor's long passphrase",
} as const;

export interface LiveServer {
  /** The instance the analysts use. */
  origin: string;
  /** The instance visitors are sent to: the other one, when there are two. */
  visitorOrigin: string;
}

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

/** A fresh schema of TEST_DATABASE_URL, as a DATABASE_URL, and how to drop it. */
async function freshSchema(): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const schema = `live_studio_${process.pid}_${Date.now().toString(36)}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create schema ${schema}`);
  const url = new URL(testDatabaseUrl!);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: () => run(`drop schema if exists ${schema} cascade`),
  };
}

async function waitForHealth(
  origin: string,
  server: ChildProcess,
): Promise<void> {
  for (let tries = 0; tries < 240; tries++) {
    if (server.exitCode !== null)
      throw new Error(
        `The server stopped (${server.exitCode}) before it answered`,
      );
    const ok = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server at ${origin} did not answer in a minute`);
}

/** Signs in as `who` (the publisher unless given) on the analysts' instance, landing on `path`. */
export async function signInTo(page: Page, server: LiveServer, path: string, who: { name: string; password: string } = PUBLISHER): Promise<void> {
  await page.goto(`${server.origin}${path}`);
  await page.getByLabel("Name").fill(who.name);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${server.origin}${path}`);
}

/**
 * The server (or two) for the tests of the enclosing block: started before them, stopped after; `env` adds settings,
 * read as they start (so a test's loopback buyer, started in a beforeAll of its own before this one, can be named).
 */
export function liveServerForTests(port = e2ePort + 2000, env: () => Record<string, string> = () => ({})): LiveServer {
  let scratch: string | undefined;
  const servers: ChildProcess[] = [];
  let store: { url: string; drop: () => Promise<void> } | undefined;
  const ports = testDatabaseUrl ? [port, port + 1] : [port];
  const origins = ports.map((p) => `http://127.0.0.1:${p}`);
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    scratch = mkdtempSync(path.join(tmpdir(), "live-studio-"));
    const analystsFile = path.join(scratch, "analysts.json");
    const added = new Date().toISOString();
    await writeAnalystsFile(analystsFile, [
      {
        name: PUBLISHER.name,
        passwordHash: await hashPassword(PUBLISHER.password),
        role: "publisher",
        added,
      },
      {
        name: EDITOR.name,
        passwordHash: await hashPassword(EDITOR.password),
        role: "editor",
        added,
      },
    ]);
    if (testDatabaseUrl) store = await freshSchema();
    // One after the other: the first publishes forms/ into the store, the second finds it there.
    for (const [index, listening] of ports.entries()) {
      const server = spawn(
        path.join(repoRoot, "node_modules/.bin/tsx"),
        ["server/main.ts"],
        {
          cwd: repoRoot,
          env: {
            ...process.env,
            ...(store ? { DATABASE_URL: store.url } : {}),
            PORT: String(listening),
            HOST: "127.0.0.1",
            DATA_DIR: path.join(scratch, `data-${index}`),
            ANALYSTS_FILE: analystsFile,
            ...e2eServerEnv,
            ...env(),
          },
          stdio: ["ignore", "ignore", "inherit"],
        },
      );
      servers.push(server);
      await waitForHealth(origins[index]!, server);
    }
  });
  test.afterAll(async () => {
    for (const server of servers) {
      if (server.exitCode !== null) continue;
      server.kill("SIGTERM");
      await once(server, "exit");
    }
    await store?.drop();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });
  return { origin: origins[0]!, visitorOrigin: origins.at(-1)! };
}

/** Signs `who` in on the instance at `origin` from the sign-in page `where` sends them to, and lands on `where`. */
export async function signInOn(page: Page, origin: string, who: { name: string; password: string }, where = "/analysts/studio/"): Promise<void> {
  await page.goto(`${origin}${where}`);
  await expect(page).toHaveURL(/\/analysts\/sign-in\?return=/);
  await page.getByLabel("Name").fill(who.name);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${origin}${where}`);
}
