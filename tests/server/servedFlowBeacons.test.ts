/**
 * A step beacon counts only for a flow the visit was served this period: its page, or the version the site's app
 * asked for as the visitor moved into it from the chooser. A visit that only loaded another flow's page can add no
 * step of this one, however it orders its beacons.
 */
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { repoRoot } from "../../server/config";
import { assignVisit } from "../../server/experiments/assignVersion";
import { stepsBefore } from "../../server/experiments/stepOrder";
import { loadFlowCatalog } from "../../server/flowCatalog";
import { PlainBrowser } from "./support/plainBrowser";
import { BROWSER_AGENT, getQuotePage } from "./support/quoteVisits";
import { startQuoteServerOn, type QuoteServerOn } from "./support/quoteServerOn";
import { serverDialects } from "./support/serverOnDialect";

let s: QuoteServerOn | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const flows = loadFlowCatalog(path.join(repoRoot, "forms"));
const businessEnergy = flows.corpus().flows.find((f) => f.id === "business-energy")!;
const versions = businessEnergy.versions.map((v) => v.version);

const beacon = (server: QuoteServerOn, cookie: string, version: number, stepId: string) =>
  server.app.inject({ method: "POST", url: "/api/events", headers: { "content-type": "application/json", "user-agent": BROWSER_AGENT, cookie }, payload: { flowId: "business-energy", version, stepId } });

/** Business energy's first step and one its transitions lead to, in the version given. */
function firstTwoSteps(version: number): [string, string] {
  const flow = flows.getFlow("business-energy", version)!;
  return [flow.start, flow.steps.find((step) => stepsBefore(flow, step.id).includes(flow.start))!.id];
}

const reachedIn = async (server: QuoteServerOn, flowId: string) => Number((await server.db.selectFrom("experiment_step_reach").select((eb) => eb.fn.countAll().as("n")).where("flow_id", "=", flowId).executeTakeFirstOrThrow()).n);

describe.each(serverDialects)("step beacons of a flow the visit was served, on %s", (dialect, skipped) => {
  const test = it.skipIf(skipped);

  test("answers a headless browser's beacon 204 and counts nothing, as a page it asks for is served uncounted", async () => {
    s = await startQuoteServerOn(dialect);
    const page = await getQuotePage(s.app, "business-energy");
    const [, second] = firstTwoSteps(page.version!);
    const headless = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36";
    const response = await s.app.inject({ method: "POST", url: "/api/events", headers: { "content-type": "application/json", "user-agent": headless, cookie: page.cookie! }, payload: { flowId: "business-energy", version: page.version, stepId: second } });
    expect(response.statusCode).toBe(204);
    // The first step, counted as its page was served; the headless beacon's step is not.
    expect(await reachedIn(s, "business-energy")).toBe(1);
  });

  test("refuses (409) every business energy beacon of 20 visits that only loaded the home energy page, in every version and step order, and counts none", async () => {
    s = await startQuoteServerOn(dialect);
    const statuses = new Set<number>();
    const refusals: string[] = [];
    for (let visit = 0; visit < 20; visit++) {
      const { cookie } = await getQuotePage(s.app, "home-energy");
      for (const version of versions) {
        for (const step of flows.getFlow("business-energy", version)!.steps) {
          const response = await beacon(s, cookie!, version, step.id);
          statuses.add(response.statusCode);
          if (response.statusCode === 409) refusals.push(JSON.stringify(response.json()));
        }
      }
    }

    // Each visit is assigned one version: its beacons are refused as not served, the other versions' as the wrong version.
    expect([...statuses].sort()).toEqual([400, 409]);
    expect(new Set(refusals)).toEqual(new Set([JSON.stringify({ code: "3", errors: [{ field: "flowId", message: 'Steps of "business-energy" are counted only for a visit its quote page was served to' }] })]));
    expect(await reachedIn(s, "business-energy")).toBe(0);
    expect(await reachedIn(s, "home-energy")).toBe(20);
  });

  test("counts the beacons of visitors who moved from the chooser into business energy, by the app or by the form without scripts, and not of one who stayed on the chooser", async () => {
    s = await startQuoteServerOn(dialect);
    const server = s;
    const servedVersion = async (cookie: string) => {
      const visitId = cookie.split("=")[1]!.split(".")[0]!;
      return (await server.db.selectFrom("experiment_exposures").select("flow_version").where("flow_id", "=", "business-energy").where("visit_id", "=", visitId).executeTakeFirst())?.flow_version;
    };
    const firstTwoBeacons = async (cookie: string, version: number) => {
      const answers = [];
      for (const stepId of firstTwoSteps(version)) answers.push((await beacon(server, cookie, version, stepId)).statusCode);
      return answers;
    };

    // The app draws business energy in place of the chooser, asking the server which version the visit gets.
    const byApp = (await getQuotePage(s.app, "")).cookie!;
    await s.app.inject({ method: "GET", url: "/api/quote-version?flow=business-energy", headers: { "user-agent": BROWSER_AGENT, cookie: byApp } });
    // Without scripts, the chooser's form is posted and the server moves the visit into business energy.
    const browser = new PlainBrowser(s.app);
    await browser.get("/quote/");
    const moved = await browser.answer("/quote/", "service", { serviceType: "business-energy" });
    const byForm = browser.cookieHeader();
    const stayed = (await getQuotePage(s.app, "")).cookie!;
    // The version it would be served, had it moved on.
    const stayedVersion = assignVisit(businessEnergy, stayed.split("=")[1]!.split(".")[0]!)!.version;

    expect(moved.statusCode).toBe(303);
    expect(await firstTwoBeacons(byApp, (await servedVersion(byApp))!)).toEqual([204, 204]);
    expect(await firstTwoBeacons(byForm, (await servedVersion(byForm))!)).toEqual([204, 204]);
    expect(await firstTwoBeacons(stayed, stayedVersion)).toEqual([409, 409]);
    expect(await reachedIn(s, "business-energy")).toBe(4);
  });
  test("counts no step of business energy for visits that only loaded the home energy page and posted its steps as plain forms", async () => {
    s = await startQuoteServerOn(dialect);
    const taken: number[] = [];
    for (let visit = 0; visit < 10; visit++) {
      const browser = new PlainBrowser(s.app, `198.51.100.${visit + 1}`);
      await browser.get("/quote/home-energy/");
      for (const [step, form] of [["utility", { utility: "gas" }], ["spend", { spend: "over5000" }]] as const) taken.push((await browser.answer("/quote/business-energy/?v=1", step, form)).statusCode);
    }

    // The forms are taken (the visitor may go on), but the visits were never served business energy's page.
    expect(taken).toContain(303);
    expect(await reachedIn(s, "business-energy")).toBe(0);
  });
});
