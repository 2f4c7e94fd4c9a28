/**
 * Prints the JavaScript each page type loads before the visitor does anything (gzip), measured in Chromium
 * against the built site, on a phone-sized and a desktop-sized screen, for a first visit (the cookie banner
 * showing). Below-the-fold code that loads only once it is scrolled to (the footer) counts where it is in view.
 * Also how much of it is the form library (RJSF). Run after `npm run build`: `npm run bench:bundle`.
 */
import { readFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { buildServer } from "../server/buildServer";
import { loadConfig, repoRoot } from "../server/config";
import { chromiumArgs, chromiumPath } from "./support/chromium";
import { stopQuietlyWhenOutputCloses } from "../server/cli/closedOutput";

stopQuietlyWhenOutputCloses();

const pages = [
  { name: "home", path: "/" },
  { name: "landing", path: "/business-energy/" },
  { name: "partner landing", path: "/take-card-payments/barclaycard/" },
  { name: "legal", path: "/legal/privacy-policy/" },
  { name: "guide", path: "/business-energy/guides/how-to-read-your-business-energy-bill/" },
  { name: "guides listing", path: "/business-energy/guides/" },
  { name: "news article", path: "/business-energy/news/why-the-energy-price-cap-does-not-cover-businesses/" },
  { name: "news listing", path: "/business-energy/news/" },
  { name: "not found", path: "/no-such-page/" },
  { name: "quote (first step)", path: "/quote/business-energy/?v=1" },
];
const screens = [
  { name: "phone", viewport: { width: 412, height: 823 } },
  { name: "desktop", viewport: { width: 1280, height: 720 } },
];
/** First-load budgets (gzip bytes): the quote page hydrates its form at once; content pages hydrate nothing until used. */
const QUOTE_BUDGET = 95_000;
const CONTENT_BUDGET = 80_000;

const config = {
  ...loadConfig(),
  port: 0,
  host: "127.0.0.1",
  dataDir: mkdtempSync(path.join(tmpdir(), "bench-")),
  logLevel: "warn" as const,
};
const app = await buildServer({ config, logger: false });
const origin = await app.listen({ host: config.host, port: 0 });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });

const gzipSize = (urlPath: string) => gzipSync(readFileSync(path.join(repoRoot, "dist/client", urlPath)), { level: 9 }).length;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const overBudget: string[] = [];

try {
  for (const screen of screens) {
    console.log(`\n${screen.name} (${screen.viewport.width}×${screen.viewport.height})`);
    for (const { name, path: pagePath } of pages) {
      const context = await browser.newContext({ viewport: screen.viewport });
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.add(new URL(request.url()).pathname);
      });
      await page.goto(origin + pagePath, { waitUntil: "networkidle" });
      const sizes = [...scripts].map((file) => ({ file, gzip: gzipSize(file) }));
      const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
      const rjsf = sizes.filter((s) => s.file.includes("FormStep")).reduce((sum, s) => sum + s.gzip, 0);
      console.log(`${name}: ${kB(total)} gzip in ${sizes.length} scripts; RJSF ${kB(rjsf)} (${((rjsf / total) * 100).toFixed(0)}%)`);
      for (const s of sizes.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kB(s.gzip).padStart(9)}  ${s.file}`);
      const budget = name.startsWith("quote") ? QUOTE_BUDGET : CONTENT_BUDGET;
      if (total > budget) overBudget.push(`${name} on a ${screen.name}: ${kB(total)} (budget ${kB(budget)})`);
      await context.close();
    }
  }
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, "dist/client/.vite/manifest.json"), "utf8")) as Record<
    string,
    { file: string }
  >;
  const chunk = (match: string) => Object.values(manifest).find((entry) => entry.file.includes(match));
  console.log("");
  for (const [label, match] of [
    ["form step chunk (RJSF, loaded once a visitor starts)", "FormStep"],
    ["cookie settings popup (loaded on Customise)", "ConsentPopup"],
    ["saving a cookie choice (loaded on a choice)", "saveConsent"],
  ] as const) {
    const found = chunk(match);
    if (found) console.log(`${label}: ${kB(gzipSize(found.file))} gzip`);
  }
  if (overBudget.length > 0) console.log(`\nOver budget: ${overBudget.join("; ")}`);
} finally {
  await browser.close();
  await app.close();
}
