import { stat } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/storage/database";
import { countLeads, insertLead } from "../../server/storage/leadsStore";
import { makeTempDir, removeTempDir } from "./testServer";

let dir: string;
beforeAll(async () => {
  dir = await makeTempDir();
});
afterAll(async () => {
  await removeTempDir(dir);
});

const size = async (file: string) => (await stat(file).catch(() => ({ size: 0 }))).size;

describe("SQLite checkpoints", () => {
  it("copies committed leads into the database file while the server keeps writing, so the WAL stays short", async () => {
    const file = path.join(dir, "leads.sqlite");
    const db = await openDatabase({ file });
    try {
      const before = await size(file);
      const answers = { customerName: "Checkpoint Person", notes: "x".repeat(2_000) };
      for (let round = 0; round < 10; round++) {
        await Promise.all(
          Array.from({ length: 50 }, () =>
            insertLead(db, { flowId: "business-energy", flowVersion: 1, productType: "businessEnergy", serviceType: "business-energy", testMode: true, responseCode: "99", answers }),
          ),
        );
      }
      expect(await countLeads(db)).toBe(500);
      // Far fewer pages than the writer's own backstop checkpoint: only the checkpoint thread moves them.
      await expect.poll(() => size(file), { timeout: 5_000 }).toBeGreaterThan(before + 500 * 2_000);
    } finally {
      await db.destroy();
    }
  });
});
