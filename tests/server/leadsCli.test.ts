import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runLeadsCli, UsageError } from "../../server/cli/leadsCli";
import { repoRoot } from "../../server/config";
import { fixtureLead } from "./support/pipelineFixtures";
import { startPipelineServer, testClock, type PipelineServer } from "./support/pipelineServer";

let server: PipelineServer;
const clock = testClock("2026-03-02T10:00:00Z");
const leads: Record<string, string> = {};

beforeAll(async () => {
  server = await startPipelineServer({ now: clock.now, env: { OPENING_HOURS: "always" } });
  const post = async (payload: object) => (await server.app.inject({ method: "POST", url: "/api/leads", payload })).json<{ leadId: string }>().leadId;
  leads.old = await post(fixtureLead("business-waste", { customerName: "Old Lead", phone: "020 7946 0500", email: "old@example.com" }));
  clock.set("2026-03-04T10:00:00Z");
  leads.energy = await post(fixtureLead("business-energy", { customerName: "=HYPERLINK(\"http://evil.example\")", phone: "020 7946 0501", email: "jo@example.com" }));
  clock.advance(60_000);
  leads.waste = await post(fixtureLead("business-waste", { phone: "020 7946 0502", email: "kim@example.com" }));
});
afterAll(async () => {
  await server.close();
});

/** Runs a command on the server's database and gives its exit code and output. */
async function run(...args: string[]): Promise<{ code: number; output: string }> {
  let output = "";
  const code = await server.withDb((db) => runLeadsCli(args, { db, out: (text) => (output += text), now: () => new Date("2026-03-05T12:00:00Z") }));
  return { code, output };
}

describe("npm run leads", () => {
  it("lists the latest leads, newest first, with where their deliveries stand", async () => {
    const { code, output } = await run("list");

    expect(code).toBe(0);
    const lines = output.trim().split("\n");
    expect(lines[1]).toContain(leads.waste);
    expect(lines[2]).toContain(leads.energy);
    expect(lines[2]).toMatch(/business-energy\s+5\s+2 pending/);
    expect(lines.at(-1)).toBe("3 leads");
    expect(output).not.toContain("example.com");
  });

  it("shows one lead with its answers, consent and deliveries", async () => {
    const { code, output } = await run("show", leads.energy!);

    expect(code).toBe(0);
    const shown = JSON.parse(output);
    expect(shown).toMatchObject({ id: leads.energy, answers: { email: "jo@example.com" }, consented_buyers: expect.arrayContaining(["Daylight Energy"]) });
    expect(shown.deliveries.map((d: { buyer_key: string; attempts: unknown[] }) => [d.buyer_key, d.attempts])).toEqual([
      ["day-energy", []],
      ["second-energy", []],
    ]);
  });

  it("puts a lead's dead deliveries back in the queue", async () => {
    await server.withDb((db) => db.updateTable("deliveries").set({ status: "dead", attempts: 10 }).where("lead_id", "=", leads.waste!).execute());

    const { output } = await run("retry", leads.waste!);

    expect(output).toBe("1 delivery back in the queue; a running worker sends it within seconds.\n");
    const [row] = await server.withDb((db) => db.selectFrom("deliveries").selectAll().where("lead_id", "=", leads.waste!).execute());
    expect(row).toMatchObject({ status: "pending", attempts: 0 });
    expect((await run("retry", leads.waste!)).output).toBe("Nothing to retry: none of this lead's deliveries is dead or rejected.\n");
  });

  it("exports leads since a date as CSV a spreadsheet opens safely", async () => {
    const { output } = await run("export", "--since", "2026-03-03");

    const lines = output.trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^id,created_at,flow_id,.*,consented_buyers,consented_at,duplicate_of,routing_note,deliveries$/);
    expect(lines).toHaveLength(3);
    const energy = lines.find((line) => line.startsWith(leads.energy!))!;
    expect(energy).toContain("Daylight Energy: pending; Second Energy: pending");
    // Cells a spreadsheet would run as formulas are kept as text.
    expect(energy).toContain(",'=HYPERLINK");
    expect(energy).toContain(",'+442079460501,");
    expect(output).not.toContain(leads.old);
  });

  it("erases everything held about an e-mail address, leaving a hash", async () => {
    const { output } = await run("erase", "--email", "KIM@example.com");

    expect(output).toMatch(/^Erased 1 lead and 0 newsletter sign-ups for that e-mail address\./);
    expect(output).not.toContain("kim");
    expect(await server.storedLead(leads.waste!)).toBeUndefined();
    expect(await server.withDb((db) => db.selectFrom("erasures").select("kind").execute())).toEqual([{ kind: "email" }]);
  });

  it.each([[["launch"]], [["show"]], [["export"]], [["export", "--since", "last tuesday"]], [["erase", "--email", "a@b.c", "--phone", "1"]]])(
    "refuses %j with a usage message",
    async (args) => {
      await expect(run(...args)).rejects.toBeInstanceOf(UsageError);
    },
  );

  it("answers 2 for a lead that does not exist", async () => {
    expect(await run("show", "no-such-lead")).toEqual({ code: 2, output: "No lead with id no-such-lead\n" });
  });

  it("runs from the command line against the server's data folder", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "server/cli/leadsCliMain.ts", "list", "--limit", "1"], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? "", DATA_DIR: server.dataDir },
    });

    expect(stdout).toMatch(/1 lead\n$/);
    expect(path.isAbsolute(server.dataDir)).toBe(true);
  });
});
