import { existsSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/storage/database";
import { countLeads, findLead, insertLead } from "../../server/storage/leadsStore";
import { makeTempDir, removeTempDir } from "./testServer";

let dir: string;
beforeEach(async () => {
  dir = await makeTempDir("switchplan-db-");
});
afterEach(async () => {
  await removeTempDir(dir);
});

const lead = {
  flowId: "business-energy",
  flowVersion: 1,
  productType: "businessEnergy",
  serviceType: "business-energy",
  testMode: false,
  responseCode: "1" as const,
  answers: { customerName: "Ann Lee", firstName: "Ann", lastName: "Lee", phone: "+44 113 496 0000", email: "Ann@Example.com", postcode: "ls14dy" },
};

describe("the lead database", () => {
  it("creates its folder and file on first start", async () => {
    const file = path.join(dir, "fresh", "nested", "leads.sqlite");

    const db = await openDatabase({ file });
    await db.destroy();

    expect(existsSync(file)).toBe(true);
  });

  it("writes in WAL mode with full sync, so a committed lead survives a crash", async () => {
    const file = path.join(dir, "leads.sqlite");
    const db = await openDatabase({ file });
    await db.destroy();

    const raw = new SQLite(file, { readonly: true });
    expect(raw.pragma("journal_mode", { simple: true })).toBe("wal");
    raw.close();
  });

  it("keeps leads across a restart, with contact columns in one spelling for de-duplication", async () => {
    const file = path.join(dir, "leads.sqlite");
    const first = await openDatabase({ file });
    const id = await insertLead(first, lead);
    await first.destroy();

    const second = await openDatabase({ file });
    expect(await countLeads(second)).toBe(1);
    expect(await findLead(second, id)).toMatchObject({
      first_name: "Ann",
      last_name: "Lee",
      phone: "+441134960000",
      email: "ann@example.com",
      postcode: "LS1 4DY",
    });
    expect(await findLead(second, "no-such-id")).toBeUndefined();
    await second.destroy();
  });
});
