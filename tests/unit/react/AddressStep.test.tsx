// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  V1_CONTACT_QUESTION,
  EMPTY_POSTCODE,
  FAILING_POSTCODE,
  FIRST_ADDRESS_LABEL,
  KNOWN_POSTCODE,
  answerV1UpToAddress,
  businessEnergyV1,
  businessEnergyV2,
  fillContactDetails,
  knownAddresses,
  nextButton,
  pickKnownAddress,
  renderFlow,
  stepHeading,
  summaryMessages,
  type Visitor,
} from "./flowHarness";

const AFTER_ADDRESS_QUESTION = "Which do you need a quote for?";

async function findAddressesFor(user: Visitor, postcode: string): Promise<void> {
  await user.type(screen.getByLabelText("Postcode"), postcode);
  await user.click(screen.getByRole("button", { name: "Find address" }));
}

describe("the address step", () => {
  it("lists the addresses at a known postcode to select from", async () => {
    const { user, services } = renderFlow(businessEnergyV2);
    await findAddressesFor(user, KNOWN_POSTCODE);
    const list = await screen.findByRole("combobox", { name: "Select your address" });
    const options = within(list).getAllByRole("option").map((o) => o.textContent);
    expect(options).toEqual(["2 addresses found", FIRST_ADDRESS_LABEL, "2 Park Row, Leeds, LS1 4DY"]);
    expect(services.lookups).toEqual([KNOWN_POSTCODE]);
  });

  it("says when a valid postcode has no addresses", async () => {
    const { user } = renderFlow(businessEnergyV2);
    await findAddressesFor(user, EMPTY_POSTCODE);
    expect(await screen.findByText("No addresses found. Please check the postcode is correct.")).toBeTruthy();
    expect(screen.queryByLabelText("Select your address")).toBeNull();
  });

  it("says something has gone wrong when the lookup fails", async () => {
    const { user } = renderFlow(businessEnergyV2);
    await findAddressesFor(user, FAILING_POSTCODE);
    expect(await screen.findByText("Something has gone wrong. Please try again.")).toBeTruthy();
  });

  it("asks for a valid postcode before looking anything up", async () => {
    const { user, services } = renderFlow(businessEnergyV2);
    await findAddressesFor(user, "LS1");
    expect(summaryMessages()).toEqual(["Postcode is invalid"]);
    expect(services.lookups).toEqual([]);
  });

  it("says the postcode is required, not invalid, when Find address is pressed with nothing typed", async () => {
    const { user, services } = renderFlow(businessEnergyV2);
    await user.click(await screen.findByRole("button", { name: "Find address" }));
    expect(summaryMessages()).toEqual(["Postcode is required"]);
    expect(services.lookups).toEqual([]);
  });

  it("asks for an address to be selected when Next is pressed with none chosen", async () => {
    const { user } = renderFlow(businessEnergyV2);
    await findAddressesFor(user, KNOWN_POSTCODE);
    await screen.findByLabelText("Select your address");
    await user.click(nextButton());
    expect(summaryMessages()).toEqual(["Please select your address"]);
    expect(stepHeading("Where is your business?")).toBeTruthy();
  });

  it("opens Street, Town/City and Postcode fields from “Or enter address manually”, starting at Street", async () => {
    const { user } = renderFlow(businessEnergyV2);
    await user.click(screen.getByRole("button", { name: "Or enter address manually" }));
    expect(screen.getByLabelText("Street")).toBeTruthy();
    expect(screen.getByLabelText("Town/City")).toBeTruthy();
    expect(screen.getByLabelText("Postcode")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Find address" })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Street")));
  });

  it("opens the manual fields from “My address isn't listed”, keeping the postcode typed", async () => {
    const { user } = renderFlow(businessEnergyV2);
    await findAddressesFor(user, KNOWN_POSTCODE);
    await user.click(await screen.findByRole("button", { name: "My address isn't listed" }));
    expect(screen.getByLabelText("Street")).toBeTruthy();
    expect(screen.getByLabelText("Town/City")).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>("Postcode").value).toBe(KNOWN_POSTCODE);
  });

  it("lists what an empty manual address lacks, in the order of the fields", async () => {
    const { user } = renderFlow(businessEnergyV2);
    await user.click(screen.getByRole("button", { name: "Or enter address manually" }));
    await user.click(nextButton());
    await waitFor(() => expect(summaryMessages()).toEqual(["Street is required", "Town/City is required", "Postcode is required"]));
    expect(stepHeading("Where is your business?")).toBeTruthy();
  });

  it("moves on with an address typed in by hand", async () => {
    const { user } = renderFlow(businessEnergyV2);
    await user.click(screen.getByRole("button", { name: "Or enter address manually" }));
    await user.type(screen.getByLabelText("Street"), "1 Park Row");
    await user.type(screen.getByLabelText("Town/City"), "Leeds");
    await user.type(screen.getByLabelText("Postcode"), "LS1 5HD");
    await user.click(nextButton());
    expect(await screen.findByRole("heading", { level: 2, name: AFTER_ADDRESS_QUESTION })).toBeTruthy();
  });

  it("moves on with a picked address, which the lead carries as not typed by hand", async () => {
    const { user, services } = renderFlow(businessEnergyV1);
    await answerV1UpToAddress(user);
    await pickKnownAddress(user);
    expect(await screen.findByRole("heading", { level: 2, name: V1_CONTACT_QUESTION })).toBeTruthy();
    await fillContactDetails(user);
    await user.click(screen.getByRole("button", { name: "Get my quotes" }));
    await screen.findByText("No need to do anything else – we'll be in touch shortly.");
    expect(services.leads).toHaveLength(1);
    expect(services.leads[0]).toMatchObject({
      businessAddressManual: false,
      businessAddress: knownAddresses[0],
      street: "1 Park Row",
      townCity: "Leeds",
      postcode: KNOWN_POSTCODE,
    });
  });

  it("looks up a postcode the visitor arrived with straight away", async () => {
    const { services } = renderFlow(businessEnergyV2, { initialAnswers: { postcode: KNOWN_POSTCODE } });
    expect(await screen.findByLabelText("Select your address")).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>("Postcode").value).toBe(KNOWN_POSTCODE);
    expect(services.lookups).toEqual([KNOWN_POSTCODE]);
  });
});
