import { describe, expect, it } from "vitest";
import { lintFlow } from "../../../engine/core/lintFlow";
import { readSplit } from "../../../engine/core/trafficSplit";
import type { FlowDocument } from "../../../engine/core/types";
import { createSchemaCheck } from "../../../engine/node/validation";
import { inStudioWords } from "../../../engine/studio/studioWords";
import { loadFlow } from "../../fixtures/forms";

const check = createSchemaCheck();

describe("findings in the studio's words", () => {
  it('name the "Sends the lead" checkbox, never "submit": true', () => {
    const water = loadFlow("business-water", 1);
    const unsent: FlowDocument = { ...water, steps: water.steps.map((s) => (s.id === "contact" ? { ...s, submit: false } : s)) } as FlowDocument;

    const found = lintFlow(unsent, "forms/business-water/v1.json", check).find((f) => f.rule === "no-submit")!;
    const shown = inStudioWords(found);

    expect(found.fix).toContain('"submit": true');
    expect(shown.fix).toBe('tick "Sends the lead" on the contact step on this path');
    expect(`${shown.message} ${shown.fix}`).not.toContain('"submit"');
  });

  it("name a weight by its box, never by the split's schema path", () => {
    const { findings } = readSplit(check, { default: 1, weights: { "1": 110, "2": -10 } }, "forms/x/split.json", [1, 2]);

    const shown = findings.map(inStudioWords).map((f) => [f.message, f.fix]);

    expect(shown).toEqual([
      ["the weight of v1 must be 100% or less", 'set "Weight of v1 (%)" between 0 and 100'],
      ["the weight of v2 must be 0% or more", 'set "Weight of v2 (%)" between 0 and 100'],
    ]);
  });
});
