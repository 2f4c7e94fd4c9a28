/**
 * docs/analysts.md's section "The flow studio", read so that a test does what it says: its values, and the file the
 * page's JSON sections describe for the same version, built from v1.json as a careful person would write it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";

const repoRoot = path.resolve(import.meta.dirname, "../..");
const doc = readFileSync(path.join(repoRoot, "docs/analysts.md"), "utf8");

/** The conditions cookbook, whose table says how the studio's condition builder draws each condition. */
export const cookbook = doc.slice(doc.indexOf("### Conditions cookbook"), doc.indexOf("## 4."));

/** The studio's section, from its heading to the next section's. */
export const studioSection = doc.slice(doc.indexOf("## The flow studio"), doc.indexOf("## 2. Make a version"));
/** The section as one line, so a phrase wrapped over two lines is found. */
const flat = studioSection.replace(/\s+/g, " ");

/** A word of the studio's own that the section shows in bold: the test presses or reads exactly that. */
export function ui(words: string): string {
  expect(flat, `the section names **${words}**`).toContain(`**${words}**`);
  return words;
}

/** A phrase the section quotes from the studio: the test expects exactly that on the page. */
export function quoted(words: string): string {
  expect(flat, `the section quotes "${words}"`).toContain(`"${words}"`);
  return words;
}

function one(pattern: RegExp, what: string): RegExpExecArray {
  const match = pattern.exec(studioSection);
  if (!match) throw new Error(`the studio section no longer says ${what}`);
  return match;
}

/** What the section does, in its order. */
export const studioSteps = {
  flow: one(/Choose \*\*([\w-]+)\*\*\.\n/, "which flow to open")[1]!,
  description: one(/\*\*Description\*\*: "([^"]+)"/, "the description to type")[1]!,
  weights: Object.fromEntries([...studioSection.matchAll(/\*\*Weight of v(\d+) \(%\)\*\* to (\d+)/g)].map((m) => [m[1]!, Number(m[2])])),
  control: Number(one(/\*\*Control \(the default version\)\*\* at v(\d+)/, "the control")[1]),
  firstStep: one(/In \*\*First step\*\*, under the list of steps, choose `([\w-]+)`/, "the first step")[1]!,
  nextChanges: [...studioSection.matchAll(/Choose \*\*([\w-]+)\*\* in the list of \*\*Steps\*\*[^`]*?set (?:its )?\*\*Next step\*\* to `([\w-]+)`/g)].map((m) => ({ step: m[1]!, to: m[2]! })),
  /** The findings' counts after each change, as the section gives them. */
  counts: [...studioSection.matchAll(/says (\d+ errors?, \d+ warnings?)/g)].map((m) => m[1]!),
  tryAddress: one(/Open `(\/quote\/[\w-]+\/\?v=\d+)`/, "the address to try")[1]!,
  firstQuestion: one(/it starts with "([^"]+)"/, "the first question")[1]!,
};

/** The JSON sections' edits at the top of the file: "- change `"version": 1` to `"version": 2`". */
const topChanges = [...doc.matchAll(/^- change `"(\w+)": ([^`]+)` to\s+`"\1": ([^`]+)`/gm)].map((m) => ({ key: m[1]!, to: JSON.parse(m[3]!) as unknown }));
/** The JSON sections' step edits: "in the step with `"id": "x"`, change `"next": "a"` to `"next": "b"`". */
const nextChanges = [...doc.matchAll(/in the step with `"id": "([\w-]+)"`, change `"next": "[\w-]+"` to `"next": "([\w-]+)"`/g)].map((m) => ({ step: m[1]!, to: m[2]! }));

/** The JSON sections' version 2, written by hand from v1.json in the repository's style. */
export function handWritten(): string {
  expect(topChanges.map((c) => c.key)).toEqual(["version", "description", "start"]);
  const file = JSON.parse(readFileSync(path.join(repoRoot, "forms/business-water/v1.json"), "utf8")) as Record<string, unknown> & { steps: Array<Record<string, unknown>> };
  for (const change of topChanges) file[change.key] = change.to;
  for (const change of nextChanges) file.steps.find((s) => s.id === change.step)!.next = change.to;
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** The studio section and the JSON sections make the same change. */
export function sameChangeAsTheJsonSections(): void {
  const top = Object.fromEntries(topChanges.map((c) => [c.key, c.to]));
  expect(studioSteps.flow).toBe("business-water");
  expect(studioSteps.description).toBe(top.description);
  expect(studioSteps.firstStep).toBe(top.start);
  expect(studioSteps.nextChanges).toEqual(nextChanges);
  expect(studioSteps.weights).toEqual({ 1: 50, 2: 50 });
  expect(studioSteps.counts, "the findings after the first step, and in the loop").toHaveLength(2);
  expect(studioSteps.tryAddress).toBe(`/quote/business-water/?v=${String(top.version)}`);
}
