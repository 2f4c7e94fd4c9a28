import { describe, expect, it } from "vitest";
import { describeCondition, flowGraph } from "../../engine/core/flowGraph";
import type { FlowDocument } from "../../engine/core/types";
import v1 from "../../forms/business-energy/v1.json";

describe("a flow's graph", () => {
  it("has a node per step and an edge per transition, with conditions in words", () => {
    const { nodes, edges } = flowGraph(v1 as FlowDocument);
    expect(nodes.map((n) => n.id)).toEqual(["utility", "spend", "meter", "contract", "supplier", "address", "contact", "done"]);
    expect(nodes.find((n) => n.submit)?.id).toBe("contact");
    expect(edges.filter((e) => e.from === "spend")).toEqual([
      { from: "spend", to: "contract", label: "utility = gas" },
      { from: "spend", to: "meter", label: "otherwise" },
    ]);
  });

  it.each([
    [{ "==": [{ var: "utility" }, "gas"] }, "utility = gas"],
    [{ "!=": [{ var: "utility" }, "gas"] }, "utility ≠ gas"],
    [{ in: ["glass", { var: "wasteTypes" }] }, "wasteTypes has glass"],
    [{ and: [{ "==": [{ var: "a" }, "x"] }, { ">=": [{ var: "b" }, 3] }] }, "a = x and b ≥ 3"],
    [{ "!": [{ var: "c" }] }, "not c"],
  ])("describes %j as %s", (logic, words) => {
    expect(describeCondition(logic)).toBe(words);
  });
});
