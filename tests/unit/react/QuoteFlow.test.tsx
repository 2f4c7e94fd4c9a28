// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode } from "react";
import { describe, expect, it } from "vitest";
import { QuoteFlow } from "../../../engine/react/QuoteFlow";
import {
  answerV1UpToAddress,
  businessEnergyV1,
  fakeServices,
  nextButton,
  nextLozenge,
  pickKnownAddress,
  renderFlow,
  stepHeading,
  tapOption,
} from "./flowHarness";

const FUEL_QUESTION = "Which do you need a quote for?";
const SPEND_QUESTION = "Roughly how much does your business spend on energy each month?";
const METER_QUESTION = "Do you have a half-hourly electricity meter?";
const CONTRACT_QUESTION = "When does your current energy contract end?";

function progressPercent(): number {
  return Number(screen.getByRole("progressbar", { name: "Progress" }).getAttribute("aria-valuenow"));
}

describe("moving through a flow", () => {
  it.each([
    ["Gas", CONTRACT_QUESTION],
    ["Electricity", METER_QUESTION],
    ["Electricity and gas", METER_QUESTION],
  ])("after %s and a spend, asks: %s", async (fuel, question) => {
    const { user } = renderFlow(businessEnergyV1);
    await tapOption(user, fuel);
    await tapOption(user, "£1,000 – £5,000");
    expect(stepHeading(question)).toBeTruthy();
  });

  it("moves focus to the new step's question on every step change, Back included", async () => {
    const { user } = renderFlow(businessEnergyV1);
    await tapOption(user, "Electricity");
    expect(document.activeElement).toBe(stepHeading(SPEND_QUESTION));
    await tapOption(user, "I don't know");
    expect(document.activeElement).toBe(stepHeading(METER_QUESTION));
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(document.activeElement).toBe(stepHeading(SPEND_QUESTION));
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(document.activeElement).toBe(stepHeading(FUEL_QUESTION));
  });

  it("moves focus to the question after an address is picked", async () => {
    const { user } = renderFlow(businessEnergyV1);
    await answerV1UpToAddress(user);
    expect(document.activeElement).toBe(stepHeading("What is your business address?"));
    await pickKnownAddress(user);
    expect(document.activeElement).toBe(await screen.findByRole("heading", { level: 2, name: "Where should we send your quotes?" }));
  });

  it("offers no Back on the first step", () => {
    renderFlow(businessEnergyV1);
    expect(screen.queryByRole("button", { name: "Back" })).toBeNull();
  });

  it("offers Back on the first step of a flow entered from the chooser, which returns there", async () => {
    let returned = 0;
    const { user } = renderFlow(businessEnergyV1, { onBackAtStart: () => returned++ });
    await tapOption(user, "Gas");
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(stepHeading(FUEL_QUESTION)).toBeTruthy();
    expect(returned).toBe(0);
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(returned).toBe(1);
  });

  it("goes Back to the previous step with the earlier answer still chosen", async () => {
    const { user } = renderFlow(businessEnergyV1);
    await tapOption(user, "Gas");
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(stepHeading(FUEL_QUESTION)).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>("radio", { name: "Gas" }).checked).toBe(true);
    expect(screen.queryByRole("button", { name: "Back" })).toBeNull();
  });

  it("shows the Next lozenge once a step has an answer, and it moves on", async () => {
    const { user } = renderFlow(businessEnergyV1);
    expect(nextLozenge()).toBeUndefined();
    await tapOption(user, "Gas");
    expect(nextLozenge()).toBeUndefined();
    await user.click(screen.getByRole("button", { name: "Back" }));
    const lozenge = nextLozenge();
    expect(lozenge).toBeDefined();
    await user.click(lozenge!);
    expect(stepHeading(SPEND_QUESTION)).toBeTruthy();
  });

  it("starts the progress bar at 0 and raises it with each step completed", async () => {
    const { user } = renderFlow(businessEnergyV1);
    const seen = [progressPercent()];
    for (const label of ["Electricity", "Under £1,000", "No", "It has already ended", "Octopus Energy"]) {
      await tapOption(user, label);
      seen.push(progressPercent());
    }
    expect(seen[0]).toBe(0);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]!);
    expect(seen.at(-1)).toBeLessThan(100);
  });

  it("lowers the progress bar again on Back", async () => {
    const { user } = renderFlow(businessEnergyV1);
    await tapOption(user, "Electricity");
    const afterOne = progressPercent();
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(progressPercent()).toBe(0);
    await user.click(nextButton());
    expect(progressPercent()).toBe(afterOne);
  });
});

describe("the steps it reports", () => {
  it("reports each step shown once, even where React runs effects twice (development's strict mode)", async () => {
    const events: string[] = [];
    const user = userEvent.setup();
    render(
      <StrictMode>
        <QuoteFlow flow={businessEnergyV1} services={fakeServices()} onEvent={(event) => event.type === "step" && events.push(event.stepId)} />
      </StrictMode>,
    );
    await tapOption(user, "Gas");

    expect(events).toEqual(["utility", "spend"]);
  });
});
