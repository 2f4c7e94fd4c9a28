import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UsageError, runLeadsCli } from "../../server/cli/leadsCli";
import { fixtureLead } from "./support/pipelineFixtures";
import { serverDialects, startServerOn, type ServerOnDialect } from "./support/serverOnDialect";

describe.each(serverDialects)("npm run leads -- deliveries and requeue (%s)", (dialect, skipped) => {
  let running: ServerOnDialect;
  const wasteLeads: string[] = [];

  beforeAll(async () => {
    if (skipped) return;
    running = await startServerOn(dialect, { env: { OPENING_HOURS: "always" } });
    const post = async (service: "business-waste" | "take-card-payments", n: number) =>
      (await running.server.app.inject({ method: "POST", url: "/api/leads", payload: fixtureLead(service, { phone: `020 7946 ${String(n).padStart(4, "0")}`, email: `p${n}@example.com` }) })).json<{ leadId: string }>().leadId;
    for (let n = 0; n < 4; n += 1) wasteLeads.push(await post("business-waste", n));
    await post("take-card-payments", 10);
    const { db } = running;
    // Three of the waste buyer's deliveries were given up on, one of them stored on the 1st; payments waits for its secret.
    await db.updateTable("deliveries").set({ status: "dead", attempts: 10, last_error: "gave up after 10 attempts: ECONNREFUSED" }).where("lead_id", "in", wasteLeads.slice(0, 3)).execute();
    await db.updateTable("deliveries").set({ created_at: "2026-03-01T10:00:00.000Z" }).where("lead_id", "=", wasteLeads[0]!).execute();
    await db.updateTable("deliveries").set({ status: "rejected", attempts: 1, last_error: "the buyer answered Error" }).where("lead_id", "=", wasteLeads[3]!).execute();
    await db.updateTable("deliveries").set({ last_error: "waiting for BUYER_SECRET_PAYMENTS to be set" }).where("buyer_key", "=", "payments").execute();
  });
  afterAll(async () => {
    await running?.close();
  });

  async function run(...args: string[]): Promise<{ code: number; output: string }> {
    let output = "";
    const code = await runLeadsCli(args, { db: running.db, out: (text) => (output += text), now: () => new Date() });
    return { code, output };
  }

  it.skipIf(skipped)("lists a buyer's dead deliveries, oldest first, each with its lead and why it was given up", async () => {
    const { code, output } = await run("deliveries", "--status", "dead", "--buyer", "waste");

    expect(code).toBe(0);
    const lines = output.trim().split("\n");
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain(wasteLeads[0]);
    expect(lines[1]).toMatch(/waste\s+dead\s+10\s+gave up after 10 attempts: ECONNREFUSED$/);
    expect(lines.at(-1)).toBe("3 deliveries");
    expect(output).not.toContain("example.com");
  });

  it.skipIf(skipped)("narrows by time and says when more match than it shows", async () => {
    expect((await run("deliveries", "--status", "dead", "--since", "2026-03-02")).output.trim().split("\n").at(-1)).toBe("2 deliveries");
    expect((await run("deliveries", "--status", "dead", "--limit", "1")).output.trim().split("\n").at(-1)).toBe("3 deliveries (the oldest 1 shown; --limit N for more)");
  });

  it.skipIf(skipped)("takes --since as an ISO time, as an alert's runbook fills it in, or as a time ago", async () => {
    const lastOf = async (since: string, now: string) => {
      let output = "";
      await runLeadsCli(["deliveries", "--status", "dead", "--since", since], { db: running.db, out: (text) => (output += text), now: () => new Date(now) });
      return output.trim().split("\n").at(-1);
    };
    expect(await lastOf("2026-03-01T10:30:00Z", "2026-03-01T11:00:00Z")).toBe("2 deliveries");
    expect(await lastOf("30m", "2026-03-01T10:20:00Z")).toBe("3 deliveries");
    expect(await lastOf("2h", "2026-03-01T12:30:00Z")).toBe("2 deliveries");
  });

  it.skipIf(skipped)("lists deliveries held for a signing secret, and every one waiting", async () => {
    const held = await run("deliveries", "--status", "held");
    expect(held.output).toMatch(/payments\s+pending\s+0\s+waiting for BUYER_SECRET_PAYMENTS to be set/);
    expect(held.output.trim().split("\n").at(-1)).toBe("1 delivery");
    expect((await run("deliveries", "--status", "waiting")).output.trim().split("\n").at(-1)).toBe("1 delivery");
  });

  it.skipIf(skipped)("requeue says what it would do, and does it only with --yes", async () => {
    const dry = await run("requeue", "--buyer", "waste", "--since", "2026-03-02");
    expect(dry.output).toMatch(/^Would put 3 deliveries to waste stored since \S+ back in the queue \((2 dead, 1 rejected|1 rejected, 2 dead)\), attempts reset\.\nRun the same command with --yes to do it\.\n$/);
    expect((await run("deliveries", "--status", "dead", "--buyer", "waste")).output).toMatch(/3 deliveries\n$/);

    const done = await run("requeue", "--buyer", "waste", "--since", "2026-03-02", "--yes");

    expect(done.output).toMatch(/^3 deliveries to waste stored since \S+ back in the queue; a running worker sends them within seconds\.\n$/);
    const rows = await running.db.selectFrom("deliveries").select(["lead_id", "status", "attempts"]).where("buyer_key", "=", "waste").execute();
    expect(rows.filter((r) => r.status === "pending" && r.attempts === 0).map((r) => r.lead_id).sort()).toEqual(wasteLeads.slice(1).sort());
    expect(rows.find((r) => r.lead_id === wasteLeads[0])).toMatchObject({ status: "dead", attempts: 10 });
    expect((await run("requeue", "--buyer", "waste", "--since", "2026-03-02", "--yes")).output).toBe(`Nothing to requeue: no dead or rejected delivery to waste stored since ${new Date("2026-03-02T00:00:00Z").toISOString()}.\n`);
  });

  it.skipIf(skipped)("requeues only the status asked for", async () => {
    expect((await run("requeue", "--buyer", "waste", "--status", "dead", "--yes")).output).toMatch(/^1 delivery to waste back in the queue/);
  });

  it.skipIf(skipped).each([[["deliveries"]], [["deliveries", "--status", "lost"]], [["requeue"]], [["requeue", "--buyer", "waste", "--status", "pending"]], [["deliveries", "--status", "dead", "--since", "soon"]]])(
    "refuses %j with a usage message",
    async (args) => {
      await expect(run(...args)).rejects.toBeInstanceOf(UsageError);
    },
  );
});
