// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { atomFeed } from "../../../site/articles/atomFeed";
import type { ArticleSummary } from "../../../site/articles/article";

const ATOM = "http://www.w3.org/2005/Atom";

const entry = (slug: string, date: string, updated?: string): ArticleSummary => ({
  title: `Rates & "tariffs" <${slug}>`,
  description: "A description long enough to be a description of an article.",
  date,
  ...(updated ? { updated } : {}),
  author: "Editorial team",
  summary: `What ${slug} means for a business & its bills.`,
  kind: "news",
  section: "business-energy",
  slug,
  path: `/business-energy/news/${slug}/`,
  words: 300,
  readingMinutes: 2,
  file: `news/business-energy/${slug}.md`,
});

const xml = atomFeed({
  origin: "https://www.example.co.uk",
  path: "/business-energy/news/feed.xml",
  pagePath: "/business-energy/news/",
  title: "Business Energy News | SwitchPlan",
  subtitle: "Explainers, newest first.",
  publisher: "SwitchPlan",
  articles: [entry("newer", "2026-03-01"), entry("older", "2025-12-01", "2026-04-02")],
});
const feed = new DOMParser().parseFromString(xml, "application/xml");
const text = (parent: Element | Document, name: string) => parent.getElementsByTagNameNS(ATOM, name)[0]?.textContent;

describe("a news feed", () => {
  it("is well-formed Atom with the feed's id, title, updated time and links to itself and its page", () => {
    expect(feed.getElementsByTagName("parsererror")).toHaveLength(0);
    expect(feed.documentElement.namespaceURI).toBe(ATOM);
    expect(feed.documentElement.localName).toBe("feed");
    expect(text(feed, "id")).toBe("https://www.example.co.uk/business-energy/news/feed.xml");
    expect(text(feed, "title")).toBe("Business Energy News | SwitchPlan");
    const links = [...feed.documentElement.children].filter((e) => e.localName === "link").map((e) => `${e.getAttribute("rel")} ${e.getAttribute("href")}`);
    expect(links).toEqual([
      "self https://www.example.co.uk/business-energy/news/feed.xml",
      "alternate https://www.example.co.uk/business-energy/news/",
    ]);
  });

  it("is as recent as its latest publication or update", () => {
    expect([...feed.documentElement.children].find((e) => e.localName === "updated")?.textContent).toBe("2026-04-02T00:00:00Z");
  });

  it("has one entry per article with its id, title, dates, link, author and summary, text escaped", () => {
    const entries = [...feed.getElementsByTagNameNS(ATOM, "entry")];
    expect(entries).toHaveLength(2);
    const older = entries[1]!;
    expect(text(older, "id")).toBe("https://www.example.co.uk/business-energy/news/older/");
    expect(text(older, "title")).toBe('Rates & "tariffs" <older>');
    expect(text(older, "published")).toBe("2025-12-01T00:00:00Z");
    expect(text(older, "updated")).toBe("2026-04-02T00:00:00Z");
    expect(older.getElementsByTagNameNS(ATOM, "link")[0]?.getAttribute("href")).toBe("https://www.example.co.uk/business-energy/news/older/");
    expect(text(older, "name")).toBe("Editorial team");
    expect(text(older, "summary")).toBe("What older means for a business & its bills.");
  });

  it("refuses to be written without articles", () => {
    expect(() => atomFeed({ origin: "", path: "/x/news/feed.xml", pagePath: "/x/news/", title: "", subtitle: "", publisher: "", articles: [] })).toThrow(
      "/x/news/feed.xml: a feed needs at least one article",
    );
  });
});
