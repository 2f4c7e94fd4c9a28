import { expect, test, type APIRequestContext } from "./pageTest";
import { readArticles } from "../../site/build/contentPlugin";
import { seriousViolations } from "./axe";
import { chooseConsentBeforehand } from "./siteHelpers";

const articles = readArticles();
const sections = (kind: "guide" | "news") => [...new Set(articles.filter((a) => a.kind === kind).map((a) => a.section))];
const GUIDE = "/business-energy/guides/how-to-read-your-business-energy-bill/";
const SITE_URL = "http://localhost:3000";

const decode = (html: string) =>
  html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
const headingsOf = (html: string) => [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => decode(m[1]!.replace(/<[^>]+>/g, "").trim()));

async function page200(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return response.text();
}

test("every guide and news article answers 200 with its title as the heading, before any script runs", async ({ request }) => {
  for (const article of articles) expect(headingsOf(await page200(request, article.path)), article.path).toEqual([article.title]);
});

test("every guides and news listing answers 200 with its heading and each of its articles, newest first", async ({ request }) => {
  for (const kind of ["guide", "news"] as const) {
    for (const section of sections(kind)) {
      const path = `/${section}/${kind === "guide" ? "guides" : "news"}/`;
      const html = await page200(request, path);
      expect(headingsOf(html), path).toHaveLength(1);
      const listed = [...html.matchAll(/<h2 class="article-card__title"><a href="([^"]+)"/g)].map((m) => m[1]);
      const expected = articles.filter((a) => a.kind === kind && a.section === section).map((a) => a.path);
      expect(listed, path).toEqual(expected);
    }
  }
});

test("every news service has an Atom feed of its articles, announced by its listing", async ({ request }) => {
  for (const service of sections("news")) {
    const feedPath = `/${service}/news/feed.xml`;
    const feed = await page200(request, feedPath);
    expect(feed).toContain(`<link rel="self" type="application/atom+xml" href="${SITE_URL}${feedPath}"/>`);
    const entries = [...feed.matchAll(/<entry>\s*<id>([^<]+)<\/id>/g)].map((m) => new URL(m[1]!).pathname);
    expect(entries, feedPath).toEqual(articles.filter((a) => a.kind === "news" && a.section === service).map((a) => a.path));
    expect(await page200(request, `/${service}/news/`)).toContain(`<link rel="alternate" type="application/atom+xml"`);
  }
});

test("an unknown guide or news address answers 404 with the not-found page", async ({ request }) => {
  for (const path of ["/business-energy/guides/no-such-guide/", "/business-water/news/no-such-news/", "/business-loans/news/"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(headingsOf(await response.text()), path).toEqual(["Page not found"]);
  }
});

test("a guide reads without scripts: breadcrumbs, dates, reading time, structured data, related guides and a quick start", async ({
  browser,
  request,
}) => {
  const html = await page200(request, GUIDE);
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
  expect(jsonLd.find((data) => data["@type"] === "Article")).toMatchObject({
    headline: "How to read your business energy bill",
    datePublished: "2025-09-08",
    mainEntityOfPage: `${SITE_URL}${GUIDE}`,
  });

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(GUIDE);
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem");
  await expect(crumbs).toHaveText(["Home", "Business Energy", "Guides & Tools", "How to read your business energy bill"]);
  await expect(page.getByRole("main")).toContainText(/Published 8 September 2025.*min read/);
  await expect(page.getByRole("navigation", { name: "Related guides" }).getByRole("link")).toHaveCount(3);
  await expect(page.getByRole("navigation", { name: "More guides" }).getByRole("link", { name: /^Next guide/ })).toBeVisible();
  await page.getByRole("textbox", { name: "Postcode" }).last().fill("LS1 4DY");
  await page.getByRole("button", { name: "Get a quote" }).last().click();
  await expect(page).toHaveURL(/\/quote\/business-energy\/\?postcode=LS1\+4DY$/);
  await context.close();
});

test("the footer lists the four guides of the category, on its landing page and its guides and news", async ({ page, context, baseURL }) => {
  await chooseConsentBeforehand(context, baseURL!);
  const energyGuides = articles.filter((a) => a.kind === "guide" && a.section === "business-energy").map((a) => a.title);
  for (const path of ["/business-energy/", GUIDE, "/business-energy/news/"]) {
    await page.goto(path);
    const guides = page.getByRole("contentinfo").getByRole("region", { name: "Guides" }).getByRole("link");
    await expect(guides, path).toHaveText([...energyGuides, "Business Energy Guides & Tools", "Business Energy News"]);
  }
});

test("moving between guides in the app changes the page, its title and the share links, without reloading", async ({ page, context, baseURL }) => {
  await chooseConsentBeforehand(context, baseURL!);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  await page.goto("/business-water/guides/", { waitUntil: "networkidle" });
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const first = articles.find((a) => a.kind === "guide" && a.section === "business-water")!;
  await page.getByRole("main").getByRole("link", { name: first.title }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.title);
  await expect(page).toHaveTitle(first.title.length + 13 <= 60 ? `${first.title} | SwitchPlan` : first.title);
  await expect(page.getByRole("contentinfo").getByRole("link", { name: /Share on LinkedIn/ })).toHaveAttribute(
    "href",
    new RegExp(`title=${encodeURIComponent(first.title).replace(/[()]/g, "\\$&")}`),
  );
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Guides & Tools" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Business water guides");
  expect(await page.evaluate(() => "sameDocument" in window), "guides open inside the app").toBe(true);
  await page.goto(GUIDE, { waitUntil: "networkidle" });
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.locator(".article__body").getByRole("link", { name: "compare business energy quotes" }).click();
  await expect(page).toHaveURL(/\/quote\/business-energy\/$/);
  expect(await page.evaluate(() => "sameDocument" in window), "a link in the article's text opens inside the app").toBe(true);
  expect(errors).toEqual([]);
});

for (const { type, path } of [
  { type: "guide", path: "/business-insurance/guides/public-liability-vs-professional-indemnity/" },
  { type: "news listing", path: "/business-energy/news/" },
]) {
  test(`an axe scan of a ${type} finds nothing serious or critical, and nothing scrolls sideways on a small phone`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 320, height: 800 } });
    const page = await context.newPage();
    await page.goto(path, { waitUntil: "networkidle" });
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await context.close();
  });
}
