import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BuyerDirectory } from "../../server/buyers/buyerDirectory";
import { loadBuyers } from "../../server/buyers/loadBuyers";
import { planRouting, routedResponseCode } from "../../server/buyers/routeLead";
import { repoRoot } from "../../server/config";
import { openDatabase } from "../../server/storage/database";
import { buyerOffers } from "../../server/leads/acceptLead";
import { insertRoutedLead } from "../../server/storage/leadsStore";
import { allBuyerNames, fixtureLead, testBuyers, writeBuyersFile } from "./support/pipelineFixtures";
import { startPipelineServer, type PipelineServer } from "./support/pipelineServer";
import { makeTempDir, removeTempDir } from "./testServer";

let real: BuyerDirectory;
let fixtures: BuyerDirectory;
let dir: string;
beforeAll(async () => {
  real = await loadBuyers(path.join(repoRoot, "server", "config", "buyers.json"));
  dir = await makeTempDir();
  fixtures = await loadBuyers(await writeBuyersFile(dir, testBuyers("http://127.0.0.1:9"), { maxGenericBuyers: 1 }));
});
afterAll(async () => {
  await removeTempDir(dir);
});

const everyone = (directory: BuyerDirectory) => directory.buyers.map((b) => b.name);
const names = (plan: ReturnType<typeof planRouting>) => ({ exclusive: plan.exclusive.map((b) => b.name), generic: plan.generic.map((b) => b.name) });

describe("routing business energy with the site's buyers", () => {
  it.each([
    ["in opening hours", "LS1 4DY", false, { exclusive: [], generic: ["Bionic", "Energy Switchers", "Save Energy UK"] }],
    ["out of hours", "LS1 4DY", true, { exclusive: ["Tem"], generic: [] }],
    ["from Northern Ireland, in hours", "BT1 1AA", false, { exclusive: ["Energy Brokers NI"], generic: ["Bionic", "Energy Switchers", "Save Energy UK"] }],
    ["from Northern Ireland, out of hours", "BT1 1AA", true, { exclusive: ["Energy Brokers NI", "Tem"], generic: [] }],
  ])("offers a lead %s (%s) to the right buyers, in order", (_name, postcode, outOfHours, expected) => {
    const plan = planRouting(real, { serviceType: "business-energy", answers: { postcode }, outOfHours, namedBuyers: everyone(real) });

    expect(names(plan)).toEqual(expected);
  });

  it("answers with the code of the buyer that takes the lead: energy 5, energy out of hours 8, none 0", () => {
    expect(routedResponseCode([real.byKey("bionic")!])).toBe("5");
    expect(routedResponseCode([real.byKey("tem")!])).toBe("8");
    expect(routedResponseCode([real.byKey("fibrelink")!])).toBe("1");
    expect(routedResponseCode([])).toBe("0");
  });

  it("offers a lead only to buyers the visitor named", () => {
    const plan = planRouting(real, { serviceType: "business-energy", answers: {}, outOfHours: false, namedBuyers: [" save energy uk "] });

    expect(names(plan)).toEqual({ exclusive: [], generic: ["Save Energy UK"] });
  });

  it("tells id 17's two buyers apart by service", () => {
    const water = (serviceType: "business-water" | "home-water") =>
      planRouting(real, { serviceType, answers: {}, outOfHours: false, namedBuyers: everyone(real) }).generic.map((b) => [b.id, b.name]);

    expect(water("business-water")).toEqual([["17", "Aqua Switch Business"]]);
    expect(water("home-water")).toEqual([["17", "Aqua Switch Home"]]);
  });
});

describe("caps and limits", () => {
  let server: PipelineServer;
  beforeAll(async () => {
    server = await startPipelineServer({ env: { OPENING_HOURS: "always" } });
  });
  afterAll(async () => {
    await server.close();
  });

  it("gives a buyer no more leads than its daily cap, then answers 0", async () => {
    const post = (n: number) =>
      server.app.inject({ method: "POST", url: "/api/leads", payload: fixtureLead("home-water", { phone: `020 7946 030${n}`, email: `cap${n}@example.com` }) });

    expect((await post(1)).json()).toMatchObject({ code: "1", buyers: [{ name: "Water Home" }] });
    expect((await post(2)).json()).toMatchObject({ code: "0", buyers: [] });
  });

  it("gives a generic lead to no more buyers than maxGenericBuyers, in priority order", async () => {
    const plan = planRouting(fixtures, { serviceType: "business-energy", answers: {}, outOfHours: false, namedBuyers: allBuyerNames() });
    const db = await openDatabase({ file: ":memory:" });
    try {
      const result = await insertRoutedLead(
        db,
        { flowId: "f", flowVersion: 1, productType: "businessEnergy", serviceType: "business-energy", testMode: false, responseCode: "1", answers: { phone: "020 7946 0400" } },
        { ...buyerOffers(plan, new Date()), duplicateWindowMs: 1000, capDay: "2026-03-04", noBuyer: { code: "0", note: "none" }, duplicate: { code: "2", note: "duplicate" } },
      );

      expect(plan.generic.map((b) => b.name)).toEqual(["Daylight Energy", "Second Energy"]);
      expect(result).toMatchObject({ code: "5", buyerKeys: ["day-energy"] });
    } finally {
      await db.destroy();
    }
  });
});
