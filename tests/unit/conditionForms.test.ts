import { describe, expect, it } from "vitest";
import { conditionHolds } from "../../engine/core/conditions";
import {
  comparisonsFor,
  conditionLogic,
  conditionLogicAll,
  describeSimple,
  fieldChoices,
  fieldShape,
  readCondition,
  type SimpleCondition,
} from "../../engine/core/conditionForms";
import type { FlowDocument } from "../../engine/core/types";
import { readFileSync } from "node:fs";

const insurance = JSON.parse(readFileSync("forms/business-insurance/v1.json", "utf8")) as FlowDocument;

describe("the condition builder's rows", () => {
  it.each([
    ["utility", "choice"],
    ["coverTypes", "list"],
    ["spend", "number"],
    ["businessAddressManual", "boolean"],
    ["numberOfSites", "text"],
  ] as const)("reads %s as a %s field", (field, shape) => {
    expect(fieldShape(field)).toBe(shape);
  });

  it("offers a tick-box field only comparisons on what is ticked", () => {
    expect(comparisonsFor("coverTypes")).toEqual(["ticked", "notTicked", "noneTicked"]);
    expect(comparisonsFor("utility")).not.toContain("ticked");
  });

  it.each<[SimpleCondition, object, Record<string, unknown>, boolean]>([
    [{ field: "utility", comparison: "is", value: "gas" }, { "==": [{ var: "utility" }, "gas"] }, { utility: "gas" }, true],
    [{ field: "utility", comparison: "isNot", value: "gas" }, { "!=": [{ var: "utility" }, "gas"] }, { utility: "gas" }, false],
    [{ field: "utility", comparison: "oneOf", value: ["gas", "both"] }, { in: [{ var: "utility" }, ["gas", "both"]] }, { utility: "both" }, true],
    [{ field: "coverTypes", comparison: "ticked", value: "buildings" }, { in: ["buildings", { var: "coverTypes" }] }, { coverTypes: ["contents", "buildings"] }, true],
    [{ field: "coverTypes", comparison: "notTicked", value: "buildings" }, { "!": { in: ["buildings", { var: "coverTypes" }] } }, { coverTypes: ["buildings"] }, false],
    [{ field: "coverTypes", comparison: "noneTicked" }, { "!": { var: "coverTypes" } }, { coverTypes: [] }, true],
    [{ field: "spend", comparison: "atLeast", value: 5000 }, { ">=": [{ var: "spend" }, 5000] }, { spend: 5000 }, true],
    [{ field: "spend", comparison: "below", value: 5000 }, { "<": [{ var: "spend" }, 5000] }, { spend: 5000 }, false],
  ])("writes %j as JSONLogic that holds as it says, and reads it back", (row, logic, answers, holds) => {
    expect(conditionLogic(row)).toEqual(logic);
    expect(conditionHolds(logic, answers as never)).toBe(holds);
    expect(readCondition(logic)).toEqual([row]);
  });

  it("joins several rows with and, and reads them back", () => {
    const rows: SimpleCondition[] = [
      { field: "utility", comparison: "is", value: "gas" },
      { field: "spend", comparison: "atLeast", value: 1000 },
    ];
    expect(readCondition(conditionLogicAll(rows))).toEqual(rows);
  });

  it.each([
    { "==": [{ var: "coverTypes" }, "buildings"] },
    { in: [{ var: "coverTypes" }, "buildings"] },
    { or: [{ "==": [{ var: "utility" }, "gas"] }] },
    { "==": [{ var: "notAField" }, "x"] },
    { ">=": [{ var: "utility" }, 3] },
  ])("leaves %j to be edited as JSON", (logic) => {
    expect(readCondition(logic)).toBeUndefined();
  });

  it("takes a field's values from the library, with the flow's words for them", () => {
    expect(fieldChoices("ownsProperty")?.map((c) => c.value)).toEqual(["owner", "tenant"]);
    const cover = fieldChoices("coverTypes", insurance);
    expect(cover?.length).toBeGreaterThan(0);
    expect(fieldChoices("coverTypes")).toBeUndefined();
    const first = cover![0]!;
    expect(describeSimple({ field: "coverTypes", comparison: "ticked", value: first.value }, insurance)).toBe(`Cover needed has ticked ${first.label}`);
  });
});
