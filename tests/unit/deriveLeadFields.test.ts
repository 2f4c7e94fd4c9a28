import { describe, expect, it } from "vitest";
import { SPEND_BANDS, deriveLeadFields, spendBand, splitName } from "../../engine/core/deriveLeadFields";
import { stepById } from "../../engine/core/walkFlow";
import { loadFlow, visitorAnswers } from "../fixtures/forms";

/** The spec's spend band table: the spend a visitor picks → the band number buyers receive. */
const spendTable: Array<[spendString: string, band: number]> = [
  ["0-250", 1],
  ["250-500", 2],
  ["500-1000", 3],
  ["1000-2500", 4],
  ["2500-5000", 5],
  ["5000-10000", 6],
  ["10000+", 7],
];

describe("spend band", () => {
  it.each(spendTable)("gives the monthly spend %j band %i", (spendString, band) => {
    expect(spendBand(spendString)).toBe(band);
  });

  it("holds exactly the rows of the spec's table", () => {
    expect(SPEND_BANDS).toEqual(spendTable);
  });

  it.each([
    ["notSure", "notSure"],
    ["an empty string", ""],
    ["a pound amount", "£500"],
    ["a band written differently", "500 - 1000"],
    ["no answer", undefined],
    ["a number", 3],
  ])("gives %s the band -1", (_what, spendString) => {
    expect(spendBand(spendString)).toBe(-1);
  });

  it("has a band for every spend option of business energy except Not sure", () => {
    for (const version of [1, 2]) {
      const step = stepById(loadFlow("business-energy", version), "spend");
      if (step.kind !== "radio") throw new Error(`business-energy v${version}: "spend" is not a radio step`);
      const banded = step.options.filter((o) => spendBand(o.value) !== -1).map((o) => o.value);
      expect(banded).toEqual(step.options.map((o) => o.value).filter((v) => v !== "notSure"));
    }
  });
});

describe("name splitting", () => {
  it.each([
    ["John Smith", "John", "Smith"],
    ["Mary Jane Smith", "Mary Jane", "Smith"],
    ["Dr. John Smith", "Dr John", "Smith"],
    ["O'Neil", "ONeil", ""],
    ["Mary-Jane O'Neil", "MaryJane", "ONeil"],
    ["Anne-Marie O’Brien", "AnneMarie", "OBrien"],
    ["  John   Smith  ", "John", "Smith"],
    ["Smith,", "Smith", ""],
    ["Smith, John", "Smith", "John"],
    ["", "", ""],
    ["...", "", ""],
  ])("splits %j into first name %j and last name %j", (fullName, firstName, lastName) => {
    expect(splitName(fullName)).toEqual({ firstName, lastName });
  });
});

describe("deriveLeadFields", () => {
  it("adds the first and last name and the spend band, keeping every answer", () => {
    const answers = visitorAnswers({ customerName: "Mary Jane Smith", spendString: "2500-5000", phone: "020 7946 0000" });
    expect(deriveLeadFields(answers)).toEqual({
      customerName: "Mary Jane Smith",
      spendString: "2500-5000",
      phone: "020 7946 0000",
      firstName: "Mary Jane",
      lastName: "Smith",
      spend: 5,
    });
  });

  it("replaces a first name, last name and spend band sent by the visitor", () => {
    const answers = visitorAnswers({
      customerName: "John Smith",
      firstName: "Admin",
      lastName: "Override",
      spendString: "notSure",
      spend: 7,
    });
    expect(deriveLeadFields(answers)).toMatchObject({ firstName: "John", lastName: "Smith", spend: -1 });
  });

  it("drops a first name, last name and spend band sent without the answers they come from", () => {
    const derived = deriveLeadFields(visitorAnswers({ firstName: "Admin", lastName: "Override", spend: 7 }));
    expect(derived).toEqual({});
  });

  it("leaves the answers it was given untouched", () => {
    const answers = visitorAnswers({ customerName: "John Smith", spend: 7 });
    deriveLeadFields(answers);
    expect(answers).toEqual({ customerName: "John Smith", spend: 7 });
  });
});
