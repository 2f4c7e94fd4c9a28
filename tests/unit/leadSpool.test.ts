/** The lead spool: what it holds survives reopening, what the store took is gone, a torn last line is skipped. */
import { appendFile, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openLeadSpool, type HeldLead } from "../../server/leads/leadSpool";

const lead = (n: number, key?: string): HeldLead => ({
  id: `lead-${n}`,
  receivedAt: new Date(Date.UTC(2026, 2, 4, 11, 0, n)).toISOString(),
  submission: { flowId: "business-energy", version: 1, answers: {}, ...(key ? { submissionKey: key } : {}) },
  answers: {},
});

describe("the lead spool", () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "switchplan-spool-"));
    file = path.join(dir, "data", "lead-spool.jsonl");
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("keeps held leads across reopening, oldest first, and forgets those the store took", async () => {
    const spool = await openLeadSpool(file);
    await Promise.all([lead(3), lead(1, "key-1"), lead(2)].map((l) => spool.hold(l)));
    await spool.taken("lead-2");
    await spool.close();

    const again = await openLeadSpool(file);
    expect(again.waiting().map((l) => l.id)).toEqual(["lead-1", "lead-3"]);
    expect(again.byKey("key-1")?.id).toBe("lead-1");
    expect(again.oldestAt()?.toISOString()).toBe(lead(1).receivedAt);
    await again.close();
  });

  it("holds one lead for a submission key sent twice at once, and answers both with it", async () => {
    const spool = await openLeadSpool(file);
    const [first, second] = await Promise.all([spool.hold(lead(1, "key-1")), spool.hold(lead(2, "key-1"))]);
    expect([first.id, second.id]).toEqual(["lead-1", "lead-1"]);
    expect((await spool.hold(lead(3, "key-1"))).id).toBe("lead-1");
    expect(spool.waiting().map((l) => l.id)).toEqual(["lead-1"]);
    await spool.close();
    expect((await readFile(file, "utf8")).trim().split("\n")).toHaveLength(1);
  });

  it("empties its file once nothing waits, unless a lead was set aside for the operator", async () => {
    const spool = await openLeadSpool(file);
    await spool.hold(lead(1));
    await spool.taken("lead-1");
    expect((await stat(file)).size).toBe(0);
    await spool.hold(lead(2));
    await spool.setAside(lead(2));
    expect(spool.size()).toBe(0);
    expect(await readFile(file, "utf8")).toContain('"refused"');
    await spool.close();
    expect((await openLeadSpool(file)).size()).toBe(0);
  });

  it("skips a torn last line, whose visitor was never answered", async () => {
    const spool = await openLeadSpool(file);
    await spool.hold(lead(1));
    await spool.close();
    await appendFile(file, '{"hold":{"id":"lead-2","rec');
    const again = await openLeadSpool(file);
    expect(again.waiting().map((l) => l.id)).toEqual(["lead-1"]);
    await again.close();
  });

  it("refuses to hold a lead it cannot write", async () => {
    // Its folder's place is taken by a file: the spool cannot be made.
    await writeFile(path.join(dir, "data"), "");
    const spool = await openLeadSpool(file);
    await expect(spool.hold(lead(1))).rejects.toThrow();
    expect(spool.writable()).toBe(false);
    expect(spool.size()).toBe(0);
  });
});
