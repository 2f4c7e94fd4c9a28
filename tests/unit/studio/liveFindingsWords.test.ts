/**
 * Every finding the live studio can show, read as an analyst reads it: a real flow (home insurance v1, and its
 * traffic) broken many ways, checked as the live studio checks a draft (and as a publish walks it), each finding
 * in the studio's words. None may name a file (forms/…, v2.json), a schema or its paths, or a command to run; each
 * names what the analyst sees (a step, its question, a field's label, a box) and what to do there.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Finding } from "../../../engine/core/findings";
import { servedFlow } from "../../../engine/core/flowCorpus";
import { pathFindings } from "../../../engine/core/flowPaths";
import { readFormsFolder } from "../../../engine/node/formsFolder";
import { createSchemaCheck } from "../../../engine/node/validation";
import { inStudioWords } from "../../../engine/studio/studioWords";
import { draftCorpus, flowFindings } from "../../../server/studio/flowFolder";
import { repoRoot } from "../../fixtures/forms";

const check = createSchemaCheck();
const listing = readFormsFolder(path.join(repoRoot, "forms"));
const FLOW = "home-insurance";
const v1 = JSON.parse(readFileSync(path.join(repoRoot, "forms", FLOW, "v1.json"), "utf8")) as { steps: Array<Record<string, unknown>> } & Record<string, unknown>;

type Doc = typeof v1;
/** v1 as a v2 draft, with `edit` made to it (steps by id). */
function draft(edit: (doc: Doc, step: (id: string) => Record<string, unknown>) => void): Doc {
  const doc = structuredClone(v1);
  doc.version = 2;
  edit(doc, (id) => doc.steps.find((s) => s.id === id)!);
  return doc;
}

/** The findings the live studio shows for these drafts (name → document), with a publish's walk when it gets that far. */
function shown(drafts: Record<string, unknown>): Finding[] {
  const texts = Object.fromEntries(Object.entries(drafts).map(([name, doc]) => [name, typeof doc === "string" ? doc : JSON.stringify(doc, null, 2)]));
  const corpus = draftCorpus(listing, FLOW, texts, check);
  const findings = flowFindings(corpus, FLOW);
  const flow = servedFlow(corpus, FLOW, 2);
  const walked = flow && !findings.some((f) => f.severity === "error") ? pathFindings(flow, `forms/${FLOW}/v2.json`, check) : [];
  return [...findings, ...walked].map(inStudioWords);
}

const breakages: Record<string, Record<string, unknown>> = {
  "a condition on an unknown field": { "v2.json": draft((_d, s) => (s("cover").next = [{ when: { "==": [{ var: "nosuchField" }, "x"] }, to: "property" }, { to: "bedrooms" }])) },
  "a next naming no step": { "v2.json": draft((_d, s) => (s("property").next = "nowhere")) },
  "a step with no next": { "v2.json": draft((_d, s) => delete s("bedrooms").next) },
  "a missing step": { "v2.json": draft((d) => (d.steps = d.steps.filter((s) => s.id !== "renewal"))) },
  "a duplicate step": { "v2.json": draft((d) => d.steps.splice(1, 0, structuredClone(d.steps[1]!))) },
  "an option without words": { "v2.json": draft((_d, s) => ((s("property").options as Array<Record<string, unknown>>)[0]!.label = "")) },
  "two options with one value": { "v2.json": draft((_d, s) => ((s("property").options as Array<Record<string, unknown>>)[1]!.value = (s("property").options as Array<Record<string, unknown>>)[0]!.value)) },
  "an unknown kind of step": { "v2.json": draft((_d, s) => (s("property").kind = "slider")) },
  "an unknown field on a step": { "v2.json": draft((_d, s) => (s("property").field = "nosuchField")) },
  "an unknown property": { "v2.json": draft((_d, s) => (s("property").colour = "red")) },
  "a question missing": { "v2.json": draft((_d, s) => delete s("property").question) },
  "the start naming no step": { "v2.json": draft((d) => (d.start = "nowhere")) },
  "a sending step without contact fields": { "v2.json": draft((_d, s) => (s("contact").fields = ["customerName"])) },
  "no sending step": { "v2.json": draft((_d, s) => (s("contact").submit = false)) },
  "a last rule with a condition": { "v2.json": draft((_d, s) => (s("cover").next = [{ when: { in: ["buildings", { var: "coverTypes" }] }, to: "property" }])) },
  "a wrong version number": { "v2.json": draft((d) => (d.version = 7)) },
  "a wrong id": { "v2.json": draft((d) => (d.id = "home-insurances")) },
  "a step no way reaches": { "v2.json": draft((d, s) => {
    s("cover").next = "bedrooms";
    void d;
  }) },
  "not JSON at all": { "v2.json": "{ this is not json" },
  "weights not adding up": { "v2.json": draft(() => undefined), "split.json": { default: 1, weights: { "1": 60, "2": 30 } } },
  "a weight for a version that does not exist": { "split.json": { default: 1, weights: { "1": 50, "9": 50 } } },
  "a control that does not exist": { "split.json": { default: 9, weights: { "1": 100 } } },
  "a weight out of bounds": { "v2.json": draft(() => undefined), "split.json": { default: 1, weights: { "1": 110, "2": -10 } } },
  "a split with an unknown property": { "split.json": { default: 1, weights: { "1": 100 }, colour: "red" } },
  "a split that is not JSON": { "split.json": "{ nope" },
};

/** What an analyst must never be told: a file, a schema or its paths, a command. */
const DEVELOPER_WORDS: ReadonlyArray<[string, RegExp]> = [
  ["a file path", /\bforms\/|\.json\b|\bsplit\.json\b/],
  ["a schema path", /\bschemas?\/|\$schema|#\/|\/steps\/\d|\/weights\/|\bmust have required property\b|\badditional properties\b|\bmust NOT have\b/i],
  ["a command", /\bnpm (run|start)\b|\bnpx\b|forms:check/],
  ["a JSON property name in quotes", /"(submit|next|start|when|to|kind|field|fields|options|weights|default|version|id)":/],
  ["a place in the JSON", /\w\[\d+\]|\ballowed here:|\bneeded here:|\bsplit\b|\bdefault version\b/],
];

describe("every finding the live studio can show is in the analyst's words", () => {
  it.each(Object.entries(breakages))("%s", (_name, drafts) => {
    const findings = shown(drafts);
    expect(findings.length, "the breakage is found").toBeGreaterThan(0);
    for (const finding of findings) {
      const words = `${finding.message} — Fix: ${finding.fix}`;
      for (const [what, pattern] of DEVELOPER_WORDS) expect(words, `${finding.rule} names ${what}`).not.toMatch(pattern);
    }
  });
});
