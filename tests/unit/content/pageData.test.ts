import { describe, expect, it } from "vitest";
import type { Article, ArticleSummary } from "../../../site/articles/article";
import { articlePageData, footerLinks, listings, pagePaths } from "../../../site/articles/pageData";

/** A minimal article: kind, section, slug and date are all that listings and links read. */
function article(kind: "guide" | "news", section: string, slug: string, date: string): Article {
  const folder = kind === "guide" ? "guides" : "news";
  return {
    title: `${section} ${slug}`,
    description: `About ${slug}`,
    date,
    author: "Editorial team",
    summary: `Summary of ${slug}`,
    kind,
    section,
    slug,
    path: `/${section}/${folder}/${slug}/`,
    words: 600,
    readingMinutes: 3,
    file: `${folder}/${section}/${slug}.md`,
    html: `<p>${slug}</p>`,
  };
}

// Newest first, as readArticles returns them.
const all: Article[] = [
  article("news", "business-water", "latest", "2026-05-01"),
  article("guide", "business-water", "newest-guide", "2026-04-01"),
  article("guide", "business-energy", "only-energy-guide", "2026-03-01"),
  article("guide", "business-water", "middle-guide", "2026-02-01"),
  article("news", "business-water", "earlier", "2026-01-15"),
  article("guide", "business-water", "oldest-guide", "2026-01-01"),
];
const summaries: ArticleSummary[] = all.map(({ html: _html, ...summary }) => summary);
const pageOf = (slug: string) => articlePageData(summaries, all.find((a) => a.slug === slug)!);
const titleOf = (slug: string) => all.find((a) => a.slug === slug)!.title;

describe("the listings", () => {
  it("list each section's guides and news apart, newest first", () => {
    expect(listings(summaries).map((l) => `${l.section} ${l.articleKind}: ${l.articles.map((a) => a.slug).join(", ")}`)).toEqual([
      "business-water news: latest, earlier",
      "business-water guide: newest-guide, middle-guide, oldest-guide",
      "business-energy guide: only-energy-guide",
    ]);
  });

  it("carry no article bodies", () => {
    for (const listing of listings(summaries)) for (const entry of listing.articles) expect(entry).not.toHaveProperty("html");
  });
});

describe("an article's page", () => {
  it.each([
    ["newest-guide", "middle-guide", undefined],
    ["middle-guide", "oldest-guide", "newest-guide"],
    ["oldest-guide", undefined, "middle-guide"],
    ["only-energy-guide", undefined, undefined],
    ["latest", "earlier", undefined],
  ])("links %s to the one published before (%s) and after (%s) in its own section and kind", (slug, previous, next) => {
    const page = pageOf(slug);
    expect(page.previous?.title).toBe(previous && titleOf(previous));
    expect(page.next?.title).toBe(next && titleOf(next));
  });

  it("relates a guide to the other guides of its category, and a news article to its service's guides", () => {
    expect(pageOf("middle-guide").related.map((link) => link.path)).toEqual([
      "/business-water/guides/newest-guide/",
      "/business-water/guides/oldest-guide/",
    ]);
    expect(pageOf("latest").related).toHaveLength(3);
    expect(pageOf("only-energy-guide").related).toEqual([]);
  });

  it("carries its own body and nobody else's", () => {
    const page = pageOf("middle-guide");
    expect(page.html).toBe("<p>middle-guide</p>");
    expect(page.article).not.toHaveProperty("html");
  });
});

describe("the footer's links", () => {
  it("give each guide category its guides, newest first, then its guides and news listings", () => {
    expect(footerLinks(summaries).guideLinks).toEqual({
      "business-water": [
        "/business-water/guides/newest-guide/",
        "/business-water/guides/middle-guide/",
        "/business-water/guides/oldest-guide/",
        "/business-water/guides/",
        "/business-water/news/",
      ],
      "business-energy": ["/business-energy/guides/only-energy-guide/", "/business-energy/guides/"],
    });
  });

  it("give a title to every listing and article", () => {
    const { titles } = footerLinks(summaries);
    expect(Object.keys(titles).sort()).toEqual(pagePaths(summaries).sort());
    expect(titles["/business-water/guides/"]).toBe("Business Water Guides & Tools");
    expect(titles["/business-water/news/"]).toBe("Business Water News");
  });
});
