// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { LeadResponse } from "../../../engine/react/types";
import {
  V1_CONTACT_QUESTION,
  errorSummary,
  expectedV1Lead,
  fakeServices,
  fillContactDetails,
  nextButton,
  renderV1AtContactStep,
  stepHeading,
  summaryMessages,
  type LeadAnswer,
} from "./flowHarness";

const SUCCESS_MESSAGE = "No need to do anything else – we'll be in touch shortly.";
const SUBMIT_FAILED = "Something has gone wrong. Please try again.";

/** Walks v1 to the contact step, fills in valid details and presses "Get my quotes". */
async function sendLead(leadResponse: LeadAnswer | LeadAnswer[]) {
  const rendered = await renderV1AtContactStep(fakeServices({ leadResponse }));
  await fillContactDetails(rendered.user);
  await rendered.user.click(screen.getByRole("button", { name: "Get my quotes" }));
  return rendered;
}

describe("the server's answer to a lead", () => {
  it.each<[string, LeadResponse]>([
    ["success", { code: "1", leadId: "x" }],
    ["a duplicate", { code: "2", leadId: "x" }],
    ["a buyer-specific success", { code: "5", leadId: "x" }],
  ])("shows the success step after %s", async (_name, response) => {
    await sendLead(response);
    expect(await screen.findByText(SUCCESS_MESSAGE)).toBeTruthy();
  });

  it("says a test-mode lead will not reach a partner", async () => {
    await sendLead({ code: "99", leadId: "x" });
    expect(await screen.findByText("Test mode: this lead was stored as a test and will not be sent to a partner.")).toBeTruthy();
  });

  it("keeps the visitor on the contact step with the server's message about a field of it", async () => {
    const message = "This phone number cannot take calls";
    await sendLead({ code: "3", errors: [{ field: "phone", step: "contact", message }] });
    expect(await screen.findByRole("link", { name: message })).toBeTruthy();
    expect(summaryMessages()).toEqual([message]);
    expect(document.activeElement).toBe(errorSummary());
    expect(stepHeading(V1_CONTACT_QUESTION)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Get my quotes" }).disabled).toBe(false);
  });

  it("takes the visitor back to an earlier step the server found a problem with, with its message", async () => {
    const message = "Please choose which fuel you need";
    await sendLead({ code: "3", errors: [{ field: "utility", step: "utility", message }] });
    expect(await screen.findByRole("heading", { level: 2, name: "Which do you need a quote for?" })).toBeTruthy();
    expect(summaryMessages()).toEqual([message]);
    expect(document.activeElement).toBe(errorSummary());
    expect(screen.getByRole<HTMLInputElement>("radio", { name: "Electricity" }).checked).toBe(true);
  });

  it("keeps every answer when sent back to an earlier step, so the lead can be sent again", async () => {
    const { user, services } = await sendLead([
      { code: "3", errors: [{ field: "utility", step: "utility", message: "Please choose which fuel you need" }] },
      { code: "1", leadId: "x" },
    ]);
    await screen.findByRole("heading", { level: 2, name: "Which do you need a quote for?" });
    for (let i = 0; i < 5; i++) await user.click(nextButton());
    expect(await screen.findByLabelText<HTMLSelectElement>("Select your address")).toHaveProperty("value", "addr-1");
    await user.click(nextButton());
    await user.click(await screen.findByRole("button", { name: "Get my quotes" }));
    expect(await screen.findByText(SUCCESS_MESSAGE)).toBeTruthy();
    expect(services.leads).toEqual([expectedV1Lead, expectedV1Lead]);
  });

  it("says something has gone wrong when the lead cannot be sent", async () => {
    await sendLead("network-error");
    expect(await screen.findByText(SUBMIT_FAILED)).toBeTruthy();
    expect(summaryMessages()).toEqual([SUBMIT_FAILED]);
    expect(stepHeading(V1_CONTACT_QUESTION)).toBeTruthy();
  });

  it.each<[string, LeadResponse, string]>([
    ["a failure without a message", { code: "4" }, SUBMIT_FAILED],
    ["a failure with a message", { code: "4", message: "We could not pass your details on" }, "We could not pass your details on"],
  ])("keeps the visitor on the contact step after %s", async (_name, response, shown) => {
    await sendLead(response);
    expect(await screen.findByText(shown)).toBeTruthy();
    expect(stepHeading(V1_CONTACT_QUESTION)).toBeTruthy();
  });

  it("lets the visitor try again after a failure", async () => {
    const { user, services } = await sendLead(["network-error", { code: "1", leadId: "x" }]);
    await screen.findByText(SUBMIT_FAILED);
    await user.click(screen.getByRole("button", { name: "Get my quotes" }));
    expect(await screen.findByText(SUCCESS_MESSAGE)).toBeTruthy();
    expect(services.leads).toHaveLength(2);
  });
});
