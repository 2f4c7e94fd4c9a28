import { describe, expect, it } from "vitest";
import { STOP_SEARCHING_TEMPLATE, fillSuccessTokens, listOf } from "../../engine/core/successText";
import { currentDeals, ukToday } from "../../engine/core/deals";
import { carriedAnswers, PERSONAL_FIELDS } from "../../engine/core/carryOver";

describe("the success page's tokens", () => {
  const buyers = [
    { name: "Bright Energy Brokers", phone: "0113 496 0001" },
    { name: "Northern Power Partners", phone: "0161 496 0002" },
  ];

  it.each([
    ["{buyerCount}", [], "Our team"],
    ["{buyerCount}", buyers.slice(0, 1), "One specialist partner"],
    ["{buyerCount}", buyers, "2 specialist partners"],
    ["{buyers}", buyers, "Bright Energy Brokers and Northern Power Partners"],
    ["{contactDirectly}", buyers.slice(0, 1), "If you would rather not wait, you can contact Bright Energy Brokers directly:"],
    ["{contactDirectly}", [], ""],
    ["{unknownToken}", buyers, "{unknownToken}"],
  ] as const)("fills %s for %#", (template, given, expected) => {
    expect(fillSuccessTokens(template, { buyers: given })).toBe(expected);
  });

  it("puts the visitor's own phone and e-mail in the stop-searching line", () => {
    expect(fillSuccessTokens(STOP_SEARCHING_TEMPLATE, { buyers, phone: "020 7946 0000", email: "jo@example.com" })).toBe(
      "You can stop searching now. 2 specialist partners will be in touch on 020 7946 0000 or at jo@example.com with your quotes.",
    );
  });

  it("lists names the way a sentence does", () => {
    expect(listOf(["A"])).toBe("A");
    expect(listOf(["A", "B", "C"])).toBe("A, B and C");
    expect(listOf([])).toBe("");
  });
});

describe("partner deals", () => {
  const deals = [
    { id: "ended", expires: "2023-09-21" },
    { id: "today", expires: "2026-11-21" },
    { id: "later", expires: "2027-03-31" },
  ];

  it("never shows an offer after its expiry date, and shows it on its last day", () => {
    expect(currentDeals(deals, "2026-11-21").map((d) => d.id)).toEqual(["today", "later"]);
    expect(currentDeals(deals, "2026-11-22").map((d) => d.id)).toEqual(["later"]);
  });

  it("reads today's date in UK time, not the machine's", () => {
    // 23:30 UTC on 31 May is already 1 June in London (British Summer Time).
    expect(ukToday(new Date("2026-05-31T23:30:00Z"))).toBe("2026-06-01");
    expect(ukToday(new Date("2026-12-31T23:30:00Z"))).toBe("2026-12-31");
  });
});

describe("answers carried into another flow", () => {
  it("keeps who and where the visitor is, and drops the answers about the last service", () => {
    const whoAndWhere = {
      businessName: "Acme",
      customerName: "Jo Bloggs",
      phone: "020 7946 0000",
      email: "jo@example.com",
      postcode: "LS1 4DY",
      street: "1 Example Street",
      townCity: "Leeds",
      businessAddressManual: true,
    } as const;
    expect(carriedAnswers({ utility: "gas", spendString: "below1000", ...whoAndWhere })).toEqual(whoAndWhere);
  });

  it("counts names, phones, e-mails and addresses as personal", () => {
    for (const field of ["customerName", "firstName", "lastName", "phone", "email", "postcode", "street", "businessAddress"]) {
      expect(PERSONAL_FIELDS.has(field)).toBe(true);
    }
    expect(PERSONAL_FIELDS.has("industry")).toBe(false);
  });
});
