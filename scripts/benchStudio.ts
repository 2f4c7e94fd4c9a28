/**
 * `npm run bench:studio`: the flow studio's figures, through the live preview on a scratch copy of forms/, in
 * Chromium: the time to open the largest flow's version page until its step list shows (the first time, with
 * Vite's compiling, then the median of ROUNDS more), the time from changing a question to the phone preview showing it, the API's
 * check and save (median of ROUNDS), and the JavaScript the studio's page loads (bytes as transferred: in the
 * preview Vite serves its modules unbundled and uncompressed), and bundled as a build would bundle it (the site's
 * build never does: the studio is the preview's alone). A figure the studio cannot give yet prints "n/a".
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Page } from "@playwright/test";
import { build } from "vite";
import { defaultFormsDir, loadFlowCorpus, repoRoot } from "../engine/node/formsFolder";
import { formatJson } from "../engine/studio/jsonStyle";
import { chromiumArgs, chromiumPath } from "./support/chromium";
import { startLivePreview } from "./livePreview";
import { stopQuietlyWhenOutputCloses } from "../server/cli/closedOutput";

stopQuietlyWhenOutputCloses();

const ROUNDS = Number(process.env.ROUNDS ?? 7);
/** How long a piece of the page may take before it counts as missing. */
const WAIT_MS = 15_000;

const scratch = mkdtempSync(path.join(tmpdir(), "studio-bench-"));
const formsDir = path.join(scratch, "forms");
cpSync(defaultFormsDir, formsDir, { recursive: true });

// The largest flow: the version with the most steps.
const largest = loadFlowCorpus(formsDir)
  .flows.flatMap((flow) => flow.versions.flatMap((v) => (v.current ? [{ flow: flow.id, version: v.version, steps: v.current.steps }] : [])))
  .sort((a, b) => b.steps.length - a.steps.length)[0]!;
const asked = largest.steps.find((step) => typeof (step as { question?: unknown }).question === "string")!;
// A copy of it as a version no visitor gets (a live version opens read-only), as an analyst's new version would be.
const copy = { flow: largest.flow, version: Math.max(...readdirSync(path.join(formsDir, largest.flow)).flatMap((name) => /^v(\d+)\.json$/.exec(name)?.[1] ?? []).map(Number)) + 1 };
const copied = JSON.parse(readFileSync(path.join(formsDir, largest.flow, `v${largest.version}.json`), "utf8")) as Record<string, unknown>;
writeFileSync(path.join(formsDir, copy.flow, `v${copy.version}.json`), formatJson({ ...copied, version: copy.version }));

const preview = await startLivePreview({ ...process.env, FORMS_DIR: formsDir, DATA_DIR: path.join(scratch, "data"), PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "error" });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const rows: Array<[string, string, string]> = [];
const ms = (value: number | undefined) => (value === undefined ? "n/a" : `${Math.round(value)} ms`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** How long `until` takes, or undefined when what it waits for never comes. */
async function timed(until: () => Promise<unknown>): Promise<number | undefined> {
  const started = performance.now();
  try {
    await until();
    return performance.now() - started;
  } catch {
    return undefined;
  }
}

const versionUrl = new URL(`/studio/${copy.flow}/v${copy.version}`, preview.url).href;
const stepList = (page: Page) => page.getByRole("region", { name: "Steps" }).getByRole("button").first();

try {
  // Opening: the first time (Vite compiles the studio's modules), then once they are compiled.
  const page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
  // Each script's body and headers (Vite's development server sends them uncompressed, so the body is as sent).
  const scripts = new Map<string, Promise<number>>();
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    const size = Promise.all([response.body(), response.request().sizes()]).then(
      ([body, sizes]) => body.length + sizes.responseHeadersSize,
      () => 0,
    );
    scripts.set(response.url(), size);
  });
  const cold = await timed(() => page.goto(versionUrl).then(() => stepList(page).waitFor({ timeout: WAIT_MS * 2 })));
  await page.waitForLoadState("networkidle");
  const javascript = (await Promise.all(scripts.values())).reduce((sum, size) => sum + size, 0);
  const opens: number[] = [];
  for (let round = 0; cold !== undefined && round < ROUNDS; round++) {
    const opened = await timed(() => page.goto(versionUrl).then(() => stepList(page).waitFor({ timeout: WAIT_MS })));
    if (opened !== undefined) opens.push(opened);
  }
  const warm = opens.length > 0 ? median(opens) : undefined;
  rows.push([`open ${largest.flow} v${largest.version} (${largest.steps.length} steps, as v${copy.version}), first time`, ms(cold), ""]);
  rows.push([`open it again, compiled (median of ${opens.length})`, ms(warm), "≤ 1000 ms"]);

  // An edit: the step's question changed in its properties, until the phone preview shows the new wording.
  let redrawn: number | undefined;
  if (warm !== undefined) {
    const chosen = await timed(async () => {
      await page.getByRole("region", { name: "Steps" }).getByRole("button", { name: asked.id, exact: true }).click({ timeout: WAIT_MS });
      await page.getByLabel("Question", { exact: true }).waitFor({ timeout: WAIT_MS });
    });
    if (chosen !== undefined) {
      const wording = `${(asked as { question: string }).question} (edited)`;
      redrawn = await timed(async () => {
        await page.getByLabel("Question", { exact: true }).fill(wording, { timeout: WAIT_MS });
        await page.locator("iframe").first().contentFrame().getByText(wording).first().waitFor({ timeout: WAIT_MS });
      });
    }
  }
  rows.push([`edit a question to the phone preview redrawn`, ms(redrawn), "≤ 1000 ms"]);
  await page.close();

  // The API, as the studio calls it.
  const api = (address: string, body?: unknown) =>
    fetch(new URL(`/studio/api/flows/${largest.flow}${address}`, preview.url), body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const name = `v${largest.version}.json`;
  const openTimes: number[] = [];
  const checkTimes: number[] = [];
  const diffTimes: number[] = [];
  const saveTimes: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let started = performance.now();
    const { files } = (await (await api("")).json()) as { files: Record<string, { text: string; hash: string }> };
    openTimes.push(performance.now() - started);
    const { text, hash } = files[name]!;
    started = performance.now();
    await (await api("/check", { files: { [name]: text } })).json();
    checkTimes.push(performance.now() - started);
    started = performance.now();
    await (await api("/save", { files: { [name]: { text, base: hash } }, confirm: false })).json();
    diffTimes.push(performance.now() - started);
    started = performance.now();
    const saved = await api("/save", { files: { [name]: { text, base: hash } }, confirm: true });
    if (saved.status !== 200) throw new Error(`the save answered ${saved.status}: ${await saved.text()}`);
    saveTimes.push(performance.now() - started);
  }
  rows.push([`API: read the flow (median of ${ROUNDS})`, ms(median(openTimes)), ""]);
  rows.push([`API: check a draft (median of ${ROUNDS})`, ms(median(checkTimes)), ""]);
  rows.push([`API: save, diff only (median of ${ROUNDS})`, ms(median(diffTimes)), ""]);
  rows.push([`API: save, written (median of ${ROUNDS})`, ms(median(saveTimes)), ""]);
  rows.push([`studio's JavaScript, as transferred (preview, unbundled)`, scripts.size === 0 ? "n/a" : `${(javascript / 1000).toFixed(1)} kB in ${scripts.size} scripts`, ""]);
  rows.push(["studio's JavaScript, bundled as a build would (gzip)", await bundledSize(), ""]);
} finally {
  await browser.close();
  await preview.close();
  rmSync(scratch, { recursive: true, force: true });
}

const width = Math.max(...rows.map(([label]) => label.length));
console.log(`The flow studio (${ROUNDS} rounds; the largest flow is ${largest.flow} v${largest.version})`);
for (const [label, figure, target] of rows) console.log(`${label.padEnd(width)}  ${figure.padStart(10)}  ${target}`);

/** The studio's page built on its own into a scratch folder: its JavaScript, gzipped. */
async function bundledSize(): Promise<string> {
  const outDir = path.join(scratch, "studio-build");
  try {
    await build({
      configFile: path.join(repoRoot, "vite.config.ts"),
      configLoader: "runner",
      logLevel: "silent",
      build: { outDir, emptyOutDir: true, manifest: false, rolldownOptions: { input: path.join(repoRoot, "site/studio/index.html") } },
    });
    const assets = path.join(outDir, "assets");
    const files = readdirSync(assets).filter((name) => name.endsWith(".js"));
    const gzip = files.reduce((sum, name) => sum + gzipSync(readFileSync(path.join(assets, name)), { level: 9 }).length, 0);
    return `${(gzip / 1000).toFixed(1)} kB in ${files.length} files`;
  } catch {
    return "n/a";
  }
}
