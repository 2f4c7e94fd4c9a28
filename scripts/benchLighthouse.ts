/**
 * Lighthouse (mobile preset, performance only) against the built site served by the real server, median of
 * three runs per page type, beside a plain React 19 single-page app of the same first quote step (the floor,
 * scripts/bench/floor/, built and served in the same sitting). Prints page, score, LCP, TBT, TTI and the
 * JavaScript the page loaded (gzip), as a Markdown table, then the quote page's figures as differences from the
 * floor's, against their targets: the floor and the quote page take turns run by run, so a change in the machine's
 * load falls on both alike, and the targets hold on any machine.
 *
 * `npm run bench:lighthouse` builds the site first; `-- --no-build` measures the existing build,
 * `-- --runs 5` changes the number of runs, `-- --only quote,home` measures only the named rows (the floor always
 * beside the quote page). `-- --published` also publishes business energy's v1 again as a new version on the running
 * server (through the analysts' publishing API, as the studio does) and measures that version's quote page beside
 * the built v1's, taking turns, each asked for with ?v=: the two pages show the same questions, so any difference is
 * the cost of serving a version published at run time.
 * Chromium is the system's (/usr/bin/chromium or CHROMIUM_PATH); nothing is downloaded.
 */
import { execSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import fastifyStatic from "@fastify/static";
import react from "@vitejs/plugin-react";
import { launch } from "chrome-launcher";
import Fastify from "fastify";
import lighthouse from "lighthouse";
import { build } from "vite";
import { buildServer } from "../server/buildServer";
import { scratchAnalyst } from "./support/scratchAnalyst";
import { loadConfig, repoRoot } from "../server/config";
import { chromiumArgs, chromiumPath } from "./support/chromium";
import { precompress } from "./precompress";
import { stopQuietlyWhenOutputCloses } from "../server/cli/closedOutput";

stopQuietlyWhenOutputCloses();

const pages = [
  { name: "floor: plain React 19 SPA, first quote step", path: "/", floor: true },
  { name: "quote", path: "/quote/business-energy/" },
  { name: "home", path: "/" },
  { name: "landing", path: "/business-energy/" },
  { name: "guides listing", path: "/business-energy/guides/" },
  { name: "guide", path: "/business-energy/guides/how-to-read-your-business-energy-bill/" },
  { name: "news listing", path: "/business-energy/news/" },
  { name: "news article", path: "/business-energy/news/why-the-energy-price-cap-does-not-cover-businesses/" },
  { name: "legal", path: "/legal/privacy-policy/" },
  // Lighthouse will not audit an answer with status 404, so the not-found page is loaded by its file's own address.
  { name: "not found", path: "/404.html" },
];

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const runs = Number(option("--runs") ?? 3);
const only = option("--only")?.split(",");
const published = args.includes("--published");
/** The number the copy of v1 is published as: one past the flow's highest in forms/. */
const publishedNumber = 4;
const builtV1 = { name: "quote v1, built", path: "/quote/business-energy/?v=1" };
const publishedV1 = { name: `quote v${publishedNumber}, v1 published at run time`, path: `/quote/business-energy/?v=${publishedNumber}` };
const quotePage = pages.find((p) => p.name === "quote")!;
const floorPage = pages.find((p) => p.floor)!;
const named = only ? pages.filter((p) => only.some((name) => p.name.startsWith(name))) : pages;
const chosen = [...(named.includes(quotePage) && !named.includes(floorPage) ? [floorPage, ...named] : named), ...(published ? [builtV1, publishedV1] : [])];

if (!args.includes("--no-build")) execSync("npm run build", { cwd: repoRoot, stdio: "inherit" });
const siteDir = path.join(repoRoot, "dist/client");

// The floor: built with Vite into a temporary folder, compressed as the site is, and served statically.
const floorDir = mkdtempSync(path.join(tmpdir(), "bench-floor-"));
await build({
  configFile: false,
  root: path.join(repoRoot, "scripts/bench/floor"),
  plugins: [react()],
  logLevel: "warn",
  build: { outDir: floorDir, emptyOutDir: true },
});
await precompress(floorDir);
const floorServer = Fastify();
await floorServer.register(fastifyStatic, { root: floorDir, preCompressed: true });
const floorOrigin = await floorServer.listen({ host: "127.0.0.1", port: 0 });

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-lh-"));
const analyst = await scratchAnalyst(dataDir);
const config = { ...loadConfig(), port: 0, host: "127.0.0.1", dataDir, analystsFile: analyst.file, logLevel: "warn" as const };
const app = await buildServer({ config, logger: false });
const origin = await app.listen({ host: config.host, port: 0 });
if (published) await publishV1Again();
const chrome = await launch({ chromePath: chromiumPath, chromeFlags: chromiumArgs });

interface Run {
  score: number;
  lcp: number;
  tbt: number;
  tti: number;
  js: number;
  /** What the largest contentful paint was (the element's snippet). */
  lcpElement: string;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const gzipOf = (dir: string, urlPath: string) => {
  try {
    return gzipSync(readFileSync(path.join(dir, urlPath)), { level: 9 }).length;
  } catch {
    return 0;
  }
};

/** One Lighthouse run; a run Lighthouse itself could not record (a lost trace on a busy machine) is tried again. */
async function measure(url: string, dir: string, attempt = 1): Promise<Run> {
  const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  const lhr = result?.lhr;
  const failure = !lhr ? "no result" : lhr.runtimeError?.message;
  if (failure && attempt < 3) {
    console.warn(`${url}: ${failure}; running again`);
    return measure(url, dir, attempt + 1);
  }
  if (!lhr || failure) throw new Error(`${url}: ${failure}`);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = (lhr.audits["network-requests"]?.details as { items?: Array<{ url: string; resourceType?: string }> } | undefined)?.items ?? [];
  const scripts = new Set(requests.filter((r) => r.resourceType === "Script").map((r) => new URL(r.url).pathname));
  const lcpItems = (lhr.audits["largest-contentful-paint-element"]?.details as { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined)?.items;
  return {
    lcpElement: lcpItems?.[0]?.items?.[0]?.node?.snippet?.slice(0, 80) ?? "?",
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: metric("largest-contentful-paint"),
    tbt: metric("total-blocking-time"),
    tti: metric("interactive"),
    js: [...scripts].reduce((sum, file) => sum + gzipOf(dir, file), 0),
  };
}

const lighthouseVersion = (JSON.parse(readFileSync(path.join(repoRoot, "node_modules/lighthouse/package.json"), "utf8")) as { version: string }).version;
type Page = { name: string; path: string; floor?: boolean };
const measured = new Map<Page, Run[] | Error>();
/** Runs Lighthouse on a page once more, unless one of its runs has failed for good. */
async function runOnce(page: Page): Promise<void> {
  const runsSoFar = measured.get(page) ?? [];
  if (runsSoFar instanceof Error) return;
  try {
    measured.set(page, [...runsSoFar, await measure((page.floor ? floorOrigin : origin) + page.path, page.floor ? floorDir : siteDir)]);
  } catch (error) {
    measured.set(page, error as Error);
  }
}
type Figure = Exclude<keyof Run, "lcpElement">;
const medianOf = (page: Page, key: Figure) => {
  const runsOf = measured.get(page);
  return Array.isArray(runsOf) ? median(runsOf.map((r) => r[key])) : Number.NaN;
};

try {
  const turns = chosen.filter((page) => page === floorPage || page === quotePage);
  for (let i = 0; i < runs; i++) for (const page of turns) await runOnce(page);
  const versions = published ? [builtV1, publishedV1] : [];
  for (let i = 0; i < runs; i++) for (const page of versions) await runOnce(page);
  for (const page of chosen.filter((p) => !turns.includes(p) && !versions.includes(p))) for (let i = 0; i < runs; i++) await runOnce(page);

  console.log(`\nLighthouse ${lighthouseVersion} mobile, performance, median of ${runs} runs:\n`);
  console.log("| page | score | LCP | TBT | TTI | first-load JS gzip |\n| --- | --- | --- | --- | --- | --- |");
  for (const page of chosen) {
    const runsOf = measured.get(page)!;
    if (runsOf instanceof Error) {
      console.log(`| ${page.name} | not measured: ${runsOf.message} | | | | |`);
      continue;
    }
    const m = (key: Figure) => medianOf(page, key);
    const row = `| ${page.name} | ${m("score")} | ${(m("lcp") / 1000).toFixed(2)} s | ${Math.round(m("tbt"))} ms | ${(m("tti") / 1000).toFixed(2)} s | ${(m("js") / 1000).toFixed(1)} kB |`;
    console.log(`${row}   (scores ${runsOf.map((r) => r.score).join(", ")}; LCP element ${runsOf[0]!.lcpElement})`);
  }
  if (chosen.includes(quotePage)) printAgainstFloor();
} finally {
  chrome.kill();
  await app.close();
  await floorServer.close();
}

/** The quote page's medians as differences from the floor's, each against its target. */
function printAgainstFloor(): void {
  const difference = (key: Figure) => medianOf(quotePage, key) - medianOf(floorPage, key);
  const verdict = (ok: boolean) => (ok ? "meets" : "MISSES");
  const signed = (value: number, digits: number) => `${value >= 0 ? "+" : "−"}${Math.abs(value).toFixed(digits)}`;
  const [tbt, tti, lcp] = [difference("tbt"), difference("tti") / 1000, medianOf(quotePage, "lcp") / 1000];
  console.log(`\nThe quote page against the floor, in this sitting (medians of ${runs} runs, taking turns):`);
  console.log(`  TBT  ${signed(tbt, 0)} ms (target ≤ +30 ms: ${verdict(tbt <= 30)})`);
  console.log(`  TTI  ${signed(tti, 2)} s (target ≤ +0.30 s: ${verdict(tti <= 0.3)})`);
  console.log(`  LCP  ${signed(difference("lcp") / 1000, 2)} s, ${lcp.toFixed(2)} s in all (target ≤ 1.00 s: ${verdict(lcp <= 1)})`);
  console.log(`  score ${medianOf(quotePage, "score")} (target 100: ${verdict(medianOf(quotePage, "score") === 100)}); first-load JS ${signed(difference("js") / 1000, 1)} kB gzip`);
}

/** Publishes business energy's v1, as it is in forms/, again as v4, as a publisher does from the studio. */
async function publishV1Again(): Promise<void> {
  const document = { ...(JSON.parse(readFileSync(path.join(repoRoot, "forms/business-energy/v1.json"), "utf8")) as Record<string, unknown>), version: publishedNumber };
  const answer = await app.inject({
    method: "POST",
    url: "/api/analysts/flows/business-energy/versions",
    headers: { authorization: analyst.authorization, origin, "content-type": "application/json" },
    payload: { document, why: "The same questions, published at run time, for Lighthouse" },
  });
  if (answer.statusCode !== 201) throw new Error(`Publishing v${publishedNumber} answered ${answer.statusCode}: ${answer.body}`);
  // Every instance takes a new published state within two seconds; this one is asked until it serves the page.
  for (let tries = 0; tries < 50; tries++) {
    const page = await app.inject({ method: "GET", url: publishedV1.path });
    if (page.statusCode === 200 && page.body.includes('id="quote-published-flow"')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`v${publishedNumber} was published but its page was not served within 5 s`);
}
