// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  KNOWN_POSTCODE,
  businessEnergyV2,
  contactDetails,
  fillContactDetails,
  findField,
  knownAddresses,
  nextButton,
  nextLozenge,
  pickKnownAddress,
  renderFlow,
  stepHeading,
  summaryMessages,
  tapOption,
  type Visitor,
} from "./flowHarness";

const BUSINESS_QUESTION = "What is your business called?";
const CONTACT_QUESTION = "Who should the quotes go to?";

/** From v2's start: a picked address, then an electricity customer's answers up to the business name. */
async function walkToBusinessName(user: Visitor): Promise<void> {
  await pickKnownAddress(user);
  for (const label of ["Electricity", "Under £1,000", "No", "In the next 3 months", "EDF"]) await tapOption(user, label);
  await screen.findByRole("heading", { level: 2, name: BUSINESS_QUESTION });
}

describe("business energy v2", () => {
  it("starts by asking where the business is, with a postcode search and no Back", () => {
    renderFlow(businessEnergyV2);
    expect(stepHeading("Where is your business?")).toBeTruthy();
    expect(screen.getByLabelText("Postcode")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Find address" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Back" })).toBeNull();
    expect(screen.getByRole("progressbar", { name: "Progress" }).getAttribute("aria-valuetext")).toBe("Step 1 of 8");
  });

  it("asks for the fuel once the address is picked", async () => {
    const { user } = renderFlow(businessEnergyV2);
    await pickKnownAddress(user);
    expect(stepHeading("Which do you need a quote for?")).toBeTruthy();
  });

  it("asks the business name on a step of its own, then the contact details without it", async () => {
    const { user } = renderFlow(businessEnergyV2);
    await walkToBusinessName(user);
    expect(await findField("Business name")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: /^Full name/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Get my quotes" })).toBeNull();

    await user.type(await findField("Business name"), contactDetails.businessName);
    await user.click(nextButton());
    expect(await screen.findByRole("heading", { level: 2, name: CONTACT_QUESTION })).toBeTruthy();
    expect(await findField("Full name")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: /^Business name/ })).toBeNull();
  });

  it("requires the business name before moving on", async () => {
    const { user } = renderFlow(businessEnergyV2);
    await walkToBusinessName(user);
    await findField("Business name");
    await user.click(nextButton());
    expect(summaryMessages()).toEqual(["Business name is required"]);
    expect(stepHeading(BUSINESS_QUESTION)).toBeTruthy();
  });

  it("keeps what was typed when the visitor goes Back and forward again", async () => {
    const { user } = renderFlow(businessEnergyV2);
    await walkToBusinessName(user);
    await user.type(await findField("Business name"), contactDetails.businessName);
    await user.click(nextButton());
    await user.type(await findField("Full name"), contactDetails.customerName);

    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(document.activeElement).toBe(stepHeading(BUSINESS_QUESTION));
    expect(await findField("Business name")).toHaveProperty("value", contactDetails.businessName);
    await user.click(nextLozenge()!);
    expect(await findField("Full name")).toHaveProperty("value", contactDetails.customerName);
  });

  it("sends the business name with the contact details and every earlier answer", async () => {
    const { user, services } = renderFlow(businessEnergyV2);
    await walkToBusinessName(user);
    await fillContactDetails(user);
    await user.click(nextButton());
    await screen.findByRole("heading", { level: 2, name: CONTACT_QUESTION });
    await fillContactDetails(user);
    await user.click(screen.getByRole("button", { name: "Get my quotes" }));
    expect(await screen.findByText("No need to do anything else – we'll be in touch shortly.")).toBeTruthy();
    expect(services.leads).toEqual([
      {
        businessAddressManual: false,
        businessAddress: knownAddresses[0],
        street: "1 Park Row",
        townCity: "Leeds",
        postcode: KNOWN_POSTCODE,
        utility: "electricity",
        spendString: "below1000",
        hasHalfHourlyMeter: "no",
        contractExpiry: "within3Months",
        currentSupplier: "edf",
        ...contactDetails,
      },
    ]);
  });
});
