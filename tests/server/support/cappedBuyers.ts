/**
 * The buyers of the caps tests, loaded for a test file: the exclusive night buyer with a daily cap of `cap`, then the
 * two generic day buyers, and the storage options of a lead offered to them at `receivedAt`.
 */
import { afterAll, beforeAll } from "vitest";
import type { BuyerDirectory } from "../../../server/buyers/buyerDirectory";
import { loadBuyers } from "../../../server/buyers/loadBuyers";
import type { RoutingPlan } from "../../../server/buyers/routeLead";
import { londonDate } from "../../../server/hours/londonClock";
import { buyerOffers } from "../../../server/leads/acceptLead";
import type { RoutedLeadOptions } from "../../../server/storage/leadsStore";
import { testBuyers, writeBuyersFile } from "./pipelineFixtures";
import { makeTempDir, removeTempDir } from "../testServer";

/** Loads the buyers before the file's tests; `options` offers a lead to them (read inside a test). */
export function cappedNightBuyer(cap: number, receivedAt: Date) {
  let buyers: BuyerDirectory;
  let dir: string;
  beforeAll(async () => {
    dir = await makeTempDir();
    buyers = await loadBuyers(await writeBuyersFile(dir, testBuyers("http://127.0.0.1:9").map((b) => (b.key === "night-energy" ? { ...b, dailyCap: cap } : b))));
  });
  afterAll(async () => {
    await removeTempDir(dir);
  });
  const plan = (): RoutingPlan => ({ exclusive: [buyers.byKey("night-energy")!], generic: [buyers.byKey("day-energy")!, buyers.byKey("second-energy")!], maxGeneric: 3 });
  const options = (overrides: Partial<RoutedLeadOptions> = {}): RoutedLeadOptions => ({
    ...buyerOffers(plan(), receivedAt),
    duplicateWindowMs: 3_600_000,
    capDay: londonDate(receivedAt),
    noBuyer: { code: "0", note: "no buyer" },
    duplicate: { code: "2", note: "duplicate" },
    ...overrides,
  });
  return { options };
}
