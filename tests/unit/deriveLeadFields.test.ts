import { describe, expect, it } from "vitest";
import { deriveLeadFields, splitName } from "../../engine/core/deriveLeadFields";
import { visitorAnswers } from "../fixtures/forms";

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
    const answers = visitorAnswers({ customerName: "Mary Jane Smith", spendString: "between1000And5000", phone: "020 7946 0000" });
    expect(deriveLeadFields(answers)).toEqual({
      customerName: "Mary Jane Smith",
      spendString: "between1000And5000",
      phone: "020 7946 0000",
      firstName: "Mary Jane",
      lastName: "Smith",
      spend: 1000,
    });
  });

  it("replaces a first name, last name and spend band sent by the visitor", () => {
    const answers = visitorAnswers({
      customerName: "John Smith",
      firstName: "Admin",
      lastName: "Override",
      spendString: "dontKnow",
      spend: 7,
    });
    expect(deriveLeadFields(answers)).toMatchObject({ firstName: "John", lastName: "Smith", spend: -2 });
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
