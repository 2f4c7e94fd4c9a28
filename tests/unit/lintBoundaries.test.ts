/**
 * The boundaries `npm run lint` keeps (eslint.config.js): engine/core and engine/studio are pure, the site's runtime
 * code takes nothing from the Vite plugins, the server takes nothing from site/, scripts take nothing from tests/.
 * Each is tried with code that crosses it.
 */
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../fixtures/forms";

const eslint = new ESLint({ cwd: repoRoot });
const boundaryRules = new Set(["no-restricted-imports", "no-restricted-syntax", "no-restricted-globals", "no-restricted-properties"]);

/** The boundary rules a snippet breaks (and any parse error), linted as if it were the given file. */
async function broken(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath: path.join(repoRoot, file) });
  return result!.messages.flatMap((m) => (m.ruleId === null ? [m.message] : boundaryRules.has(m.ruleId) ? [m.ruleId] : []));
}

describe("engine/core", () => {
  it.each([
    ['import { useState } from "react";', "no-restricted-imports"],
    ['import { createRoot } from "react-dom/client";', "no-restricted-imports"],
    ['import { readFileSync } from "node:fs";', "no-restricted-imports"],
    ['import { layout } from "../../site/layout/SiteLayout";', "no-restricted-imports"],
    ['export { buildServer } from "../../server/buildServer";', "no-restricted-imports"],
    ['export const step = await import("../react/steps/RadioStep");', "no-restricted-syntax"],
    ['export const answers = localStorage.getItem("answers");', "no-restricted-globals"],
    ["export const title = document.title;", "no-restricted-globals"],
    ["export const width = window.innerWidth;", "no-restricted-globals"],
    ['export const res = await fetch("/api/leads");', "no-restricted-globals"],
    ['export const res = await globalThis.fetch("/api/leads");', "no-restricted-properties"],
  ])("refuses %j", async (source, rule) => {
    expect(await broken("engine/core/example.ts", source)).toEqual([rule]);
  });

  it.each([
    "/** Loads a flow document and checks it. */",
    'export const message = "fetch the document from the window";',
    "const doc = { title: 'x' }; export const flow = { document: doc }; export const again = flow.document;",
    'import jsonLogic from "json-logic-js"; export const apply = jsonLogic.apply;',
    'import fieldsSchema from "../../schemas/fields.schema.json"; export const fields = fieldsSchema;',
    'import { stepSchema } from "./stepSchema"; export const schema = stepSchema;',
  ])("lets %j pass", async (source) => {
    expect(await broken("engine/core/example.ts", source)).toEqual([]);
  });
});

describe("engine/studio", () => {
  it.each([
    ['import { useState } from "react";', "no-restricted-imports"],
    ['export const res = await fetch("/studio/api/flows");', "no-restricted-globals"],
    ['export const title = document.title;', "no-restricted-globals"],
  ])("refuses %j, as engine/core does", async (source, rule) => {
    expect(await broken("engine/studio/example.ts", source)).toEqual([rule]);
  });

  it("lets it build on engine/core", async () => {
    expect(await broken("engine/studio/example.ts", 'import { flowGraph } from "../core/flowGraph"; export const graph = flowGraph;')).toEqual([]);
  });
});

describe("the site's runtime code, the server and scripts", () => {
  it("refuses a site module that imports from the Vite plugins, even a type", async () => {
    expect(await broken("site/quote/example.ts", 'import type { Plugin } from "../build/formsSource"; export type P = Plugin;')).toEqual(["no-restricted-imports"]);
  });

  it("lets the plugins import the site's runtime code", async () => {
    expect(await broken("site/build/example.ts", 'import type { FlowSummary } from "../quote/flowSummary"; export type S = FlowSummary;')).toEqual([]);
  });

  it.each([
    'import { ANALYTICS_COOKIE } from "../../site/consent/consentState"; export const name = ANALYTICS_COOKIE;',
    'import type { SitePage } from "../../site/siteMap"; export type P = SitePage;',
    'export { QUOTE_CRUMB } from "../../site/quote/quoteCrumb";',
  ])("refuses a server module that imports from site/: %j", async (source) => {
    expect(await broken("server/plugins/example.ts", source)).toEqual(["no-restricted-imports"]);
  });

  it("lets the server import what it shares with the site from engine/core", async () => {
    expect(await broken("server/plugins/example.ts", 'import { quotePath } from "../../engine/core/quotePaths"; export const path = quotePath("business-energy");')).toEqual([]);
  });

  it("refuses a script that imports from tests/", async () => {
    expect(await broken("scripts/example.ts", 'import { loadFlow } from "../tests/fixtures/forms"; export const load = loadFlow;')).toEqual(["no-restricted-imports"]);
  });
});
