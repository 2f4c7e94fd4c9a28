import { createHash } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { inlineScripts } from "../../server/security/inlineScriptHashes";
import { makeTempDir, removeTempDir, startTestServer, type TestServer } from "./testServer";

const CONSENT_DEFAULTS = "window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('consent','default',{analytics_storage:'denied'});";
const OTHER_INLINE = "document.documentElement.classList.add('js');";

let server: TestServer | undefined;
let siteDir: string | undefined;
afterEach(async () => {
  await server?.close();
  if (siteDir) await removeTempDir(siteDir);
});

/** A built site with an inline consent-mode script on every page, as the site build makes it. */
async function builtSite(): Promise<string> {
  const dir = await makeTempDir("switchplan-csp-");
  await mkdir(path.join(dir, "quote", "business-energy"), { recursive: true });
  const page = (extra: string) =>
    `<!doctype html><html><head><script>${CONSENT_DEFAULTS}</script>${extra}<script type="module" src="/assets/main.js"></script><script type="application/ld+json">{"@type":"Organization"}</script></head><body><h1>Hi</h1></body></html>`;
  await writeFile(path.join(dir, "index.html"), page(`<script>${OTHER_INLINE}</script>`));
  await writeFile(path.join(dir, "quote", "business-energy", "index.html"), page(""));
  return dir;
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  return new Map(
    String(header)
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe("the Content Security Policy", () => {
  it("allows exactly the built pages' inline scripts by hash, Tag Manager and Analytics, and never eval", async () => {
    siteDir = await builtSite();
    server = await startTestServer({ SITE_DIR: siteDir });

    const response = await server.app.inject({ method: "GET", url: "/" });
    const csp = directives(response.headers["content-security-policy"]);

    expect(csp.get("script-src")).toEqual(
      expect.arrayContaining(["'self'", sha256(CONSENT_DEFAULTS), sha256(OTHER_INLINE), "https://www.googletagmanager.com"]),
    );
    expect(csp.get("script-src")).toHaveLength(5);
    expect(String(response.headers["content-security-policy"])).not.toMatch(/unsafe-eval|'unsafe-inline'[^;]*script|script-src[^;]*unsafe-inline/);
    expect(csp.get("connect-src")).toEqual(expect.arrayContaining(["https://*.google-analytics.com", "https://*.analytics.google.com"]));
    expect(csp.get("img-src")).toEqual(expect.arrayContaining(["https://*.google-analytics.com", "https://*.googletagmanager.com"]));
    expect(csp.get("frame-ancestors")).toEqual(["'self'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
  });

  it("allows the pages' inlined stylesheet by its hash, and no other inline style element", async () => {
    siteDir = await builtSite();
    const css = "body{margin:0}.button{color:#fff}";
    await writeFile(path.join(siteDir, "index.html"), `<!doctype html><html><head><style>${css}</style></head><body><h1>Hi</h1></body></html>`);
    server = await startTestServer({ SITE_DIR: siteDir });

    const response = await server.app.inject({ method: "GET", url: "/" });
    const csp = directives(response.headers["content-security-policy"]);

    expect(csp.get("style-src")).toEqual(["'self'", sha256(css)]);
    expect(csp.get("script-src")).not.toContain("'unsafe-inline'");
  });

  it("covers API answers and the 404 page too, with the other security headers", async () => {
    server = await startTestServer();

    for (const url of ["/api/health", "/no-such-page/"]) {
      const { headers } = await server.app.inject({ method: "GET", url });
      expect(headers["content-security-policy"]).toContain("default-src 'self'");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    }
  });

  it("denies the browser features the site never uses (camera, microphone, location, payment…) to every page and frame", async () => {
    server = await startTestServer();

    for (const url of ["/api/health", "/no-such-page/"]) {
      const { headers } = await server.app.inject({ method: "GET", url });
      const denied = String(headers["permissions-policy"]).split(", ");
      expect(denied).toEqual(expect.arrayContaining(["camera=()", "microphone=()", "geolocation=()", "payment=()", "usb=()", "browsing-topics=()"]));
      expect(denied.every((entry) => /^[a-z-]+=\(\)$/.test(entry))).toBe(true);
    }
  });

  it("finds inline scripts browsers run, not external scripts or data blocks", () => {
    const html = `<script>a()</script><script type="module">b()</script><script src="/x.js"></script><script type="application/ld+json">{}</script><SCRIPT type='text/javascript'>c()</SCRIPT>`;

    expect(inlineScripts(html)).toEqual(["a()", "b()", "c()"]);
  });
});
