import { describe, expect, it } from "vitest";
import { activeOffers, partnerOffers, type PartnerOffer } from "../../../site/content/offers";
import { ukDate } from "../../../site/components/ukDate";

const offer = (id: string, expires: string): PartnerOffer => ({ id, service: "business-energy", title: id, text: "", terms: "", expires });

describe("partner offers", () => {
  const offers = [
    offer("ends-soon", "2026-12-31"),
    offer("ended", "2023-09-21"),
    { ...offer("water", "2030-01-01"), service: "business-water" as const },
  ];

  it("shows an offer up to and including its last day, and never after", () => {
    expect(activeOffers("business-energy", "2026-12-31", offers).map((o) => o.id)).toEqual(["ends-soon"]);
    expect(activeOffers("business-energy", "2027-01-01", offers)).toEqual([]);
  });

  it("shows only the offers of the page's service", () => {
    expect(activeOffers("business-water", "2026-01-01", offers).map((o) => o.id)).toEqual(["water"]);
  });

  it("counts days in UK time", () => {
    // 23:30 UTC on 31 March 2027 is already 1 April in London (British Summer Time).
    expect(ukDate(new Date("2027-03-31T23:30:00Z"))).toBe("2027-04-01");
    expect(ukDate(new Date("2026-12-31T23:30:00Z"))).toBe("2026-12-31");
  });

  it("has the £50 energy credit offer, with a real last day", () => {
    const credit = partnerOffers.find((o) => o.title.includes("£50"));
    expect(credit?.service).toBe("business-energy");
    expect(credit?.expires).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
