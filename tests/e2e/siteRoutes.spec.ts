import { expect, test } from "./pageTest";
import { CONTENT_PAGES } from "./siteHelpers";

const SITE_URL = "http://localhost:3000";

/** The page addresses the sitemap lists, as paths. */
async function sitemapPaths(request: import("@playwright/test").APIRequestContext): Promise<string[]> {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  return [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

const headingsOf = (html: string) => [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, "").trim());
const metaOf = (html: string, attribute: string, name: string) =>
  new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(html)?.[1];

test("every content page answers 200 with its main heading in the HTML, before any script runs", async ({ request }) => {
  for (const { path, heading } of CONTENT_PAGES) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(headingsOf(await response.text()), path).toEqual([heading]);
  }
});

test("the sitemap lists every page and quote page, and each answers 200 with one main heading", async ({ request }) => {
  const paths = await sitemapPaths(request);
  for (const { path } of CONTENT_PAGES) expect(paths).toContain(path);
  const quotePaths = paths.filter((path) => path.startsWith("/quote/"));
  expect(quotePaths).toContain("/quote/business-energy/");
  for (const path of quotePaths) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(headingsOf(await response.text()), path).toHaveLength(1);
  }
});

test("an unknown address answers 404 with the not-found page, kept out of search results", async ({ request }) => {
  for (const path of ["/no-such-page/", "/business-energy/no-such-guide/"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    const html = await response.text();
    expect(headingsOf(html)).toEqual(["Page not found"]);
    expect(html).toContain('<meta name="robots" content="noindex" />');
  }
});

test("robots.txt lets crawlers in, keeps them off the API and the analysts' pages and names the sitemap", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(await response.text()).toBe(`User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /analysts/\n\nSitemap: ${SITE_URL}/sitemap.xml\n`);
});

test("every page has a unique title and description, a canonical address and Open Graph tags", async ({ request }) => {
  const paths = await sitemapPaths(request);
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
    const description = metaOf(html, "name", "description") ?? "";
    expect(title, path).not.toBe("");
    if (title.endsWith(" | SwitchPlan")) expect(title.length, title).toBeLessThanOrEqual(60);
    expect(description.length, path).toBeGreaterThan(50);
    expect(titles.get(title), `${path} has the title of ${titles.get(title)}`).toBeUndefined();
    expect(descriptions.get(description), `${path} has the description of ${descriptions.get(description)}`).toBeUndefined();
    titles.set(title, path);
    descriptions.set(description, path);
    expect(html, path).toContain(`<link rel="canonical" href="${SITE_URL}${path}" />`);
    expect(metaOf(html, "property", "og:title"), path).toBe(title);
    expect(metaOf(html, "property", "og:url"), path).toBe(SITE_URL + path);
    expect(metaOf(html, "property", "og:description"), path).toBe(description);
  }
});

test("content pages carry their breadcrumbs as schema.org BreadcrumbList JSON-LD", async ({ request }) => {
  const html = await (await request.get("/take-card-payments/barclaycard/")).text();
  const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(JSON.parse(jsonLd!)).toEqual({
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [
      { "@type": "ListItem", position: 1, name: "Home", item: `${SITE_URL}/` },
      { "@type": "ListItem", position: 2, name: "Take Card Payments", item: `${SITE_URL}/take-card-payments/` },
      { "@type": "ListItem", position: 3, name: "Barclaycard Payments", item: `${SITE_URL}/take-card-payments/barclaycard/` },
    ],
  });
  expect(html).toMatch(
    /<nav aria-label="Breadcrumb"[^>]*><ol><li><a href="\/"[^>]*>Home<\/a><\/li><li><a href="\/take-card-payments\/"[^>]*>Take Card Payments<\/a><\/li><li aria-current="page">Barclaycard Payments<\/li><\/ol>/,
  );
});

test("every page shares the same single inline script (the consent-mode snippet), so the CSP can allow it by hash; data blocks are not scripts", async ({ request }) => {
  const paths = [...(await sitemapPaths(request)), "/no-such-page/"];
  const inline = new Set<string>();
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/(?:ld\+)?json)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(scripts, path).toHaveLength(1);
    inline.add(scripts[0]!);
  }
  expect(inline.size).toBe(1);
  expect([...inline][0]).toContain('gtag("consent", "default"');
});

test("with scripts off, a content page still reads in full and its quick-start box still leads to the quote page", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/business-water/");
  await expect(page.getByRole("heading", { level: 1, name: "Compare business water retailers" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "How switching works" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText("Subscribe Now");
  // The banner shows, and works as a plain form (tests/e2e/beforeScripts.spec.ts).
  await expect(page.getByRole("region", { name: "Cookies on this site" })).toBeVisible();
  await page.getByRole("textbox", { name: "Postcode" }).first().fill("LS1 4DY");
  await page.getByRole("button", { name: "Get a quote" }).first().click();
  await expect(page).toHaveURL(/\/quote\/business-water\/\?postcode=LS1\+4DY$/);
  await context.close();
});
