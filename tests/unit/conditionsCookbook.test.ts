/**
 * docs/analysts.md's conditions cookbook: each row's JSON is a condition the linter accepts on a field of the right
 * type, and reads in the condition builder as the row draws it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { comparisonWords, fieldChoices, readCondition } from "../../engine/core/conditionForms";
import { conditionFindings } from "../../engine/core/conditionRules";
import { fieldLabel } from "../../engine/core/fieldLibrary";
import { lintFlow } from "../../engine/core/lintFlow";
import type { FlowDocument } from "../../engine/core/types";
import { createSchemaCheck } from "../../engine/node/validation";
import { loadFlow, repoRoot } from "../fixtures/forms";

const check = createSchemaCheck();
const doc = readFileSync(path.join(repoRoot, "docs/analysts.md"), "utf8");
const section = doc.slice(doc.indexOf("### Conditions cookbook"), doc.indexOf("## 4."));
/** The cookbook table's rows: what the analyst means, what the studio draws (and the flow its words are from), the JSON. */
const rows = [...section.matchAll(/^\| ([^|]+) \| ([^|]+?)(?: \(([a-z-]+)\))? \| `(.+)` \|$/gm)].map((m) => ({ meaning: m[1]!, drawn: m[2]!, flowId: m[3], json: m[4]! }));

describe("the conditions cookbook", () => {
  it("has the conditions analysts need most", () => {
    expect(rows.map((r) => r.meaning)).toEqual(["is", "is not", "one of", "a ticked box", "a box not ticked", "none ticked", "a number at least"]);
  });

  describe.each(rows)("$meaning: $json", ({ drawn, flowId, json }) => {
    const condition = JSON.parse(json) as object;
    const flow: FlowDocument = loadFlow(flowId ?? "business-energy", 1);

    it("reads in the condition builder as the row draws it", () => {
      const [row, ...more] = readCondition(condition) ?? [];
      expect(more).toEqual([]);
      const labels = fieldChoices(row!.field, flow);
      const word = (v: unknown) => labels?.find((c) => c.value === v)?.label ?? String(v);
      const value = row!.value === undefined ? [] : [Array.isArray(row!.value) ? row!.value.map(word).join(" or ") : word(row!.value)];
      expect([fieldLabel(row!.field), comparisonWords[row!.comparison], ...value].join(" · ")).toBe(drawn);
    });

    it("is accepted by the linter on the step that asks its field", () => {
      expect(conditionFindings(condition, flow, check)).toEqual([]);
      const field = readCondition(condition)![0]!.field;
      const asking = flow.steps.find((s) => "field" in s && s.field === field);
      if (!asking) return;
      const withRule = structuredClone(flow);
      const step = withRule.steps.find((s) => s.id === asking.id) as { next: string | Array<{ when?: object; to: unknown }> };
      const otherwise = typeof step.next === "string" ? [{ to: step.next }] : step.next;
      step.next = [{ when: condition, to: otherwise.at(-1)!.to }, ...otherwise];
      expect(lintFlow(withRule, `forms/${flow.id}/v1.json`, check)).toEqual([]);
    });
  });
});
