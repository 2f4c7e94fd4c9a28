import { describe, expect, it } from "vitest";
import type { LandingContent, LegalContent } from "../../../site/content/types";
import { findPage, sitePages } from "../../../site/siteMap";

const landing = import.meta.glob<LandingContent>("../../../site/content/landing/*.ts", { import: "default", eager: true });
const legal = import.meta.glob<LegalContent>("../../../site/content/legal/{privacyPolicy,termsAndConditions}.ts", {
  import: "default",
  eager: true,
});

const landingPages = sitePages.flatMap((page) =>
  page.body.kind === "landing" ? [{ page, content: landing[`../../../site/content/landing/${page.body.content}.ts`]! }] : [],
);

describe("the landing pages' content", () => {
  it("gives every page a description search results show in full, and unique", () => {
    const descriptions = landingPages.map(({ content }) => content.description);
    expect(new Set(descriptions).size).toBe(descriptions.length);
    for (const description of descriptions) expect(description.length, description).toBeLessThanOrEqual(160);
  });

  it("gives every page its own heading, costs or how-it-works sections and at least four questions", () => {
    const headings = landingPages.map(({ content }) => content.heading);
    expect(new Set(headings).size).toBe(headings.length);
    for (const { page, content } of landingPages) {
      expect(content.sections.length, page.path).toBeGreaterThanOrEqual(2);
      expect(content.faqs.length, page.path).toBeGreaterThanOrEqual(4);
    }
  });

  it("links only to pages that exist", () => {
    const links = [...JSON.stringify([landing, legal]).matchAll(/\]\((\/[^)#]*)/g)].map((match) => match[1]!);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(findPage(link), link).toBeDefined();
    for (const { content } of landingPages) for (const path of content.related) expect(findPage(path), path).toBeDefined();
  });

  it("gives section anchors that are unique on their page", () => {
    for (const { page, content } of landingPages) {
      const ids = [...content.sections.map((s) => s.id), "faqs"];
      expect(new Set(ids).size, page.path).toBe(ids.length);
    }
  });

  it("makes only the spec's claims about prices and results", () => {
    const text = JSON.stringify(landing);
    expect(text).toContain("40,000 businesses");
    expect(text).toContain("7p-9p");
    expect(text).toContain("24p-28p");
    expect(text).toContain("before 9pm");
    const percentagesSaved = text.match(/save (up to )?\d+%/gi) ?? [];
    expect(percentagesSaved).toEqual([]);
  });
});

describe("the privacy policy", () => {
  const policy = JSON.stringify(legal["../../../site/content/legal/privacyPolicy.ts"]);

  it("names the three consent cookies and every tracking key, with the 30-day expiry", () => {
    for (const name of ["_sp_consent_chosen", "_sp_analytics_on", "_sp_marketing_on", "utm_source"]) expect(policy).toContain(name);
    for (const key of [
      "utm_source",
      "utm_medium",
      "utm_campaign",
      "utm_content",
      "gclid",
      "campaignid",
      "adgroupid",
      "creative",
      "matchtype",
      "keyword",
      "msclkid",
      "fcc",
      "referrer",
    ])
      expect(policy).toContain(key);
    expect(policy).toContain("30 days");
  });

  it("names the kinds of partner a quote enquiry goes to", () => {
    for (const buyer of [
      "energy brokers and energy suppliers",
      "card payment providers",
      "waste",
      "water",
      "broadband",
      "insurance brokers",
      "solar panel installers",
    ])
      expect(policy).toContain(buyer);
  });
});
