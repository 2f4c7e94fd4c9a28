import { cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAjv } from "../../engine/core/createAjv";
import { buildServer } from "../../server/buildServer";
import { loadConfig, repoRoot } from "../../server/config";
import { loadFlowCatalog } from "../../server/flowCatalog";
import { makeTempDir, removeTempDir } from "./testServer";

let dir: string;
let formsDir: string;
beforeEach(async () => {
  dir = await makeTempDir("switchplan-forms-");
  formsDir = path.join(dir, "forms");
  await cp(path.join(repoRoot, "forms"), formsDir, { recursive: true });
});
afterEach(async () => {
  await removeTempDir(dir);
});

const v1File = () => path.join(formsDir, "business-energy", "v1.json");

async function editJson(file: string, edit: (doc: Record<string, unknown>) => void): Promise<void> {
  const doc = JSON.parse(await readFile(file, "utf8"));
  edit(doc);
  await writeFile(file, JSON.stringify(doc, null, 2));
}

function start() {
  return buildServer({ config: loadConfig({ FORMS_DIR: formsDir, DATA_DIR: path.join(dir, "data") }), logger: false });
}

describe("loading the quote forms at start", () => {
  it("refuses to start when a step leads to a step that does not exist, naming the file and step", async () => {
    await editJson(v1File(), (doc) => {
      const meter = (doc.steps as Array<Record<string, unknown>>).find((s) => s.id === "meter")!;
      meter.next = "contrakt";
    });

    await expect(start()).rejects.toThrow(`${v1File()}: step "meter": next names unknown step "contrakt"`);
  });

  it("refuses to start when a step breaks the flow schema, naming the step", async () => {
    await editJson(v1File(), (doc) => {
      const utility = (doc.steps as Array<Record<string, unknown>>).find((s) => s.id === "utility")!;
      utility.options = [];
    });

    await expect(start()).rejects.toThrow(/v1\.json: step "utility": \/steps\/0\/options/);
  });

  it("refuses to start when a file is not JSON", async () => {
    await writeFile(v1File(), "{ not json");

    await expect(start()).rejects.toThrow(`${v1File()}: not valid JSON`);
  });

  it("refuses a flow whose id differs from its folder", async () => {
    await editJson(v1File(), (doc) => {
      doc.id = "business-gas";
    });

    await expect(start()).rejects.toThrow(`${v1File()}: id "business-gas" does not match its folder "business-energy"`);
  });

  it("refuses a flow whose version differs from its file name", async () => {
    await editJson(v1File(), (doc) => {
      doc.version = 3;
    });

    await expect(start()).rejects.toThrow(`${v1File()}: version 3 does not match its file name v1.json`);
  });

  it("refuses a split that sends traffic to a version that does not exist", async () => {
    const split = path.join(formsDir, "business-energy", "split.json");
    await writeFile(split, JSON.stringify({ default: 1, weights: { "1": 50, "9": 50 } }));

    await expect(start()).rejects.toThrow(`${split}: weights name missing version v9.json`);
  });

  it("refuses a step that continues into a quote form that does not exist", async () => {
    await editJson(v1File(), (doc) => {
      const contact = (doc.steps as Array<Record<string, unknown>>).find((s) => s.id === "contact")!;
      contact.next = [{ to: { flow: "business-coal" } }];
    });

    await expect(start()).rejects.toThrow(`step "contact": next names unknown flow "business-coal"`);
  });
});

describe("the flow catalog", () => {
  it("gives each flow's default version from split.json", async () => {
    await writeFile(path.join(formsDir, "business-energy", "split.json"), JSON.stringify({ default: 2, weights: { "1": 0, "2": 100 } }));

    const flows = await loadFlowCatalog(formsDir, createAjv());

    expect(flows.defaultVersion("business-energy")).toBe(2);
    expect(flows.getFlow("business-energy", 2)?.start).toBe("address");
    expect(flows.getFlow("business-energy", 9)).toBeUndefined();
    expect(flows.defaultVersion("business-coal")).toBeUndefined();
  });

  it("falls back to the lowest version when a flow has no split.json", async () => {
    await rm(path.join(formsDir, "business-energy", "split.json"));

    const flows = await loadFlowCatalog(formsDir, createAjv());

    expect(flows.defaultVersion("business-energy")).toBe(1);
  });

  it("treats folders without versions as data, not flows", async () => {
    await mkdir(path.join(formsDir, "deals"), { recursive: true });
    await writeFile(path.join(formsDir, "deals", "broadband.json"), "[]");

    const flows = await loadFlowCatalog(formsDir, createAjv());

    expect(flows.defaultVersion("deals")).toBeUndefined();
  });
});
