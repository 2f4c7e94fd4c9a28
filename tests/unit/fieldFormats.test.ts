import { describe, expect, it } from "vitest";
import { formats, isUkPhone, isUkPostcode } from "../../engine/core/fieldFormats";
import fieldsSchema from "../../schemas/fields.schema.json";
import leadSchema from "../../schemas/lead.schema.json";
import newsletterSchema from "../../schemas/newsletter.schema.json";

describe("UK phone numbers", () => {
  it.each([
    ["a London number", "020 7946 0000"],
    ["a London number with +44", "+44 20 7946 0000"],
    ["a London number with 0044", "0044 20 7946 0000"],
    ["a Leeds number", "0113 496 0000"],
    ["a Leeds number with the code in brackets", "(0113) 496 0000"],
    ["a Leeds number without spaces", "01134960000"],
  ])("accepts %s: %j", (_what, phone) => {
    expect(isUkPhone(phone)).toBe(true);
  });

  it.each([
    ["a number too short", "123"],
    ["nothing", ""],
    ["a US number", "+1 202 555 0100"],
    ["a mobile number cut short", "07700 900"],
    ["a London number with a digit too many", "020 7946 00000"],
    ["letters", "phone me"],
  ])("rejects %s: %j", (_what, phone) => {
    expect(isUkPhone(phone)).toBe(false);
  });
});

describe("UK postcodes", () => {
  it.each([
    ["a Westminster postcode", "SW1A 2AA"],
    ["a postcode in lower case without the space", "sw1a2aa"],
    ["a Leeds postcode", "LS1 4DY"],
    ["a postcode with spaces around it", "  LS1 4DY "],
  ])("accepts %s: %j", (_what, postcode) => {
    expect(isUkPostcode(postcode)).toBe(true);
  });

  it.each([
    ["an outward code alone", "SW1A"],
    ["a number", "12345"],
    ["nothing", ""],
    ["a US ZIP code", "90210-1234"],
  ])("rejects %s: %j", (_what, postcode) => {
    expect(isUkPostcode(postcode)).toBe(false);
  });
});

describe("the field library's formats", () => {
  it("has a check for every custom format the field library and the request schemas name, and none they do not", () => {
    const named = new Set<string>();
    const visit = (node: unknown): void => {
      if (!node || typeof node !== "object") return;
      const { format } = node as { format?: unknown };
      if (typeof format === "string") named.add(format);
      Object.values(node).forEach(visit);
    };
    [fieldsSchema, leadSchema, newsletterSchema].forEach(visit);
    named.delete("email"); // ajv-formats provides it
    expect(Object.keys(formats).sort()).toEqual([...named].sort());
  });
});
