/**
 * A production server of its own for the live studio's browser tests (`tsx server/main.ts` over the built dist/, as
 * `npm start` runs it), on a scratch data folder with a publisher and an editor: the tests change what visitors
 * see, so they never share the suite's server.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "@playwright/test";
import { writeAnalystsFile } from "../../server/analysts/analystsFile";
import { hashPassword } from "../../server/analysts/passwords";
import { e2ePort } from "./server";

const repoRoot = path.resolve(import.meta.dirname, "../..");

export const PUBLISHER = { name: "pat", password: "a publisher's long passphrase" } as const;
export const EDITOR = { name: "eddie", password: "an editor's long passphrase" } as const;

export interface LiveServer {
  origin: string;
}

async function waitForHealth(origin: string, server: ChildProcess): Promise<void> {
  for (let tries = 0; tries < 240; tries++) {
    if (server.exitCode !== null) throw new Error(`The server stopped (${server.exitCode}) before it answered`);
    const ok = await fetch(`${origin}/api/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server at ${origin} did not answer in a minute`);
}

/** The server for the tests of the enclosing block: started before them, stopped after. */
export function liveServerForTests(port = e2ePort + 2000): LiveServer {
  let scratch: string | undefined;
  let server: ChildProcess | undefined;
  const origin = `http://127.0.0.1:${port}`;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    scratch = mkdtempSync(path.join(tmpdir(), "live-studio-"));
    const analystsFile = path.join(scratch, "analysts.json");
    const added = new Date().toISOString();
    await writeAnalystsFile(analystsFile, [
      { name: PUBLISHER.name, passwordHash: await hashPassword(PUBLISHER.password), role: "publisher", added },
      { name: EDITOR.name, passwordHash: await hashPassword(EDITOR.password), role: "editor", added },
    ]);
    server = spawn(path.join(repoRoot, "node_modules/.bin/tsx"), ["server/main.ts"], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: path.join(scratch, "data"),
        ANALYSTS_FILE: analystsFile,
        LOG_LEVEL: "warn",
        MIN_FILL_MS: "500",
        RATE_LIMIT_MAX: "10000",
        ADDRESS_RATE_LIMIT_MAX: "10000",
        NEW_VISITS_PER_ADDRESS_MAX: "100000",
        QUOTE_SESSIONS_PER_ADDRESS_MAX: "100000",
        DUPLICATE_WINDOW_HOURS: "0",
        OPENING_HOURS: "always",
        DELIVERY_WORKER: "off",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    await waitForHealth(origin, server);
  });
  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill("SIGTERM");
      await once(server, "exit");
    }
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });
  return { origin };
}
