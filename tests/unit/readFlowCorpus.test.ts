/** The one model of the forms folder: a listing of files in, every flow's versions, split and findings out. */
import { describe, expect, it } from "vitest";
import { readFlowCorpus, servedFlow, type FormsFile } from "../../engine/core/flowCorpus";
import { createSchemaCheck } from "../../engine/node/validation";
import { aloneInItsFolder, readJson } from "../fixtures/forms";

const check = createSchemaCheck();
const energy = (version: number, change: (doc: Record<string, unknown>) => void = () => {}) => {
  const doc = { ...(aloneInItsFolder(structuredClone(readJson("forms/business-energy/v1.json"))) as Record<string, unknown>), version };
  change(doc);
  return JSON.stringify(doc);
};
const split = (value: object) => JSON.stringify({ $schema: "../../schemas/split.schema.json", ...value });
const read = (files: Record<string, string>, previous?: ReturnType<typeof readFlowCorpus>) =>
  readFlowCorpus({ root: "forms", files: Object.entries(files).map(([path, text]): FormsFile => ({ path, text })) }, check, previous);
const breakIt = (doc: Record<string, unknown>) => ((doc.steps as Array<Record<string, unknown>>)[0]!.next = "nowhere");

describe("reading the forms folder", () => {
  it("serves every version that loads, with the split as written", () => {
    const corpus = read({ "business-energy/v1.json": energy(1), "business-energy/v2.json": energy(2), "business-energy/split.json": split({ default: 2, weights: { "1": 30, "2": 70 } }) });

    expect(corpus.findings).toEqual([]);
    expect(corpus.flows).toMatchObject([{ id: "business-energy", path: "business-energy", defaultVersion: 2, weights: { "1": 30, "2": 70 } }]);
    expect(servedFlow(corpus, "business-energy", 1)?.version).toBe(1);
  });

  it("does not serve a version with an error, and falls back from it as the default to the largest share", () => {
    const corpus = read({
      "business-energy/v1.json": energy(1),
      "business-energy/v2.json": energy(2, breakIt),
      "business-energy/v3.json": energy(3),
      "business-energy/split.json": split({ default: 2, weights: { "1": 20, "2": 50, "3": 30 } }),
    });

    expect(corpus.findings.map((f) => `${f.file}: ${f.rule}`)).toEqual(["forms/business-energy/v2.json: unknown-step"]);
    expect(servedFlow(corpus, "business-energy", 2)).toBeUndefined();
    expect(corpus.flows[0]).toMatchObject({ defaultVersion: 3, weights: { "1": 20, "3": 30 } });
    expect(corpus.flows[0]!.versions[1]).toMatchObject({ version: 2, broken: true, stale: false });
  });

  it("serves the last good copy of a version that breaks after it was read", () => {
    const good = read({ "business-energy/v1.json": energy(1) });
    const corpus = read({ "business-energy/v1.json": energy(1, breakIt) }, good);

    expect(corpus.findings).toHaveLength(1);
    expect(servedFlow(corpus, "business-energy", 1)).toEqual(servedFlow(good, "business-energy", 1));
    expect(corpus.flows[0]).toMatchObject({ defaultVersion: 1, versions: [{ broken: true, stale: true }] });
  });

  it("leaves a flow with no version that loads without a default, keeping its path for the error page", () => {
    const corpus = read({ "business-energy/v1.json": energy(1, breakIt), "business-water/v1.json": "{ nope" });

    expect(corpus.flows.map((f) => [f.id, f.path, f.defaultVersion])).toEqual([
      ["business-energy", "business-energy", undefined],
      ["business-water", "business-water", undefined],
    ]);
  });

  it("falls back to the lowest version when split.json is broken, with one finding for it", () => {
    const corpus = read({ "business-energy/v1.json": energy(1), "business-energy/v2.json": energy(2), "business-energy/split.json": split({ default: "2" }) });

    expect(corpus.findings.map((f) => `${f.file}: ${f.message}`)).toEqual([
      'forms/business-energy/split.json: missing "weights"',
      "forms/business-energy/split.json: default must be integer",
    ]);
    expect(corpus.flows[0]).toMatchObject({ defaultVersion: 1, weights: { "1": 100 } });
  });

  it("treats a folder without a version file as data, and files deeper down as not its business", () => {
    const corpus = read({ "deals/home-broadband.json": "[]", "business-energy/v1.json": energy(1), "business-energy/old/v1.json": "{" });

    expect(corpus.flows.map((f) => f.id)).toEqual(["business-energy"]);
    expect(corpus.findings).toEqual([]);
  });
});
