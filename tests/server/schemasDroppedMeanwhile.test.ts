import { describe, expect, it } from "vitest";
import { openTestPostgres, testDatabaseUrl, type TestDatabase } from "./support/databases";

describe.skipIf(!testDatabaseUrl)("PostgreSQL stores opened while other schemas are dropped", () => {
  it("start every time: the migrations look at their own schema only", async () => {
    const failures: string[] = [];
    const dropping: Array<Promise<void>> = [];
    for (let round = 0; round < 6; round += 1) {
      const opened = await Promise.allSettled(Array.from({ length: 4 }, () => openTestPostgres()));
      for (const outcome of opened) {
        if (outcome.status === "rejected") failures.push(String(outcome.reason));
        // Dropped while the next round opens, as other instances' and test runs' schemas come and go.
        else dropping.push((outcome.value as TestDatabase).drop());
      }
    }
    await Promise.all(dropping);
    expect(failures).toEqual([]);
  }, 120_000);
});
