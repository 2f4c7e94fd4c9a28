import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { tagManagerSnippet } from "../../../site/build/tagManagerPlugin";
import { ANALYTICS_COOKIE, CONSENT_CHOSEN_COOKIE, MARKETING_COOKIE } from "../../../engine/core/siteCookies";
import { CONSENT_PENDING_CLASS } from "../../../site/consent/consentState";
import { entryAfterFirstPaint, inlineStylesheets, robotsTxt, sitemapXml, withoutScripts } from "../../../scripts/prerender";

const indexHtml = readFileSync(fileURLToPath(new URL("../../../site/index.html", import.meta.url)), "utf8");

describe("the page template's consent snippet", () => {
  it("reads the same cookies and sets the same class as the site's consent code", () => {
    for (const name of [CONSENT_CHOSEN_COOKIE, ANALYTICS_COOKIE, MARKETING_COOKIE, CONSENT_PENDING_CLASS])
      expect(indexHtml).toContain(`"${name}"`);
  });

  it("sets every consent-mode default to denied, before the Tag Manager marker", () => {
    const defaults = indexHtml.indexOf('gtag("consent", "default"');
    expect(defaults).toBeGreaterThan(0);
    expect(defaults).toBeLessThan(indexHtml.indexOf("<!--tag-manager-->"));
    for (const kind of ["ad_storage", "ad_user_data", "ad_personalization", "analytics_storage"])
      expect(indexHtml).toContain(`${kind}: "denied"`);
  });
});

describe("Tag Manager", () => {
  it("loads the configured container", () => {
    expect(tagManagerSnippet("GTM-AB12CD3")).toContain('"dataLayer","GTM-AB12CD3"');
  });

  it("refuses an id that is not a container id, naming the setting", () => {
    expect(() => tagManagerSnippet('GTM-X"><script>')).toThrow(/VITE_GTM_ID/);
  });
});

describe("the sitemap and robots.txt", () => {
  it("lists absolute page addresses", () => {
    expect(sitemapXml("https://example.co.uk", ["/", "/business-water/"])).toContain("<loc>https://example.co.uk/business-water/</loc>");
  });

  it("lets crawlers read the pages but not the API or the analysts' pages, and names the sitemap", () => {
    expect(robotsTxt("https://example.co.uk")).toBe(
      "User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /analysts/\n\nSitemap: https://example.co.uk/sitemap.xml\n",
    );
  });
});

describe("the inlined stylesheet", () => {
  it("replaces the stylesheet link with its rules, so the first paint waits for no request", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "inline-css-"));
    try {
      mkdirSync(path.join(dir, "assets"));
      writeFileSync(path.join(dir, "assets/index-abc.css"), "body{margin:0}\n");
      const html = '<head><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head>';
      expect(await inlineStylesheets(html, dir)).toBe("<head><style>body{margin:0}</style></head>");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("leaves a stylesheet the server answers as a link: the cookie banner's rules for a page without scripts", async () => {
    const html = '<head><noscript><link rel="stylesheet" href="/api/consent/no-script.css"></noscript></head>';
    expect(await inlineStylesheets(html, tmpdir())).toBe(html);
  });
});

describe("a page's code", () => {
  const built =
    '<!doctype html>\n<html lang="en-GB">\n  <head>\n    <script>inline()</script>\n' +
    '    <script type="module" crossorigin src="/assets/index-abc.js"></script>\n' +
    '    <link rel="modulepreload" crossorigin href="/assets/consentState-def.js">\n' +
    '    <link rel="modulepreload" crossorigin href="/assets/preload-helper-ghi.js">\n  </head>\n  <body></body>\n</html>';

  it("is named on the page for the template's script to ask for after the first paint, with nothing the browser fetches before it", () => {
    const page = entryAfterFirstPaint(built);
    expect(page).toContain('<html lang="en-GB" data-entry="/assets/index-abc.js /assets/consentState-def.js /assets/preload-helper-ghi.js">');
    expect(page).not.toMatch(/<script type="module"|modulepreload/);
    expect(page).toContain("<script>inline()</script>");
  });

  it("is left out of a page without scripts", () => {
    expect(withoutScripts(entryAfterFirstPaint(built))).toBe('<!doctype html>\n<html lang="en-GB">\n  <head>\n    <script>inline()</script>\n    </head>\n  <body></body>\n</html>');
  });
});
