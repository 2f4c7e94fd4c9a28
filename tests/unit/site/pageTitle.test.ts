import { describe, expect, it } from "vitest";
import { pageTitle } from "../../../site/head";

describe("the page title rule", () => {
  it.each([
    ["no title", undefined, "Acme", "Acme"],
    ["an empty title", "", "Acme", "Acme"],
    ["a short title", "Business Water", "Acme", "Business Water | Acme"],
    ["a title that fits with the brand exactly at 60 characters", "x".repeat(53), "Acme", `${"x".repeat(53)} | Acme`],
    ["a title one character too long for the brand", "x".repeat(54), "Acme", "x".repeat(54)],
    ["a title longer than 60 characters on its own", "y".repeat(70), "Acme", "y".repeat(70)],
  ])("gives %s as expected", (_case, title, brand, expected) => {
    const result = pageTitle(title, brand);
    expect(result).toBe(expected);
    if (result.endsWith(` | ${brand}`)) expect(result.length).toBeLessThanOrEqual(60);
  });

  it("uses the configured brand by default", () => {
    expect(pageTitle(undefined)).toBe("SwitchPlan");
    expect(pageTitle("Privacy Policy")).toBe("Privacy Policy | SwitchPlan");
  });
});
