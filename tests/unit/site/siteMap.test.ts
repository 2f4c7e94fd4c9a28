import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { pageTitle } from "../../../site/head";
import { breadcrumbTrail, findPage, sitePages } from "../../../site/siteMap";

const siteDir = fileURLToPath(new URL("../../../site/", import.meta.url));
const contentFiles = (kind: string) => readdirSync(`${siteDir}content/${kind}`).map((file) => file.replace(/\.ts$/, ""));

/** The pages the spec asks for. */
const SPEC_PAGES = [
  "/",
  "/business-energy/",
  "/business-energy-generators/",
  "/business-solar/",
  "/business-broadband/",
  "/business-water/",
  "/business-waste/",
  "/take-card-payments/",
  "/take-card-payments/barclaycard/",
  "/business-insurance/",
  "/business-phones/",
  "/home-energy/",
  "/home-energy/solar/",
  "/business-energy/electric-vehicle-charging/",
  "/legal/terms-and-conditions/",
  "/legal/privacy-policy/",
];

describe("the site map", () => {
  it("has every page of the spec, once", () => {
    expect(sitePages.map((page) => page.path).sort()).toEqual([...SPEC_PAGES].sort());
  });

  it("names a content module that exists for every landing and legal page", () => {
    for (const page of sitePages) {
      if (page.body.kind === "home") continue;
      expect(contentFiles(page.body.kind), page.path).toContain(page.body.content);
    }
  });

  it("gives every page a unique title that keeps the brand within 60 characters", () => {
    const titles = sitePages.map((page) => pageTitle(page.title));
    expect(new Set(titles).size).toBe(titles.length);
    for (const title of titles) expect(title, title).toMatch(/ \| SwitchPlan$/);
  });

  it("builds breadcrumbs through the parent pages that exist", () => {
    const trail = (path: string) => breadcrumbTrail(findPage(path)!).map((crumb) => `${crumb.label} ${crumb.path}`);
    expect(trail("/take-card-payments/barclaycard/")).toEqual([
      "Home /",
      "Take Card Payments /take-card-payments/",
      "Barclaycard Payments /take-card-payments/barclaycard/",
    ]);
    expect(trail("/business-energy/electric-vehicle-charging/")).toEqual([
      "Home /",
      "Business Energy /business-energy/",
      "Electric Vehicle Charging /business-energy/electric-vehicle-charging/",
    ]);
    expect(trail("/legal/privacy-policy/")).toEqual(["Home /", "Privacy Policy /legal/privacy-policy/"]);
  });

  it("finds a page with or without its trailing slash", () => {
    expect(findPage("/business-water")?.crumb).toBe("Business Water");
    expect(findPage("/business-water/")?.crumb).toBe("Business Water");
    expect(findPage("/no-such-page/")).toBeUndefined();
  });
});
