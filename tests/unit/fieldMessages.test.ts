import { describe, expect, it } from "vitest";
import { toFieldErrors } from "../../engine/core/messages";
import { createSchemaCheck } from "../../engine/node/validation";

/** The message a visitor reads for a count of sites checked against a range, as the server and browser check it. */
function messageFor(range: Record<string, number>, value: unknown): string | undefined {
  const schema = { type: "object", properties: { numberOfSites: { title: "Number of sites", type: "integer", ...range } }, required: ["numberOfSites"] };
  return toFieldErrors(createSchemaCheck()(schema, { numberOfSites: value }))[0]?.message;
}

describe("a number outside its field's range", () => {
  it.each([
    [{ minimum: 1 }, 0, "Number of sites must be 1 or more"],
    [{ maximum: 10000 }, 10001, "Number of sites must be 10,000 or less"],
    [{ exclusiveMinimum: 0 }, 0, "Number of sites must be more than 0"],
    [{ exclusiveMaximum: 100 }, 100, "Number of sites must be less than 100"],
  ])("with %j, %j reads naturally", (range, value, message) => {
    expect(messageFor(range, value)).toBe(message);
  });

  it("is fine inside the range, and a number that is not whole is still invalid", () => {
    expect(messageFor({ minimum: 1, maximum: 10000 }, 12)).toBeUndefined();
    expect(messageFor({ minimum: 1 }, 1.5)).toBe("Number of sites is invalid");
    expect(messageFor({ minimum: 1 }, undefined)).toBe("Number of sites is required");
  });
});
