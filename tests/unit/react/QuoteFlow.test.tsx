// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode } from "react";
import { describe, expect, it } from "vitest";
import { STEP_FORM_ID } from "../../../engine/react/fieldIds";
import { QuoteFlow } from "../../../engine/react/QuoteFlow";
import {
  answerV1UpToAddress,
  businessEnergyV1,
  businessEnergyV2,
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

/** What the progress bar tells the visitor: "Step 2 of 6". */
function stepCountText(): string {
  return screen.getByRole("progressbar", { name: "Progress" }).getAttribute("aria-valuetext") ?? "";
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

  it("counts the steps of the likely path, shown beside the bar, one more with each step completed", async () => {
    const { user } = renderFlow(businessEnergyV1);
    const seen = [stepCountText()];
    for (const label of ["Electricity", "Under £1,000", "No", "It has already ended", "Octopus Energy"]) {
      await tapOption(user, label);
      seen.push(stepCountText());
    }
    expect(seen).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Step ${n} of 7`));
    expect(screen.getByText("Step 6 of 7")).toBeTruthy();
  });

  it("counts a step fewer for gas, which has no meter question, and one back on Back", async () => {
    const { user } = renderFlow(businessEnergyV1);
    await tapOption(user, "Gas");
    expect(stepCountText()).toBe("Step 2 of 6");
    await user.click(screen.getByRole("button", { name: "Back" }));
    await screen.findByText("Step 1 of 6");
    await user.click(nextButton());
    expect(stepCountText()).toBe("Step 2 of 6");
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

describe("a step's plain form", () => {
  it.each([
    [businessEnergyV1, "utility"],
    [businessEnergyV2, "address"],
  ])("posts, without scripts, the step it answers, the revision it was drawn from and the version it was drawn for", (flow, step) => {
    renderFlow(flow);

    const form = document.getElementById(STEP_FORM_ID) as HTMLFormElement;
    const hidden = Object.fromEntries([...new FormData(form)].filter(([name]) => name.startsWith("_")));

    expect(hidden).toEqual({ _step: step, _rev: "0", _ver: String(flow.version) });
  });
});
