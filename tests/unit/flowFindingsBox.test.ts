/** The words of the live preview's box of flow findings: a count in words, what the page shows meanwhile, each error. */
import { describe, expect, it } from "vitest";
import type { Finding } from "../../engine/core/findings";
import { findingsBox } from "../../site/build/flowFindingsBox";

const finding = (file: string, severity: Finding["severity"] = "error", step?: string): Finding => ({
  severity,
  rule: "unknown-step",
  file,
  ...(step ? { step } : {}),
  message: 'next names unknown step "adress"',
  fix: 'did you mean "address"?',
});
const corpus = (findings: Finding[]) => ({ root: "forms", flows: [], findings });

describe("the live preview's box of flow findings", () => {
  it("is not shown while there are only warnings", () => {
    expect(findingsBox(corpus([finding("forms/business-water/v2.json", "warning")]))).toBeUndefined();
  });

  it("names the flow and counts one error in words, with its file, step, message and fix", () => {
    expect(findingsBox(corpus([finding("forms/business-water/v2.json", "error", "supplier"), finding("forms/business-water/v2.json", "warning")]))).toEqual({
      heading: "business-water has 1 error",
      note: "Until it is fixed, the page shows the last good version of business-water; this box goes when you save the fix.",
      findings: [{ file: "forms/business-water/v2.json", step: "supplier", message: 'next names unknown step "adress"', rule: "unknown-step", fix: 'did you mean "address"?' }],
    });
  });

  it("speaks of the quote flows when the errors are in several", () => {
    const box = findingsBox(corpus([finding("forms/business-water/v2.json"), finding("forms/business-energy/split.json")]))!;
    expect([box.heading, box.note]).toEqual(["The quote flows have 2 errors", "Until they are fixed, the page shows the last good version of each flow; this box goes when you save the fix."]);
  });
});
