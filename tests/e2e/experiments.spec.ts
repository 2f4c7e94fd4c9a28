/**
 * Experiments as a visitor's browser meets them: the server chooses each visit's version and sends that version's
 * page, the page's script takes it over without drawing it again, and only real visits are counted.
 */
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test, type Page } from "./pageTest";
import { sampleRatioCheck } from "../../server/experiments/stats";
import { driveFlow } from "./flowDriver";
import { e2eDataDir, e2ePort } from "./server";

/** A phone's browser: the tests' own headless Chromium is a bot to the server and never counted. */
const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const origin = `http://127.0.0.1:${e2ePort}`;

/** Reads the server's SQLite file, as an analyst's query would. */
function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(path.join(e2eDataDir, "leads.sqlite"), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

const visitIdOf = (cookie: string | undefined) => cookie?.split("=")[1]?.split(".")[0];

/** The version a fresh visit is served, and its visit cookie. */
async function freshVisit(search = ""): Promise<{ version: number; cookie?: string }> {
  const response = await fetch(`${origin}/quote/business-energy/${search}`, { headers: { "user-agent": PHONE } });
  const html = await response.text();
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("_sp_visit="))?.split(";")[0];
  return { version: Number(/data-flow-version="(\d+)"/.exec(html)?.[1]), ...(cookie ? { cookie } : {}) };
}

test.describe.configure({ mode: "serial" });
test.use({ userAgent: PHONE });

test("300 fresh visits are served the versions in proportion to the weights, each counted once", async () => {
  const visits = await Promise.all(Array.from({ length: 300 }, () => freshVisit()));

  const counts = Object.fromEntries([1, 2, 3].map((v) => [String(v), visits.filter((visit) => visit.version === v).length]));
  const srm = sampleRatioCheck(counts, { "1": 40, "2": 40, "3": 20 })!;
  expect(srm.p, JSON.stringify(counts)).toBeGreaterThan(0.001);
  const ids = visits.map((visit) => visitIdOf(visit.cookie)!);
  const stored = query<{ visit_id: string; flow_version: number }>(
    `select visit_id, flow_version from experiment_exposures where flow_id = 'business-energy' and visit_id in (${ids.map(() => "?").join(",")})`,
    ...ids,
  );
  expect(stored).toHaveLength(300);
  expect(new Map(stored.map((row) => [row.visit_id, row.flow_version]))).toEqual(new Map(visits.map((visit) => [visitIdOf(visit.cookie)!, visit.version])));
});

test("a returning visit keeps its version, however often it comes back", async ({ page }) => {
  await page.goto("/quote/business-energy/");
  const version = await page.locator("[data-flow-version]").getAttribute("data-flow-version");

  for (let n = 0; n < 3; n++) {
    await page.goto("/quote/business-energy/");
    await expect(page.locator("[data-flow-version]")).toHaveAttribute("data-flow-version", version!);
  }
  const cookie = (await page.context().cookies()).find((c) => c.name === "_sp_visit");
  expect(query("select * from experiment_exposures where visit_id = ?", cookie!.value.split(".")[0])).toHaveLength(1);
});

test("?v=2 serves version 2 as a preview: no visit cookie and no exposure", async ({ page }) => {
  const before = query<{ n: number }>("select count(*) as n from experiment_exposures")[0]!.n;

  await page.goto("/quote/business-energy/?v=2");

  await expect(page.locator(".quote-page")).toHaveAttribute("data-flow-version", "2");
  await expect(page.getByRole("heading", { level: 2, name: "Where is your business?" })).toBeVisible();
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain("_sp_visit");
  expect(query<{ n: number }>("select count(*) as n from experiment_exposures")[0]!.n).toBe(before);
});

/**
 * Keeps the question the server's HTML shows (read once parsing ends, before any script runs) and every question
 * drawn after it, so a test can tell whether the page drew another in its place.
 */
async function watchQuestions(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const watch = window as unknown as { served?: Element | null; drawn: string[] };
    watch.drawn = [];
    document.addEventListener("readystatechange", () => {
      if (document.readyState !== "interactive") return;
      watch.served = document.querySelector("h2.step-heading");
      new MutationObserver(() => {
        const heading = document.querySelector("h2.step-heading");
        if (heading && heading !== watch.served && !watch.drawn.includes(heading.textContent ?? "")) watch.drawn.push(heading.textContent ?? "");
      }).observe(document.body, { childList: true, subtree: true });
    });
  });
}

test("the question on screen is the server's and is never replaced after load, in every version", async ({ browser }) => {
  // Each version as a preview, and a fresh visit served by chance.
  for (const search of ["?v=1", "?v=2", "?v=3", ""]) {
    const context = await browser.newContext({ userAgent: PHONE });
    const page = await context.newPage();
    await watchQuestions(page);
    const response = await page.goto(`/quote/business-energy/${search}`);
    const served = /data-flow-version="(\d+)"/.exec(await response!.text())![1]!;
    await expect(page.locator(".quote-page")).toHaveAttribute("data-ready", "true");
    // The page's scripts, the start token and the step beacon have all answered.
    await page.waitForLoadState("networkidle");

    const watched = await page.evaluate(() => {
      const watch = window as unknown as { served?: Element | null; drawn: string[] };
      return { served: watch.served?.textContent, same: watch.served === document.querySelector("h2.step-heading"), drawn: watch.drawn };
    });
    expect(watched.served, `${search || "a fresh visit"}: the server's page shows a question`).toBeTruthy();
    expect(watched, `${search || "a fresh visit"} (v${served}): the question was drawn again`).toEqual({ served: watched.served, same: true, drawn: [] });
    await expect(page.locator(".quote-page")).toHaveAttribute("data-flow-version", served);
    if (search) expect(`?v=${served}`).toBe(search);
    await context.close();
  }
});

test("a counted visit's steps and lead are stored against its visit and version", async ({ page }) => {
  await page.goto("/quote/business-energy/");
  const version = Number(await page.locator(".quote-page").getAttribute("data-flow-version"));
  const visitId = (await page.context().cookies()).find((c) => c.name === "_sp_visit")!.value.split(".")[0]!;

  const { leadId, steps } = await driveFlow(page);

  expect(query("select flow_version from experiment_exposures where visit_id = ?", visitId)).toEqual([{ flow_version: version }]);
  await expect
    .poll(() => query<{ step_id: string }>("select step_id from experiment_step_reach where visit_id = ? order by step_id", visitId).map((r) => r.step_id))
    .toEqual(steps.map((s) => s.split("/")[1]!).sort());
  expect(query("select visit_id, flow_version from leads where id = ?", leadId)).toEqual([{ visit_id: visitId, flow_version: version }]);
});

test("a visitor who turned analytics off sees the default version and is counted nowhere", async ({ page }) => {
  await page.context().addCookies([
    { name: "_sp_consent_chosen", value: "1", url: origin },
    { name: "_sp_analytics_on", value: "0", url: origin },
    { name: "_sp_marketing_on", value: "0", url: origin },
  ]);
  const beacons: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/events")) beacons.push(request.url());
  });

  for (let n = 0; n < 4; n++) {
    await page.goto("/quote/business-energy/");
    await expect(page.locator(".quote-page")).toHaveAttribute("data-flow-version", "1");
  }
  const { leadId } = await driveFlow(page);

  expect((await page.context().cookies()).map((c) => c.name)).not.toContain("_sp_visit");
  expect(beacons).toEqual([]);
  expect(query("select visit_id from leads where id = ?", leadId)).toEqual([{ visit_id: null }]);
});
