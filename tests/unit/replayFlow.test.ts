import { describe, expect, it } from "vitest";
import { checkFlow } from "../../engine/core/checkFlow";
import { createSchemaCheck } from "../../engine/node/validation";
import { chooserFlow } from "../fixtures/chooserFlow";
import { PHONE_MESSAGE } from "../../engine/core/messages";
import { replayFlow } from "../../engine/core/replayFlow";
import { businessEnergyAnswers, loadFlow, visitorAnswers } from "../fixtures/forms";

const check = createSchemaCheck();
const v1 = loadFlow("business-energy", 1);
const v2 = loadFlow("business-energy", 2);

/** The complete lead with some answers changed (`undefined` removes one), as a visitor might send it. */
function answersWith(changes: Record<string, unknown>) {
  const answers: Record<string, unknown> = { ...businessEnergyAnswers, ...changes };
  for (const [key, value] of Object.entries(changes)) if (value === undefined) delete answers[key];
  return visitorAnswers(answers);
}

const pickedAddress = {
  businessAddressManual: false,
  businessAddress: { id: "GB-LS1-0001", lines: ["1 Park Row"], townCity: "Leeds", postcode: "LS1 5HD" },
  postcode: "LS1 5HD",
  street: undefined,
  townCity: undefined,
};

describe("a complete lead", () => {
  it.each([
    ["v1", v1, ["utility", "spend", "meter", "contract", "supplier", "address", "contact"]],
    ["v2", v2, ["address", "utility", "spend", "meter", "contract", "supplier", "business", "contact"]],
  ] as const)("replays through %s with no errors, stopping at the submit step", (_version, flow, path) => {
    const result = replayFlow(flow, businessEnergyAnswers, check);
    expect(result.errors).toEqual([]);
    expect(result.path).toEqual(path);
  });

  it.each([
    ["v1", v1],
    ["v2", v2],
  ] as const)("comes out of %s with every answer plus the name split and spend band", (_version, flow) => {
    const { answers } = replayFlow(flow, businessEnergyAnswers, check);
    expect(answers).toEqual({ ...businessEnergyAnswers, firstName: "Mary Jane", lastName: "Smith", spend: 0 });
  });

  it("trims the spaces a visitor typed around an answer", () => {
    const { answers, errors } = replayFlow(v1, answersWith({ phone: "  0113 496 0000 ", email: " mary@example.com" }), check);
    expect(errors).toEqual([]);
    expect(answers).toMatchObject({ phone: "0113 496 0000", email: "mary@example.com" });
  });

  it("accepts a picked address: the lookup's postcode and the chosen address", () => {
    const { answers, errors } = replayFlow(v2, answersWith(pickedAddress), check);
    expect(errors).toEqual([]);
    expect(answers).toMatchObject({ businessAddressManual: false, businessAddress: pickedAddress.businessAddress });
  });

  it("replaces a first name, last name and spend band the visitor sent", () => {
    const { answers } = replayFlow(v1, answersWith({ firstName: "Admin", lastName: "X", spend: 7 }), check);
    expect(answers).toMatchObject({ firstName: "Mary Jane", lastName: "Smith", spend: 0 });
  });
});

describe("answers off the path", () => {
  it("drops the meter answer of a gas-only lead, which never sees the meter step", () => {
    const { answers, errors, path } = replayFlow(v1, answersWith({ utility: "gas", hasHalfHourlyMeter: "yes" }), check);
    expect(errors).toEqual([]);
    expect(path).not.toContain("meter");
    expect(answers).not.toHaveProperty("hasHalfHourlyMeter");
  });

  it("ignores an invalid answer to a step the lead never sees", () => {
    const { errors } = replayFlow(v1, answersWith({ utility: "gas", hasHalfHourlyMeter: "maybe" }), check);
    expect(errors).toEqual([]);
  });

  it("drops answers that no step of the flow asks for", () => {
    const { answers } = replayFlow(v1, answersWith({ generatorType: "diesel", meterDetails: "00 801" }), check);
    expect(answers).not.toHaveProperty("generatorType");
    expect(answers).not.toHaveProperty("meterDetails");
  });
});

describe("the first failing step", () => {
  it.each([
    ["a missing phone number", { phone: undefined }, "phone", "Phone number is required"],
    ["an empty phone number", { phone: "" }, "phone", "Phone number is required"],
    ["a phone number of spaces", { phone: "   " }, "phone", "Phone number is required"],
    ["a phone number too short to be one", { phone: "123" }, "phone", PHONE_MESSAGE],
    ["a US phone number", { phone: "+1 202 555 0100" }, "phone", PHONE_MESSAGE],
    ["an invalid e-mail", { email: "mary@" }, "email", "Email is invalid"],
    ["a missing e-mail", { email: undefined }, "email", "Email is required"],
    ["a missing name", { customerName: undefined }, "customerName", "Full name is required"],
  ])("reports %s on the contact step", (_what, changes, field, message) => {
    const { errors } = replayFlow(v1, answersWith(changes), check);
    expect(errors).toEqual([{ field, step: "contact", message }]);
  });

  it("words the invalid phone number message as the spec does", () => {
    expect(PHONE_MESSAGE).toBe("Please enter a valid UK phone number so we can contact you with a quote");
  });

  it("reports only the first failing step, though a later one fails too", () => {
    const { errors, path } = replayFlow(v1, answersWith({ contractExpiry: "soon", phone: "123" }), check);
    expect(errors).toEqual([{ field: "contractExpiry", step: "contract", message: "Contract end is invalid" }]);
    expect(path.at(-1)).toBe("contract");
  });

  it("keeps only the answers of the steps before the failing one", () => {
    const { answers } = replayFlow(v1, answersWith({ contractExpiry: "soon" }), check);
    expect(Object.keys(answers)).toEqual(["utility", "spendString", "hasHalfHourlyMeter"]);
  });

  it.each([
    ["utility", "coal", "utility", "Energy type is invalid"],
    ["spendString", "£500", "spend", "Spend is invalid"],
    ["currentSupplier", "british gas", "supplier", "Current supplier is invalid"],
  ])("rejects %s %j, which is not among the options of step %j", (field, value, step, message) => {
    const { errors } = replayFlow(v1, answersWith({ [field]: value }), check);
    expect(errors).toEqual([{ field, step, message }]);
  });

  it.each([
    ["a missing street", { street: undefined }, [["street", "Street is required"]]],
    ["a street of spaces", { street: "   " }, [["street", "Street is required"]]],
    ["a missing town/city", { townCity: undefined }, [["townCity", "Town/City is required"]]],
    ["a missing postcode", { postcode: undefined }, [["postcode", "Postcode is required"]]],
    ["a postcode without its second half", { postcode: "SW1A" }, [["postcode", "Postcode is invalid"]]],
    ["a number for a postcode", { postcode: "12345" }, [["postcode", "Postcode is invalid"]]],
  ])("rejects a manual address with %s", (_what, changes, expected) => {
    const { errors } = replayFlow(v1, answersWith(changes), check);
    expect(errors).toEqual(expected.map(([field, message]) => ({ field, step: "address", message })));
  });

  it("lists a manual address's errors in the order the fields are asked: street, town/city, postcode", () => {
    const { errors } = replayFlow(v1, answersWith({ street: "", townCity: undefined, postcode: "SW1A" }), check);
    expect(errors.map((e) => e.field)).toEqual(["street", "townCity", "postcode"]);
  });

  it("rejects a picked address with no address chosen", () => {
    const { errors } = replayFlow(v1, answersWith({ ...pickedAddress, businessAddress: undefined }), check);
    expect(errors).toEqual([{ field: "businessAddress", step: "address", message: "Business address is required" }]);
  });

  it("rejects a picked address whose postcode is not a UK one", () => {
    const businessAddress = { ...pickedAddress.businessAddress, postcode: "12345" };
    const { errors } = replayFlow(v1, answersWith({ ...pickedAddress, businessAddress }), check);
    expect(errors).toEqual([{ field: "businessAddress", step: "address", message: "Business address is invalid" }]);
  });
});

describe("answers that stop early", () => {
  it("asks for the first unanswered step's answer when the answers stop before the submit step", () => {
    const { errors, path } = replayFlow(v1, visitorAnswers({ utility: "gas", spendString: "below1000" }), check);
    expect(errors).toEqual([{ field: "contractExpiry", step: "contract", message: "Contract end is required" }]);
    expect(path).toEqual(["utility", "spend", "contract"]);
  });

  const chooser = checkFlow(
    createSchemaCheck(),
    chooserFlow(
      "upsell",
      [
        {
          id: "upsell",
          kind: "upsell",
          question: "Would you like quotes for anything else?",
          services: [{ flow: "business-water", label: "Business water" }],
          next: "contact",
        },
        {
          id: "contact",
          kind: "form",
          question: "Who should the quotes go to?",
          fields: ["customerName", "phone", "email"],
          submit: true,
          next: "done",
        },
        { id: "done", kind: "success" },
      ],
      { serviceType: "business-energy" },
    ),
    "tests/unit/replayFlow.test.ts: chooser",
  );

  it("gives the 'do not reach the end' error when the answers lead into another flow before the submit step", () => {
    const { errors } = replayFlow(chooser, visitorAnswers({ serviceType: "business-water" }), check);
    expect(errors).toEqual([
      { field: "answers", step: "service", message: "The answers do not reach the end of the form" },
    ]);
  });

  it("submits through the same chooser when the answers stay in it", () => {
    const answers = visitorAnswers({ serviceType: "business-energy", customerName: "John Smith", phone: "020 7946 0000", email: "john@example.com" });
    const { errors, path } = replayFlow(chooser, answers, check);
    expect(errors).toEqual([]);
    expect(path).toEqual(["service", "upsell", "contact"]);
  });
});
