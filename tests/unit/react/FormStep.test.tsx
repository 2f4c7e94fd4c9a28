// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { LeadResponse } from "../../../engine/react/types";
import {
  contactDetails,
  descriptionOf,
  errorSummary,
  expectedV1Lead,
  fakeServices,
  fillContactDetails,
  findField,
  renderV1AtContactStep,
  summaryMessages,
} from "./flowHarness";

const PHONE_MESSAGE = "Please enter a valid UK phone number so we can contact you with a quote";
const SUCCESS_MESSAGE = "No need to do anything else – we'll be in touch shortly.";

function submitButton(): Promise<HTMLElement> {
  return screen.findByRole("button", { name: "Get my quotes" });
}

describe("the contact details form", () => {
  it("labels its submit button “Get my quotes” and offers no Next", async () => {
    await renderV1AtContactStep();
    expect(await submitButton()).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Next" })).toBeNull();
  });

  it("lists every empty field in the summary, in the order of the form, and moves focus there", async () => {
    const { user, services } = await renderV1AtContactStep();
    await user.click(await submitButton());
    expect(summaryMessages()).toEqual(["Business name is required", "Full name is required", "Phone number is required", "Email is required"]);
    expect(document.activeElement).toBe(errorSummary());
    expect(services.leads).toEqual([]);
  });

  it("rejects a phone number that is not a UK one, under the field and in the summary", async () => {
    const { user, services } = await renderV1AtContactStep();
    await fillContactDetails(user, { phone: "123" });
    await user.click(await submitButton());
    expect(summaryMessages()).toEqual([PHONE_MESSAGE]);
    expect(descriptionOf(await findField("Phone number"))).toBe(`Error: ${PHONE_MESSAGE}`);
    expect(services.leads).toEqual([]);
  });

  it("rejects an email address that is not one, under the field and in the summary", async () => {
    const { user } = await renderV1AtContactStep();
    await fillContactDetails(user, { email: "x" });
    await user.click(await submitButton());
    expect(summaryMessages()).toEqual(["Email is invalid"]);
    expect(descriptionOf(await findField("Email"))).toBe("Error: Email is invalid");
  });

  it("moves focus to a field when its message in the summary is followed", async () => {
    const { user } = await renderV1AtContactStep();
    await user.click(await submitButton());
    await user.click(within(errorSummary()).getByRole("link", { name: "Phone number is required" }));
    expect(document.activeElement).toBe(await findField("Phone number"));
  });

  it("sends the lead once, with every answer, and says what happens next", async () => {
    const { user, services } = await renderV1AtContactStep();
    await fillContactDetails(user);
    await user.click(await submitButton());
    expect(await screen.findByRole("heading", { level: 2, name: SUCCESS_MESSAGE })).toBeTruthy();
    expect(services.leads).toEqual([expectedV1Lead]);
  });

  it("sends when each step on the way was answered, in the order they were answered", async () => {
    const { user, services } = await renderV1AtContactStep();
    await fillContactDetails(user);
    await user.click(await submitButton());
    await screen.findByText(SUCCESS_MESSAGE);
    const [answeredAt] = services.answeredAt;
    const steps = Object.entries(answeredAt!).sort(([, a], [, b]) => a - b).map(([id]) => id);
    expect(steps).toEqual(["utility", "spend", "meter", "contract", "supplier", "address", "contact"]);
  });

  it("sends the details without the spaces around them", async () => {
    const { user, services } = await renderV1AtContactStep();
    await fillContactDetails(user, { businessName: `  ${contactDetails.businessName} `, email: ` ${contactDetails.email}` });
    await user.click(await submitButton());
    await screen.findByText(SUCCESS_MESSAGE);
    expect(services.leads).toEqual([expectedV1Lead]);
  });

  it("shows the lead is on its way and sends it only once, however often the button is pressed", async () => {
    let answer: (response: LeadResponse) => void = () => {};
    const services = fakeServices({ leadResponse: new Promise<LeadResponse>((resolve) => (answer = resolve)) });
    const { user } = await renderV1AtContactStep(services);
    await fillContactDetails(user);
    const button = await submitButton();
    await user.dblClick(button);
    expect(button.textContent).toBe("Sending…");
    expect((button as HTMLButtonElement).disabled).toBe(true);
    answer({ code: "1", leadId: "x" });
    expect(await screen.findByText(SUCCESS_MESSAGE)).toBeTruthy();
    expect(services.leads).toHaveLength(1);
  });

  it("shows neither Back nor progress once the lead is in", async () => {
    const { user } = await renderV1AtContactStep();
    await fillContactDetails(user);
    await user.click(await submitButton());
    await screen.findByText(SUCCESS_MESSAGE);
    expect(screen.queryByRole("button", { name: "Back" })).toBeNull();
    expect(screen.queryByRole("progressbar")).toBeNull();
  });
});
