/** `npm run analysts`: adding, listing and removing analysts and setting their roles, kept in the store with passwords only as hashes. */
import { spawn } from "node:child_process";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeAnalystsFile } from "../../server/analysts/analystsFile";
import { hashPassword, verifyPassword } from "../../server/analysts/passwords";
import { runAnalystsCli, UsageError } from "../../server/cli/analystsCli";
import { repoRoot } from "../../server/config";
import { listAnalysts } from "../../server/storage/analystsStore";
import { openDatabase } from "../../server/storage/database";
import type { Database } from "../../server/storage/schema";
import { makeTempDir, removeTempDir } from "./testServer";

const PASSWORD = "correct horse battery";
const STORE = "the test store";
let dir: string;
let file: string;
let db: Kysely<Database>;
beforeEach(async () => {
  dir = await makeTempDir("switchplan-analysts-cli-");
  file = path.join(dir, "ops", "analysts.json");
  db = await openDatabase({ file: path.join(dir, "leads.sqlite") });
});
afterEach(async () => {
  await db.destroy();
  await removeTempDir(dir);
});

/** Runs a command with `password` as what standard input gives; the exit code and what it printed. */
async function run(args: string[], password = PASSWORD): Promise<{ code: number; output: string }> {
  let output = "";
  const code = await runAnalystsCli(args, { db, store: STORE, file, out: (text) => (output += text), readPassword: async () => password, now: () => new Date("2026-11-26T09:30:00Z") });
  return { code, output };
}

const row = (name: string, role: string) => `${name.padEnd(24)}  ${role.padEnd(9)}  added 2026-11-26T09:30:00.000Z\n`;

describe("npm run analysts", () => {
  it("adds an analyst (a reader unless a role is given), lists them with their roles and removes them", async () => {
    const added = await run(["add", "jo"]);
    const publisher = await run(["add", "sam", "--role", "publisher"], "another long passphrase");
    const listed = await run(["list"]);
    const removed = await run(["remove", "jo"]);
    const after = await run(["list"]);

    expect(added).toEqual({ code: 0, output: `Added jo as reader to ${STORE}\n` });
    expect(publisher).toEqual({ code: 0, output: `Added sam as publisher to ${STORE}\n` });
    expect(listed.output).toBe(`${row("jo", "reader")}${row("sam", "publisher")}2 analysts (roles: reader, editor, publisher)\n`);
    expect(removed).toEqual({ code: 0, output: `Removed jo from ${STORE}\n` });
    expect(after.output).toBe(`${row("sam", "publisher")}1 analyst (roles: reader, editor, publisher)\n`);
  });

  it("gives an analyst another role", async () => {
    await run(["add", "jo"]);

    expect(await run(["role", "jo", "editor"])).toEqual({ code: 0, output: "jo is now an editor\n" });
    expect((await listAnalysts(db)).get("jo")?.role).toBe("editor");
    expect(await run(["role", "nobody", "editor"])).toEqual({ code: 2, output: `nobody is not an analyst in ${STORE}\n` });
  });

  it("keeps only a salted scrypt hash of the password, naming its parameters", async () => {
    await run(["add", "jo"]);
    await run(["add", "sam"]);

    const analysts = await listAnalysts(db);
    const [jo, sam] = [analysts.get("jo")!.passwordHash, analysts.get("sam")!.passwordHash];
    expect(jo).toMatch(/^scrypt\$N=32768,r=8,p=1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(sam).not.toBe(jo);
    expect(await verifyPassword(PASSWORD, jo)).toBe(true);
    expect(await verifyPassword(`${PASSWORD}!`, jo)).toBe(false);
  });

  it("imports an analysts file once: an analyst removed afterwards stays removed", async () => {
    await writeAnalystsFile(file, [
      { name: "jo", passwordHash: await hashPassword(PASSWORD), added: "2026-11-01T09:00:00.000Z" },
      { name: "sam", passwordHash: await hashPassword(PASSWORD), role: "editor", added: "2026-11-01T09:00:00.000Z" },
    ]);

    const first = await run(["list"]);
    await run(["remove", "jo"]);
    const second = await run(["list"]);

    expect(first.output).toContain(`Imported 2 analysts from ${file} into ${STORE}; the file is not read again\n`);
    expect(first.output).toContain(`${"jo".padEnd(24)}  reader     added 2026-11-01T09:00:00.000Z\n`);
    expect(first.output).toContain(`${"sam".padEnd(24)}  editor     added 2026-11-01T09:00:00.000Z\n`);
    expect(second.output).toBe(`${"sam".padEnd(24)}  editor     added 2026-11-01T09:00:00.000Z\n1 analyst (roles: reader, editor, publisher)\n`);
  });

  it.each([
    ["a password under 12 characters", ["add", "sam"], "short pass!", /at least 12 characters/],
    ["a password holding a NUL character, which signing in refuses", ["add", "sam"], `${PASSWORD}\u0000`, /must not hold a NUL character or half of a surrogate pair/],
    ["a name already listed", ["add", "jo"], PASSWORD, /jo is already an analyst/],
  ])("refuses %s with a clear message, and changes nothing", async (_case, args, password, message) => {
    await run(["add", "jo"]);
    const before = await listAnalysts(db);

    await expect(run(args, password)).rejects.toThrow(message);
    expect(await listAnalysts(db)).toEqual(before);
  });

  it.each([[[]], [["add"]], [["add", "Jo Smith"]], [["remove", "jo", "sam"]], [["rename", "jo"]], [["add", "jo", "--role", "owner"]], [["role", "jo"]], [["role", "jo", "admin"]], [["remove", "jo", "--role", "editor"]], [["list", "--colour"]]])(
    "refuses the command line %j",
    async (args) => {
      await expect(run(args)).rejects.toBeInstanceOf(UsageError);
    },
  );

  it("answers 2 for removing a name that is not listed, and says when there are no analysts", async () => {
    expect(await run(["remove", "nobody"])).toEqual({ code: 2, output: `nobody is not an analyst in ${STORE}\n` });
    expect(await run(["list"])).toEqual({ code: 0, output: `No analysts in ${STORE}: the analysts' pages are not served\n` });
  });

  it("reads the password piped to it from the command line, and refuses a short one", async () => {
    const command = (args: string[], input: string) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const env = { PATH: process.env.PATH ?? "", DATA_DIR: path.join(dir, "data"), ANALYSTS_FILE: file };
        const child = spawn(process.execPath, ["--import", "tsx", "server/cli/analystsCliMain.ts", ...args], { cwd: repoRoot, env });
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
        child.on("close", (code) => resolve({ code, stdout, stderr }));
        child.stdin.end(input);
      });

    const short = await command(["add", "jo"], "too short\n");
    const added = await command(["add", "jo", "--role", "editor"], `${PASSWORD}\n`);
    const listed = await command(["list"], "");

    expect(short.code).toBe(1);
    expect(short.stderr).toContain("The password must have at least 12 characters. jo was not added.");
    expect(added).toEqual({ code: 0, stdout: `Added jo as editor to ${path.join(dir, "data", "leads.sqlite")} (DATA_DIR)\n`, stderr: "" });
    expect(listed.stdout).toMatch(/^jo {22} {2}editor {5}added /);
  }, 60_000);
});
