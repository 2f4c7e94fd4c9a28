/**
 * The analysts' commands name in their first line the forms folder they read (and report:funnel the store), so
 * nobody checks or reports on the project's own folder believing it is their copy; never a password.
 */
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { previewReading } from "../../scripts/livePreview";
import { storeWords } from "../../server/cli/storeWords";
import { repoRoot } from "../../server/config";

const scratch = mkdtempSync(path.join(tmpdir(), "commands-read-"));
const formsCopy = path.join(scratch, "forms");
cpSync(path.join(repoRoot, "forms"), formsCopy, { recursive: true });
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs a script from the repository with only these settings. */
const run = (script: string, args: string[], env: NodeJS.ProcessEnv) =>
  promisify(execFile)(process.execPath, ["--import", "tsx", script, ...args], { cwd: repoRoot, env: { PATH: process.env.PATH ?? "", ...env } });

describe("the first line of a command", () => {
  it("names FORMS_DIR's copy for forms:graph", async () => {
    const { stdout } = await run("scripts/formsGraph.ts", ["business-water", "--out", path.join(scratch, "water.svg")], { FORMS_DIR: formsCopy });
    expect(stdout.split("\n")[0]).toBe(`Drawing business-water from ${formsCopy}/ (FORMS_DIR)`);
  }, 60_000);

  it("names the forms folder and the SQLite file for report:funnel, and keeps --json's output JSON", async () => {
    const dataDir = path.join(scratch, "data");
    const text = await run("scripts/reportFunnel.ts", ["business-water"], { FORMS_DIR: formsCopy, DATA_DIR: dataDir });
    expect(text.stdout.split("\n")[0]).toBe(`Reporting business-water from ${formsCopy}/ (FORMS_DIR) and ${dataDir}/leads.sqlite (DATA_DIR)`);

    const json = await run("scripts/reportFunnel.ts", ["business-water", "--json"], { DATA_DIR: dataDir });
    expect(json.stderr.split("\n")[0]).toBe(`Reporting business-water from forms/ (FORMS_DIR unset: the project's own folder) and ${dataDir}/leads.sqlite (DATA_DIR)`);
    expect(JSON.parse(json.stdout)).toMatchObject({ flowId: "business-water", period: null });
  }, 60_000);

  it("names the forms folder and the preview's own data folder for preview:flows, or the copy's", () => {
    expect(previewReading({})).toBe("Previewing forms/ (FORMS_DIR unset: the project's own folder); leads and counts go to data/preview/ (DATA_DIR unset: the preview's own folder)");
    expect(previewReading({ FORMS_DIR: formsCopy, DATA_DIR: path.join(scratch, "data") })).toBe(`Previewing ${formsCopy}/ (FORMS_DIR); leads and counts go to ${scratch}/data/ (DATA_DIR)`);
  });

  it("names DATABASE_URL's host and database, never its password", () => {
    const words = storeWords({ databaseUrl: "postgres://analyst:s3cret@db.example:5432/leads", dataDir: "/unused" });
    expect(words).toBe('the PostgreSQL database "leads" on db.example:5432 (DATABASE_URL)');
    expect(words).not.toContain("s3cret");
    expect(storeWords({ dataDir: path.join(repoRoot, "data") }, {})).toBe("data/leads.sqlite (DATA_DIR unset: the project's own data/)");
  });
});
