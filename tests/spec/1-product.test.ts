/** SPEC §1: what the product does and for whom: the newsletter's words, the copy's claims, the page title rule. */
import { describe, expect, it } from "vitest";
import deals from "../../forms/deals/home-broadband.json";
import { currentDeals } from "../../engine/core/deals";
import { pageTitle } from "../../site/head";
import { BRAND } from "../../site/config";
import { home as homeContent } from "../../site/content/home";
import { partnerOffers } from "../../site/content/offers";
import { startTestServer } from "../server/testServer";
import { builtText } from "./builtSite";
import { COPY_CLAIMS, EXPIRED_BROADBAND_OFFER_DAY, NEWSLETTER } from "./specTables";
import { TITLE_LIMIT } from "./specEnumerations";

const homeText = builtText("/");
/** Every word of the site's copy: the home page, the partner offers and each landing page's content module. */
const copy = JSON.stringify([
  homeContent,
  partnerOffers,
  Object.values(import.meta.glob("../../site/content/landing/*.ts", { import: "default", eager: true })),
]);

describe("§1 the newsletter sign-up", () => {
  it.each(Object.entries(NEWSLETTER).filter(([key]) => key !== "success"))("shows its %s in the spec's words", (_what, words) => {
    expect(homeText).toContain(` ${words} `);
  });

  it("answers a sign-up with the spec's success message", async () => {
    const server = await startTestServer();
    try {
      const response = await server.app.inject({
        method: "POST",
        url: "/api/newsletter",
        payload: { email: "jo@example.com", consentText: "Send me the newsletter." },
      });
      expect(response.json()).toEqual({ message: NEWSLETTER.success });
    } finally {
      await server.close();
    }
  });
});

describe("§1 the copy's claims and prices", () => {
  it.each(COPY_CLAIMS)("states the %s: %s", (_claim, value) => {
    expect(copy).toContain(value);
  });

  it("keeps the broadband offer that ended on 21 September 2023 in the deals data, and never shows it", () => {
    const expired = deals.deals.filter((deal) => deal.expires === EXPIRED_BROADBAND_OFFER_DAY);
    expect(expired).toHaveLength(1);
    expect(currentDeals(deals.deals, "2023-09-22")).not.toContainEqual(expired[0]);
    expect(currentDeals(deals.deals, EXPIRED_BROADBAND_OFFER_DAY)).toContainEqual(expired[0]);
  });
});

describe("§1 the page title", () => {
  it("is the brand on a page without a title of its own", () => {
    expect(pageTitle(undefined)).toBe(BRAND);
  });

  it.each([
    ["a title that fits", "x".repeat(TITLE_LIMIT - ` | ${BRAND}`.length), true],
    ["a title one character too long", "x".repeat(TITLE_LIMIT - ` | ${BRAND}`.length + 1), false],
  ])("adds the brand suffix to %s only within the title limit", (_what, title, suffixed) => {
    expect(pageTitle(title)).toBe(suffixed ? `${title} | ${BRAND}` : title);
    expect(pageTitle(title).length <= TITLE_LIMIT || !suffixed).toBe(true);
  });
});
