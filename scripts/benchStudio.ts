/**
 * `npm run bench:studio`: the flow studio's figures, through the live preview on a scratch copy of forms/, in
 * Chromium: the time to open the largest flow's version page until its step list shows (the first time, with
 * Vite's compiling, then again), the time from changing a question to the phone preview showing it, the API's
 * check and save (median of ROUNDS), and the JavaScript the studio's page loads (bytes as transferred: in the
 * preview Vite serves its modules unbundled and uncompressed). A figure the studio cannot give yet prints "n/a".
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { defaultFormsDir, loadFlowCorpus } from "../engine/node/formsFolder";
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

const versionUrl = new URL(`/studio/${largest.flow}/v${largest.version}`, preview.url).href;
const stepList = (page: Page) => page.getByRole("region", { name: "Steps" }).getByRole("button").first();

try {
  // Opening: the first time (Vite compiles the studio's modules), then once they are compiled.
  const page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
  const scripts = new Map<string, number>();
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    void response.request().sizes().then(
      (sizes) => scripts.set(response.url(), sizes.responseBodySize + sizes.responseHeadersSize),
      () => undefined,
    );
  });
  const cold = await timed(() => page.goto(versionUrl).then(() => stepList(page).waitFor({ timeout: WAIT_MS * 2 })));
  await page.waitForLoadState("networkidle");
  const javascript = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  const warm = cold === undefined ? undefined : await timed(() => page.goto(versionUrl).then(() => stepList(page).waitFor({ timeout: WAIT_MS })));
  rows.push([`open ${largest.flow} v${largest.version} (${largest.steps.length} steps), first time`, ms(cold), ""]);
  rows.push([`open ${largest.flow} v${largest.version}, compiled`, ms(warm), "≤ 1000 ms"]);

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
} finally {
  await browser.close();
  await preview.close();
  rmSync(scratch, { recursive: true, force: true });
}

const width = Math.max(...rows.map(([label]) => label.length));
console.log(`The flow studio (${ROUNDS} rounds; the largest flow is ${largest.flow} v${largest.version})`);
for (const [label, figure, target] of rows) console.log(`${label.padEnd(width)}  ${figure.padStart(10)}  ${target}`);
