/**
 * A command whose output is closed under it (`npm run report:funnel -- business-energy | head`, once head has its
 * lines) stops quietly: exit 0 and nothing on stderr, not an unhandled EPIPE with its stack trace. The reader here
 * has gone before the command writes, so every write meets the closed pipe, as the rest of a long report does.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../server/config";

const dataDir = mkdtempSync(path.join(tmpdir(), "closed-output-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs a command from the repository on an empty SQLite store; `closed` shuts the reading end of its stdout at once. */
function run(command: string[], closed: boolean): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", ...command], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  if (closed) child.stdout.destroy();
  else child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

describe.each([
  { name: "npm run report:funnel -- business-energy", command: ["scripts/reportFunnel.ts", "business-energy"], prints: /business-energy has no experiment period yet/ },
  { name: "npm run leads -- list", command: ["server/cli/leadsCliMain.ts", "list"], prints: /0 leads\n$/ },
  { name: "npm run analysts -- list", command: ["server/cli/analystsCliMain.ts", "list"], prints: /No analysts in .*leads\.sqlite \(DATA_DIR\)|\d+ analysts?\n$/ },
])("$name", ({ command, prints }) => {
  it("prints its output to a reader that stays", async () => {
    const { code, stdout } = await run(command, false);

    expect(code).toBe(0);
    expect(stdout).toMatch(prints);
  }, 30_000);

  it("stops quietly when its reader has gone", async () => {
    const { code, stderr } = await run(command, true);

    expect(stderr).toBe("");
    expect(code).toBe(0);
  }, 30_000);
});
