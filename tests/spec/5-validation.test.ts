/** SPEC §5: validation rules: the spend table, every flow's spend question, and the messages. */
import { describe, expect, it } from "vitest";
import { fieldLabel } from "../../engine/core/fieldLabels";
import { ERROR_SUMMARY_HEADING, NO_ADDRESSES_MESSAGE, PHONE_MESSAGE, SOMETHING_WENT_WRONG, fieldMessage } from "../../engine/core/messages";
import { SPEND_ANSWERS, SPEND_BAND_TABLE, spendBand } from "../../engine/core/spendBands";
import type { StepOfKind } from "../../engine/core/types";
import { loadAllFlows } from "../fixtures/forms";
import * as spec from "./specEnumerations";

/** The spend answers a question may offer: one of the spec's families, each with its "don't know". */
const SPEND_FAMILIES = {
  "a business's spend": ["below1000", "between1000And5000", "over5000", "dontKnow"],
  "a household bill": ["below60", "between60And120", "between120And160", "over160", "dontKnow"],
  "a card turnover": ["under 5,000 pounds", "5,000-10,000", "10,000-20,000", "20,000-50,000", "50,000-100,000", "100,000-200,000", "200,000+", "dontKnow"],
} as const;

const spendQuestions = loadAllFlows().flatMap(([file, flow]) =>
  flow.steps
    .filter((step): step is StepOfKind<"radio"> => step.kind === "radio" && step.field === "spendString")
    .map((step) => [`${file} step "${step.id}"`, step] as const),
);

describe("§5 the spend table", () => {
  it("holds the spec's rows, in its order, with -1 for anything else", () => {
    expect(SPEND_BAND_TABLE.rows.map((row) => [row.answers, row.spend])).toEqual(spec.SPEND_ROWS.map(([answers, spend]) => [[...answers], spend]));
    expect(SPEND_BAND_TABLE.otherwise).toBe(spec.SPEND_OTHERWISE);
  });

  it.each(spec.SPEND_ROWS.flatMap(([answers, spend]) => answers.map((answer) => [answer, spend] as const)))(
    "gives the answer %j the spend %i",
    (answer, spend) => {
      expect(spendBand(answer)).toBe(spend);
    },
  );

  it.each([["notSure"], ["0-250"], ["£500"], [""], [undefined], [3]])("gives anything else (%j) -1", (answer) => {
    expect(spendBand(answer)).toBe(-1);
  });
});

describe("§5 every flow's spend question", () => {
  it("exists in the flows that ask a spend, a bill or a turnover", () => {
    expect(spendQuestions.length).toBeGreaterThanOrEqual(10);
  });

  it.each(spendQuestions)("%s offers one whole family of the table's answers", (_where, step) => {
    const values = step.options.map((option) => option.value);
    expect(SPEND_ANSWERS).toEqual(expect.arrayContaining(values));
    expect(Object.values(SPEND_FAMILIES).map((family) => [...family])).toContainEqual(values);
  });
});

describe("§5 messages", () => {
  it("heads the error summary Please fix the following issues:", () => {
    expect(ERROR_SUMMARY_HEADING).toBe(spec.MESSAGES.summaryHeading);
  });

  it.each([
    ["unknown failure", SOMETHING_WENT_WRONG, spec.MESSAGES.unknownFailure],
    ["empty postcode lookup", NO_ADDRESSES_MESSAGE, spec.MESSAGES.noAddresses],
    ["bad phone", PHONE_MESSAGE, spec.MESSAGES.badPhone],
  ])("says the %s in the spec's words", (_what, site, words) => {
    expect(site).toBe(words);
  });

  it.each(spec.MESSAGE_FIELD_NAMES)("names %s %j in its field messages", (field, name) => {
    expect(fieldLabel(field)).toBe(name);
    expect(fieldMessage(field, { keyword: "required", instancePath: "", params: { missingProperty: field } })).toBe(`${name} ${spec.MESSAGES.required}`);
    const invalid = fieldMessage(field, { keyword: "pattern", instancePath: `/${field}`, params: {} });
    expect(invalid).toBe(`${name} ${spec.MESSAGES.invalid}`);
  });

  it.each([
    ["an empty text", { keyword: "minLength", params: { limit: 1 } }, spec.MESSAGES.required],
    ["no choice", { keyword: "minItems", params: { limit: 1 } }, spec.MESSAGES.required],
    ["a text too long", { keyword: "maxLength", params: { limit: 120 } }, spec.MESSAGES.invalid],
    ["an answer not offered", { keyword: "enum", params: {} }, spec.MESSAGES.invalid],
    ["a wrong type", { keyword: "type", params: {} }, spec.MESSAGES.invalid],
  ])("says only is required or is invalid, for %s too", (_what, error, suffix) => {
    expect(fieldMessage("businessName", { instancePath: "/businessName", ...error })).toBe(`Business name ${suffix}`);
  });

  it("gives a phone number that is not a UK one the spec's phone message", () => {
    expect(fieldMessage("phone", { keyword: "format", instancePath: "/phone", params: { format: "uk-phone" } })).toBe(spec.MESSAGES.badPhone);
  });
});
