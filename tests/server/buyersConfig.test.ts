import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildServer } from "../../server/buildServer";
import { loadBuyers } from "../../server/buyers/loadBuyers";
import { loadConfig, repoRoot } from "../../server/config";
import fieldsSchema from "../../schemas/fields.schema.json";
import type { Buyer } from "../../schemas/generated/buyers";
import realFile from "../../server/config/buyers.json";
import { testBuyers, writeBuyersFile } from "./support/pipelineFixtures";
import { makeTempDir, removeTempDir } from "./testServer";

const buyersFile = path.join(repoRoot, "server", "config", "buyers.json");

describe("the buyers file the site runs with", () => {
  it("loads, with buyer ids 2 to 27 and id 17 shared by two buyers told apart by service", async () => {
    const { buyers } = await loadBuyers(buyersFile);

    const ids = buyers.map((b) => Number(b.id));
    expect([...new Set(ids)].sort((a, b) => a - b)).toEqual(Array.from({ length: 26 }, (_, i) => i + 2));
    const seventeen = buyers.filter((b) => b.id === "17");
    expect(seventeen).toHaveLength(2);
    expect(seventeen[0]!.services.some((s) => seventeen[1]!.services.includes(s))).toBe(false);
  });

  it("has a buyer for every service a quote form can ask about", async () => {
    const directory = await loadBuyers(buyersFile);

    for (const service of fieldsSchema.definitions.serviceType.enum) {
      expect(directory.forService(service as Buyer["services"][number]).length, service).toBeGreaterThan(0);
    }
  });

  it("shows only Ofcom drama-range numbers, and says they are examples", () => {
    expect(realFile.notice).toMatch(/EXAMPLE/);
    for (const buyer of realFile.buyers) expect(buyer.phone, buyer.key).toMatch(/^(020 7946 0\d{3}|0113 496 0\d{3}|0161 496 0\d{3}|0808 157 0\d{3})$/);
  });

  it("gives each buyer-specific code to the services the spec names it for", () => {
    const codes = new Map<string, Set<string>>();
    for (const buyer of realFile.buyers as Buyer[]) {
      if (buyer.successCode) for (const s of buyer.services) codes.set(s, new Set([...(codes.get(s) ?? []), buyer.successCode]));
    }
    expect(codes.get("business-energy")).toEqual(new Set(["5", "8"]));
    expect(codes.get("take-card-payments")).toEqual(new Set(["6"]));
    expect(codes.get("home-solar")).toEqual(new Set(["7"]));
    expect(codes.get("business-solar")).toEqual(new Set(["9"]));
    expect(codes.get("business-waste")).toEqual(new Set(["10"]));
  });

  it("uses each of the spec's partner phone keys", () => {
    expect(new Set(realFile.buyers.flatMap((b) => ("partnerKey" in b && b.partnerKey ? [b.partnerKey] : [])))).toEqual(
      new Set(["Barclaycard", "Bionic", "EnergySwitchers", "Tem", "SaveEnergyUK", "EnergyBrokersNI", "GlowGreen", "BusinessWaste"]),
    );
  });
});

describe("a broken buyers file", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await makeTempDir();
  });
  afterEach(async () => {
    await removeTempDir(dir);
  });

  const startWith = async (buyers: Buyer[]) => {
    const file = await writeBuyersFile(dir, buyers);
    return { file, start: buildServer({ config: loadConfig({ DATA_DIR: dir, SITE_DIR: `${dir}/none`, BUYERS_FILE: file }), logger: false }) };
  };
  const edit = (key: string, change: Partial<Buyer>) => testBuyers("https://buyer.example").map((b) => (b.key === key ? { ...b, ...change } : b));

  it.each<[string, Buyer[], string]>([
    ["a service that does not exist", edit("waste", { services: ["business-coal" as Buyer["services"][number]] }), "/buyers/6/services/0 must be equal to one of the allowed values"],
    ["an id outside 2 to 27", edit("waste", { id: "28" as Buyer["id"] }), "/buyers/6/id must be equal to one of the allowed values"],
    ["a shared id on the same service", edit("water-home", { services: ["business-water"] }), 'buyers[9] "water-home" and buyers[8] "water-business" share id 17 and service business-water'],
    ["two buyers with one name", edit("waste", { name: "test payments" }), 'buyers[6] has the same name as buyers[3]: "test payments"'],
    ["an endpoint without TLS", edit("waste", { delivery: { url: "http://buyer.example/leads", secretEnv: "S", hours: "always" } }), 'buyers[6] "waste": delivery.url must use https'],
    ["delivery hours nobody can read", edit("waste", { delivery: { url: "https://buyer.example/leads", secretEnv: "S", hours: "weekdays" } }), 'buyers[6] "waste": delivery.hours: cannot read "weekdays"'],
    ["a condition on a field that does not exist", edit("waste", { onlyWhen: { "==": [{ var: "colour" }, "red"] } }), 'buyers[6] "waste": onlyWhen reads unknown field "colour"'],
  ])("stops the start, naming the file and the buyer, for %s", async (_name, buyers, message) => {
    const { file, start } = await startWith(buyers);

    await expect(start).rejects.toThrow(`${file}: `);
    await expect(start).rejects.toThrow(message);
  });

  it("stops the start when the file is not JSON", async () => {
    const file = path.join(dir, "buyers.json");
    await writeFile(file, "{ buyers: [");

    await expect(loadBuyers(file)).rejects.toThrow(`${file}: not valid JSON`);
  });
});
