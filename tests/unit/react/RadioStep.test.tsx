// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { businessEnergyV1, errorSummary, nextButton, renderFlow, stepHeading, summaryMessages } from "./flowHarness";

const FUEL_QUESTION = "Which do you need a quote for?";
const SPEND_QUESTION = "Roughly how much does your business spend on energy each month?";

describe("a radio step", () => {
  it("moves on as soon as an option is tapped", async () => {
    const { user } = renderFlow(businessEnergyV1);
    await user.click(screen.getByRole("radio", { name: "Gas" }));
    expect(stepHeading(SPEND_QUESTION)).toBeTruthy();
  });

  it("lets a keyboard user choose with the arrow keys and moves on only when Next is pressed", async () => {
    const { user } = renderFlow(businessEnergyV1);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("radio", { name: "Electricity" }));
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole<HTMLInputElement>("radio", { name: "Gas" }).checked).toBe(true);
    expect(stepHeading(FUEL_QUESTION)).toBeTruthy();

    await user.tab();
    expect(document.activeElement).toBe(nextButton());
    await user.keyboard("{Enter}");
    expect(stepHeading(SPEND_QUESTION)).toBeTruthy();
  });

  it("asks for an answer in the error summary, and moves focus there, when Next is pressed with nothing chosen", async () => {
    const { user } = renderFlow(businessEnergyV1);
    await user.click(nextButton());
    expect(summaryMessages()).toEqual(["Energy type is required"]);
    expect(document.activeElement).toBe(errorSummary());
    expect(stepHeading(FUEL_QUESTION)).toBeTruthy();
  });
});
