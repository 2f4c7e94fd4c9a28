import { describe, expect, it } from "vitest";
import articleSchema from "../../../schemas/article.schema.json";
import { readArticles } from "../../../site/build/contentPlugin";
import { listingTitle, listingWords } from "../../../site/content/articleSections";
import { pageTitle } from "../../../site/head";
import { staticPaths } from "../../../site/siteMap";

const articles = readArticles();
const guides = articles.filter((article) => article.kind === "guide");
const news = articles.filter((article) => article.kind === "news");
const CATEGORIES = articleSchema.definitions.guideCategory.enum;
const SERVICES = articleSchema.definitions.newsService.enum;

describe("the guides", () => {
  it.each(CATEGORIES)("lists exactly four guides for %s", (category) => {
    expect(guides.filter((guide) => guide.section === category)).toHaveLength(4);
  });

  it("are each at least 500 words long", () => {
    const short = guides.filter((guide) => guide.words < 500).map((guide) => `${guide.file}: ${guide.words} words`);
    expect(short).toEqual([]);
  });

  it("each have a title of their own that keeps within the 60-character title rule, and a description", () => {
    const titles = guides.map((guide) => pageTitle(guide.title));
    expect(new Set(titles).size).toBe(titles.length);
    for (const guide of guides) {
      expect(pageTitle(guide.title).length, guide.file).toBeLessThanOrEqual(60);
      expect(guide.description.length, guide.file).toBeGreaterThanOrEqual(50);
    }
  });
});

describe("the news", () => {
  it.each(SERVICES)("has dated explainers for %s", (service) => {
    const dates = news.filter((article) => article.section === service).map((article) => article.date);
    expect(dates.length).toBeGreaterThanOrEqual(2);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});

describe("the listings", () => {
  const listings = [...CATEGORIES.map((section) => [section, "guide"] as const), ...SERVICES.map((section) => [section, "news"] as const)];

  it("each have a heading, an intro search results show in full, and a title of their own within the title rule", () => {
    const titles = listings.map(([section, kind]) => pageTitle(listingTitle(section, kind)));
    expect(new Set(titles).size).toBe(titles.length);
    for (const title of titles) expect(title.length, title).toBeLessThanOrEqual(60);
    for (const [section, kind] of listings) {
      const { heading, intro } = listingWords(section, kind);
      expect(heading, `${section} ${kind}`).not.toBe("");
      expect(intro.length, `${section} ${kind}`).toBeGreaterThanOrEqual(50);
      expect(intro.length, `${section} ${kind}`).toBeLessThanOrEqual(160);
    }
  });

  it("describe every page differently from every article", () => {
    const descriptions = [...articles.map((article) => article.description), ...listings.map(([s, k]) => listingWords(s, k).intro)];
    expect(new Set(descriptions).size).toBe(descriptions.length);
  });
});

describe("the articles' links", () => {
  it("lead only to pages that exist", () => {
    const pages = new Set([...staticPaths, ...articles.map((article) => article.path)]);
    const broken = articles.flatMap((article) =>
      [...article.html.matchAll(/href="(\/[^"#?]*)/g)].map((m) => m[1]!).filter((href) => !pages.has(href)).map((href) => `${article.file}: ${href}`),
    );
    expect(broken).toEqual([]);
  });
});
