/** `npm run analysts`: adding, listing and removing analysts, with passwords kept only as hashes in a file for its owner. */
import { spawn } from "node:child_process";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readAnalystsFile } from "../../server/analysts/analystsFile";
import { verifyPassword } from "../../server/analysts/passwords";
import { runAnalystsCli, UsageError } from "../../server/cli/analystsCli";
import { repoRoot } from "../../server/config";
import { makeTempDir, removeTempDir } from "./testServer";

const PASSWORD = "correct horse battery";
let dir: string;
let file: string;
beforeEach(async () => {
  dir = await makeTempDir("switchplan-analysts-cli-");
  file = path.join(dir, "ops", "analysts.json");
});
afterEach(() => removeTempDir(dir));

/** Runs a command with `password` as what standard input gives; the exit code and what it printed. */
async function run(args: string[], password = PASSWORD): Promise<{ code: number; output: string }> {
  let output = "";
  const code = await runAnalystsCli(args, { file, out: (text) => (output += text), readPassword: async () => password, now: () => new Date("2026-11-26T09:30:00Z") });
  return { code, output };
}

describe("npm run analysts", () => {
  it("adds an analyst, lists them and removes them", async () => {
    const added = await run(["add", "jo"]);
    await run(["add", "sam"], "another long passphrase");
    const listed = await run(["list"]);
    const removed = await run(["remove", "jo"]);
    const after = await run(["list"]);

    expect(added).toEqual({ code: 0, output: `Added jo to ${file}\n` });
    expect(listed.output).toBe(`${"jo".padEnd(24)}  added 2026-11-26T09:30:00.000Z\n${"sam".padEnd(24)}  added 2026-11-26T09:30:00.000Z\n2 analysts\n`);
    expect(removed).toEqual({ code: 0, output: `Removed jo from ${file}\n` });
    expect(after.output).toBe(`${"sam".padEnd(24)}  added 2026-11-26T09:30:00.000Z\n1 analyst\n`);
  });

  it("keeps only a salted scrypt hash of the password, naming its parameters, in a file only its owner may read", async () => {
    await run(["add", "jo"]);
    await run(["add", "sam"]);

    const text = await readFile(file, "utf8");
    const analysts = (await readAnalystsFile(file))!;
    const [jo, sam] = [analysts.get("jo")!.passwordHash, analysts.get("sam")!.passwordHash];
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(Buffer.from(PASSWORD).toString("base64"));
    expect(jo).toMatch(/^scrypt\$N=32768,r=8,p=1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(sam).not.toBe(jo);
    expect(await verifyPassword(PASSWORD, jo)).toBe(true);
    expect(await verifyPassword(`${PASSWORD}!`, jo)).toBe(false);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it.each([
    ["a password under 12 characters", ["add", "sam"], "short pass!", /at least 12 characters/],
    ["a name already listed", ["add", "jo"], PASSWORD, /jo is already an analyst/],
  ])("refuses %s with a clear message, and changes nothing", async (_case, args, password, message) => {
    await run(["add", "jo"]);
    const before = await readFile(file, "utf8");

    await expect(run(args, password)).rejects.toThrow(message);
    expect(await readFile(file, "utf8")).toBe(before);
  });

  it.each([[[]], [["add"]], [["add", "Jo Smith"]], [["remove", "jo", "sam"]], [["rename", "jo"]]])("refuses the command line %j", async (args) => {
    await expect(run(args)).rejects.toBeInstanceOf(UsageError);
  });

  it("answers 2 for removing a name that is not listed, and says when there is no file", async () => {
    expect(await run(["remove", "nobody"])).toEqual({ code: 2, output: `nobody is not an analyst in ${file}\n` });
    expect(await run(["list"])).toEqual({ code: 0, output: `No analysts file at ${file}: the analysts' pages are not served\n` });
  });

  it("reads the password piped to it from the command line, and refuses a short one", async () => {
    const command = (args: string[], input: string) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, ["--import", "tsx", "server/cli/analystsCliMain.ts", ...args], { cwd: repoRoot, env: { PATH: process.env.PATH ?? "", ANALYSTS_FILE: file } });
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
        child.on("close", (code) => resolve({ code, stdout, stderr }));
        child.stdin.end(input);
      });

    const short = await command(["add", "jo"], "too short\n");
    const added = await command(["add", "jo"], `${PASSWORD}\n`);

    expect(short.code).toBe(1);
    expect(short.stderr).toContain("The password must have at least 12 characters. jo was not added.");
    expect(added).toEqual({ code: 0, stdout: `Added jo to ${file}\n`, stderr: "" });
    expect(await verifyPassword(PASSWORD, (await readAnalystsFile(file))!.get("jo")!.passwordHash)).toBe(true);
  }, 30_000);
});
