/**
 * Prints the JavaScript each page type loads before the visitor does anything (gzip), measured in Chromium
 * against the built site, and how much of it is the form library (RJSF). Run after `npm run build`:
 * `npm run bench:bundle`.
 */
import { readFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { buildServer } from "../server/buildServer";
import { loadConfig, repoRoot } from "../server/config";
import { chromiumArgs, chromiumPath } from "../tests/e2e/chromium";

const pages = [
  { name: "home", path: "/" },
  { name: "quote (first step)", path: "/quote/business-energy/?v=1" },
];

const config = { ...loadConfig(), port: 0, host: "127.0.0.1", dataDir: mkdtempSync(path.join(tmpdir(), "bench-")), logLevel: "warn" as const };
const app = await buildServer({ config });
const origin = await app.listen({ host: config.host, port: 0 });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });

const gzipSize = (urlPath: string) => gzipSync(readFileSync(path.join(repoRoot, "dist/client", urlPath)), { level: 9 }).length;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

try {
  for (const { name, path: pagePath } of pages) {
    const page = await browser.newPage();
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
    await page.close();
  }
  const formChunk = readFileSync(path.join(repoRoot, "dist/client/.vite/manifest.json"), "utf8");
  const manifest = JSON.parse(formChunk) as Record<string, { file: string }>;
  const formStep = Object.values(manifest).find((entry) => entry.file.includes("FormStep"));
  if (formStep) console.log(`form step chunk (RJSF, loaded once a visitor starts): ${kB(gzipSize(formStep.file))} gzip`);
} finally {
  await browser.close();
  await app.close();
}
