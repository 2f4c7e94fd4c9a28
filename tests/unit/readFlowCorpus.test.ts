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

  it("gives every visitor the lowest version when split.json has no split's shape and no good copy, and says so", () => {
    const corpus = read({ "business-energy/v1.json": energy(1), "business-energy/v2.json": energy(2), "business-energy/split.json": split({ default: "2" }) });

    expect(corpus.findings.map((f) => `${f.file}: ${f.message}`)).toEqual([
      'forms/business-energy/split.json: missing "weights"; until it is fixed every visitor gets v1, the default, and no versions are compared',
      "forms/business-energy/split.json: default must be integer",
    ]);
    expect(corpus.flows[0]).toMatchObject({ defaultVersion: 1, weights: { "1": 100 }, splitHeldBack: "defaultOnly" });
  });

  it("gives every visitor the default it names when split.json's weights do not add up to 100 and there is no good copy", () => {
    const corpus = read({ "business-energy/v1.json": energy(1), "business-energy/v2.json": energy(2), "business-energy/split.json": split({ default: 2, weights: { "1": 50, "2": 40 } }) });

    expect(corpus.findings.map((f) => `${f.file}: ${f.message}`)).toEqual([
      "forms/business-energy/split.json: the weights add up to 90, not 100; until it is fixed every visitor gets v2, the default, and no versions are compared",
    ]);
    expect(corpus.flows[0]).toMatchObject({ defaultVersion: 2, weights: { "2": 100 }, splitHeldBack: "defaultOnly" });
    expect(corpus.flows[0]!.split).toBeUndefined();
  });

  it.each([
    ["weights that add up to 90", split({ default: 1, weights: { "1": 50, "2": 40 } }), "the weights add up to 90, not 100"],
    ["a weight for a version with no file", split({ default: 1, weights: { "1": 50, "3": 50 } }), "weight for version 3, which has no v3.json"],
    ["a default with no file", split({ default: 4, weights: { "1": 50, "2": 50 } }), "default version 4 has no v4.json"],
    ["a file that is not JSON", "{ nope", "is not valid JSON"],
  ])("keeps the last good split in force when split.json is changed to %s, and says so", (_name, broken, message) => {
    const versions = { "business-energy/v1.json": energy(1), "business-energy/v2.json": energy(2) };
    const good = read({ ...versions, "business-energy/split.json": split({ default: 1, weights: { "1": 70, "2": 30 }, plannedPerVersion: 500 }) });
    const corpus = read({ ...versions, "business-energy/split.json": broken }, good);

    expect(corpus.findings).toHaveLength(1);
    expect(corpus.findings[0]!.message).toContain(message);
    expect(corpus.findings[0]!.message).toMatch(/; visitors are still split by the last good split\.json \(v1 70%, v2 30%; default v1\) until it is fixed$/);
    expect(corpus.flows[0]).toMatchObject({ defaultVersion: 1, weights: { "1": 70, "2": 30 }, plannedPerVersion: 500, splitHeldBack: "lastGood" });

    const again = read({ ...versions, "business-energy/split.json": broken }, corpus);
    expect(again.flows[0]).toMatchObject({ defaultVersion: 1, weights: { "1": 70, "2": 30 }, splitHeldBack: "lastGood" });
    const fixed = read({ ...versions, "business-energy/split.json": split({ default: 2, weights: { "1": 50, "2": 50 } }) }, again);
    expect(fixed.findings).toEqual([]);
    expect(fixed.flows[0]).toMatchObject({ defaultVersion: 2, weights: { "1": 50, "2": 50 } });
    expect(fixed.flows[0]!.splitHeldBack).toBeUndefined();
  });

  it("treats a folder without a version file as data, and files deeper down as not its business", () => {
    const corpus = read({ "deals/home-broadband.json": "[]", "business-energy/v1.json": energy(1), "business-energy/old/v1.json": "{" });

    expect(corpus.flows.map((f) => f.id)).toEqual(["business-energy"]);
    expect(corpus.findings).toEqual([]);
  });
});
