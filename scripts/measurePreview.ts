/**
 * `npm run bench:preview`: how long an analyst waits between saving a flow file and seeing the change in the
 * browser through the live preview (npm run preview:flows). On a scratch copy of forms/, in Chromium: the first
 * question's wording is changed and saved, and the time until the page shows the new wording is measured (the
 * page reloads with the new flow); then a broken save (a `next` naming no step) until the findings show over the
 * page, and its fix until the page shows the flow again. Prints each time and the median; also any console
 * warnings or errors the pages logged (hydration warnings among them).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { defaultFormsDir } from "../engine/node/formsFolder";
import { chromiumArgs, chromiumPath } from "./support/chromium";
import { startLivePreview } from "./livePreview";
import { stopQuietlyWhenOutputCloses } from "../server/cli/closedOutput";

stopQuietlyWhenOutputCloses();

const ROUNDS = Number(process.env.ROUNDS ?? 7);
const FLOW = "business-water";

const scratch = mkdtempSync(path.join(tmpdir(), "preview-bench-"));
const formsDir = path.join(scratch, "forms");
cpSync(defaultFormsDir, formsDir, { recursive: true });
const file = path.join(formsDir, FLOW, "v1.json");
const original = readFileSync(file, "utf8");
type Doc = { start: string; steps: Array<{ id: string; question?: string; next?: unknown }> };
const edit = (change: (doc: Doc) => void) => {
  const doc = JSON.parse(readFileSync(file, "utf8")) as Doc;
  change(doc);
  writeFileSync(file, JSON.stringify(doc, null, 2));
};

const preview = await startLivePreview({ ...process.env, FORMS_DIR: formsDir, DATA_DIR: path.join(scratch, "data"), PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "error" });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const page = await browser.newPage();
const logged: string[] = [];
page.on("console", (message) => {
  if (message.type() === "error" || message.type() === "warning") logged.push(`${message.type()}: ${message.text()}`);
});

/** Milliseconds from the save until `shown` holds in the page. */
async function timed(save: () => void, shown: (page: Page) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  save();
  await shown(page);
  return performance.now() - started;
}
const headingIs = (text: string) => (p: Page) => p.waitForFunction((t) => document.querySelector(".step-heading")?.textContent === t, text, { polling: "raf", timeout: 30_000 });
const overlayShows = (text: string) => (p: Page) => p.getByRole("alert").getByText(text).first().waitFor({ timeout: 30_000 });

try {
  await page.goto(`${preview.url}quote/${FLOW}/?v=1`);
  const first = JSON.parse(original) as Doc;
  await headingIs(first.steps.find((s) => s.id === first.start)!.question!)(page);

  const reloads: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const wording = `Which water company supplies you now? (${round})`;
    reloads.push(await timed(() => edit((doc) => (doc.steps.find((s) => s.id === doc.start)!.question = wording)), headingIs(wording)));
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const broken = await timed(() => edit((doc) => (doc.steps.find((s) => s.id === doc.start)!.next = "adress")), overlayShows('next names unknown step "adress"'));
  const fixed = await timed(() => writeFileSync(file, original), headingIs(first.steps.find((s) => s.id === first.start)!.question!));

  const sorted = [...reloads].sort((a, b) => a - b);
  const ms = (n: number) => `${Math.round(n)} ms`;
  console.log(`Live preview, save → visible change (${ROUNDS} saves of a question's wording, Chromium):`);
  console.log(`  each: ${reloads.map(ms).join(", ")}`);
  console.log(`  median ${ms(sorted[Math.floor(sorted.length / 2)]!)}, fastest ${ms(sorted[0]!)}, slowest ${ms(sorted.at(-1)!)}`);
  console.log(`  a broken save until its finding shows over the page: ${ms(broken)}`);
  console.log(`  the fix until the page shows the flow again: ${ms(fixed)}`);
  console.log(`  console warnings and errors: ${logged.length === 0 ? "none" : `\n    ${logged.join("\n    ")}`}`);
} finally {
  await browser.close();
  await preview.close();
  rmSync(scratch, { recursive: true, force: true });
}
