// @vitest-environment jsdom
/** SPEC §2: screens and routes: pages, quote pages, guides and news, breadcrumbs, quick starts, the footer. */
import { describe, expect, it } from "vitest";
import { flows } from "virtual:flow-manifest";
import { LISTING_CRUMB } from "../../site/articles/articleCrumbs";
import { listingPath } from "../../site/articles/articlePaths";
import { serviceQuickStarts } from "../../site/content/quickStarts";
import { companyLinks, productLinks, SHARE_HASHTAGS, shareLinks } from "../../site/layout/footerLinks";
import { NOT_FOUND_KEY } from "../../site/pages/NotFoundPage";
import { quotePath } from "../../engine/core/quotePaths";
import { QUOTE_CRUMB } from "../../site/quote/quoteCrumb";
import { breadcrumbTrail, findPage, sitePages } from "../../site/siteMap";
import articleSchema from "../../schemas/article.schema.json";
import broadbandDeals from "../../forms/deals/home-broadband.json";
import { builtFile, builtPage, hasBuiltPage, textOf, textsOf } from "./builtSite";
import * as spec from "./specTables";

describe("§2 public pages", () => {
  it.each(spec.PUBLIC_PAGES)("%s is a page of the site, built to HTML", (path) => {
    expect(findPage(path)).toBeDefined();
    expect(hasBuiltPage(path)).toBe(true);
  });

  it("has no public page the spec does not list, besides the legal pages", () => {
    expect(sitePages.map((p) => p.path).filter((p) => !spec.LEGAL_PAGES.includes(p as never))).toEqual(
      expect.arrayContaining([...spec.PUBLIC_PAGES]),
    );
    expect(sitePages).toHaveLength(spec.PUBLIC_PAGES.length + spec.LEGAL_PAGES.length);
  });
});

describe("§2 quote pages", () => {
  it("are exactly the spec's, plus the generic /quote/", () => {
    expect(flows.map((f) => f.path).sort()).toEqual([...spec.QUOTE_PAGES].sort());
  });

  it.each(spec.QUOTE_PAGES)("/quote/%s/ is built to HTML", (path) => {
    expect(hasBuiltPage(quotePath(path))).toBe(true);
  });
});

describe("§2 guides, news, legal and not found", () => {
  it("has the spec's guide categories and news services", () => {
    expect(articleSchema.definitions.guideCategory.enum).toEqual([...spec.GUIDE_CATEGORIES]);
    expect(articleSchema.definitions.newsService.enum).toEqual([...spec.NEWS_SERVICES]);
  });

  it.each(spec.GUIDE_CATEGORIES)("lists %s's four guides at /%s/guides/", (category) => {
    const listing = builtPage(listingPath(category, "guide"));
    expect(listing.querySelectorAll(`main a[href^="/${category}/guides/"]`).length).toBe(spec.GUIDES_PER_CATEGORY);
  });

  it.each(spec.NEWS_SERVICES)("has a news listing for %s", (service) => {
    expect(hasBuiltPage(listingPath(service, "news"))).toBe(true);
  });

  it.each(spec.LEGAL_PAGES)("has the legal page %s", (path) => {
    expect(hasBuiltPage(path)).toBe(true);
  });

  it("has a not-found page under the key errorNotFound", () => {
    const notFound = builtFile("404.html");
    expect(notFound.querySelector("[data-page]")?.getAttribute("data-page")).toBe(NOT_FOUND_KEY);
    expect(NOT_FOUND_KEY).toBe("errorNotFound");
  });
});

describe("§2 external links", () => {
  it.each(spec.HOME_BROADBAND_PROVIDERS)("offers home broadband from %s in the partner deals table", (provider) => {
    expect(broadbandDeals.deals.map((deal) => deal.provider)).toContain(provider);
  });
});

describe("§2 breadcrumb labels", () => {
  it.each(spec.BREADCRUMB_LABELS)("%s names %s", (label, path) => {
    const page = findPage(path)!;
    expect(breadcrumbTrail(page).at(-1)?.label).toBe(label);
    // The home page shows no trail of its own; every other trail starts with it.
    const shownOn = path === "/" ? "/business-water/" : path;
    expect(textsOf(builtPage(shownOn), 'nav[aria-label="Breadcrumb"] li')).toContain(label);
  });

  it("names every quote page Get a quote", () => {
    expect(QUOTE_CRUMB).toBe(spec.QUOTE_CRUMB);
    for (const flow of flows) {
      expect(textsOf(builtPage(quotePath(flow.path)), 'nav[aria-label="Breadcrumb"] li')).toEqual(["Home", spec.QUOTE_CRUMB]);
    }
  });

  it.each(Object.entries(spec.LISTING_CRUMBS))("names the %s listings %s", (kind, label) => {
    expect(LISTING_CRUMB[kind as keyof typeof LISTING_CRUMB]).toBe(label);
  });
});

describe("§2 landing-page quick-start boxes", () => {
  const boxes = Object.values(serviceQuickStarts);

  it.each(boxes.filter((box) => box.kind === "postcode"))("asks %j with one of the spec's placeholders", (box) => {
    expect(spec.POSTCODE_PLACEHOLDERS).toContain(box.placeholder);
  });

  it.each(boxes.filter((box) => box.kind === "serviceType"))("offers Business or Home (Non-Business for insurance): %j", (box) => {
    const home = box.business === "business-insurance" ? spec.RADIO_QUICK_START.insuranceHome : spec.RADIO_QUICK_START.home;
    expect(box.otherLabel).toBe(home);
    for (const flowId of [box.business, box.other]) expect(flows.find((f) => f.id === flowId)?.serviceType).toBeDefined();
  });

  it("asks the card payments question with Yes and No, both into the same quote page", () => {
    const page = builtPage("/take-card-payments/");
    const box = [...page.querySelectorAll("form.quick-start")].find((form) => textOf(form).includes(spec.CARD_PAYMENTS_QUESTION.question))!;
    expect(box).toBeDefined();
    expect(textsOf(box, "button")).toEqual([...spec.CARD_PAYMENTS_QUESTION.answers]);
    expect(box.getAttribute("action")).toBe("/quote/take-card-payments/");
  });

  it("labels every quick-start button Get a quote", () => {
    const page = builtPage("/business-energy/");
    expect(new Set(textsOf(page, "form.quick-start button"))).toEqual(new Set([spec.QUICK_START_BUTTON]));
  });
});

describe("§2 the footer", () => {
  const footer = builtPage("/business-water/").querySelector("footer")!;

  it("has the link groups Products, Guides, Contact and Company", () => {
    const headings = textsOf(footer, ".site-footer__groups h2");
    expect(headings).toEqual([...spec.FOOTER_GROUPS]);
  });

  it("lists the spec's products, in its order", () => {
    expect(productLinks.map((link) => link.href)).toEqual([...spec.FOOTER_PRODUCTS]);
    for (const href of spec.FOOTER_PRODUCTS) expect(hasBuiltPage(href)).toBe(true);
  });

  it("lists the company's terms and conditions and privacy policy", () => {
    expect(companyLinks.map((link) => link.href)).toEqual([...spec.FOOTER_COMPANY]);
  });

  it("shows the current year, a contact e-mail link and the logo linking home", () => {
    expect(textOf(footer)).toContain(String(new Date().getFullYear()));
    expect(footer.querySelector('a[href^="mailto:"]')).not.toBeNull();
    expect(footer.querySelector('a.logo[href="/"]')).not.toBeNull();
  });

  it.each(spec.SOCIAL_NETWORKS)("links to %s in a new tab", (network) => {
    const link = [...footer.querySelectorAll("a")].find((a) => textOf(a).startsWith(network) && !textOf(a).startsWith("Share"));
    expect(link?.getAttribute("target")).toBe("_blank");
  });

  it.each(spec.SHARE_NETWORKS)("shares the page on %s with its address and title", (network) => {
    const link = shareLinks("https://example.com/a/", "A title").find((l) => l.label === network)!;
    expect(link.href).toContain(encodeURIComponent("https://example.com/a/"));
    if (network !== "Facebook") expect(link.href).toContain(encodeURIComponent("A title"));
  });

  it("adds the hashtags switch, business and energy on X", () => {
    expect(SHARE_HASHTAGS).toEqual([...spec.X_HASHTAGS]);
  });

  it.each(spec.GUIDE_CATEGORIES)("lists the four guides of %s in the footer of its pages", (category) => {
    const guides = builtPage(listingPath(category, "guide")).querySelectorAll(`footer a[href^="/${category}/guides/"]:not([href$="/guides/"])`);
    expect(guides).toHaveLength(spec.GUIDES_PER_CATEGORY);
  });

  it("lists four guides in the footer of other pages", () => {
    const guides = builtPage("/").querySelectorAll('footer section[aria-labelledby="footer-guides"] a');
    expect([...guides].map((a) => a.getAttribute("href")).filter((href) => /\/guides\/[a-z0-9-]+\/$/.test(href ?? ""))).toHaveLength(
      spec.GUIDES_PER_CATEGORY,
    );
  });

  it("adds its extra note on business insurance pages only", () => {
    expect(builtPage("/business-insurance/").querySelector('[data-testid="insurance-note"]')).not.toBeNull();
    expect(footer.querySelector('[data-testid="insurance-note"]')).toBeNull();
  });
});
