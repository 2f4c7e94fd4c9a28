/**
 * Step reach that cannot run ahead: a step beacon counts only when the visit could have reached the step (the first
 * step, a step after one it reached, the success step once its lead is stored), so a forged beacon moves nothing and
 * the funnel never shows a negative drop-off.
 */
import { afterEach, describe, expect, it } from "vitest";
import { loadFlowCorpus } from "../../engine/node/formsFolder";
import { stepReach } from "../../server/experiments/experimentReport";
import { businessEnergyV1 } from "./testServer";
import { BROWSER_AGENT, getQuotePage } from "./support/quoteVisits";
import { startQuoteServerOn, type QuoteServerOn } from "./support/quoteServerOn";
import { serverDialects } from "./support/serverOnDialect";

let server: QuoteServerOn | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const beacon = (s: QuoteServerOn, cookie: string, flowId: string, version: number, stepId: string) =>
  s.app.inject({ method: "POST", url: "/api/events", headers: { "content-type": "application/json", "user-agent": BROWSER_AGENT, cookie }, payload: JSON.stringify({ flowId, version, stepId }) });

/** The steps the visit of a cookie (`_sp_visit=<id>.<signature>`) has reached, sorted. */
const reached = async (s: QuoteServerOn, cookie: string) =>
  (await s.db.selectFrom("experiment_step_reach").select("step_id").where("visit_id", "=", cookie.split("=")[1]!.split(".")[0]!).execute()).map((r) => r.step_id).sort();

/** A visit served the version asked for (visits are drawn at random, so a few may be needed). */
async function visitServed(s: QuoteServerOn, flowPath: string, version: number): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const page = await getQuotePage(s.app, flowPath);
    if (page.version === version) return page.cookie!;
  }
  throw new Error(`no visit of ${flowPath} was served v${version}`);
}

describe.each(serverDialects)("step beacons on %s", (dialect, skipped) => {
  it.skipIf(skipped)("refuses a step before any step leading to it was reached, and counts the same steps once walked in order", async () => {
    const s = (server = await startQuoteServerOn(dialect));
    const cookie = await visitServed(s, "business-water", 1);

    const ahead = await beacon(s, cookie, "business-water", 1, "supplier");
    const jumped = [await beacon(s, cookie, "business-water", 1, "sites"), await beacon(s, cookie, "business-water", 1, "supplier")];
    const countedAhead = await reached(s, cookie);
    const inOrder = [await beacon(s, cookie, "business-water", 1, "spend"), await beacon(s, cookie, "business-water", 1, "supplier")];

    expect(ahead.statusCode).toBe(409);
    expect(ahead.json()).toEqual({ code: "3", errors: [{ field: "stepId", message: 'Step "supplier" is counted only after a step that leads to it' }] });
    expect(jumped.map((r) => r.statusCode)).toEqual([204, 409]);
    expect(countedAhead).toEqual(["sites"]);
    expect(inOrder.map((r) => r.statusCode)).toEqual([204, 204]);
    expect(await reached(s, cookie)).toEqual(["sites", "spend", "supplier"]);
  });

  it.skipIf(skipped)("counts the success step only once the visit's lead is stored", async () => {
    const s = (server = await startQuoteServerOn(dialect));
    const cookie = await visitServed(s, "business-energy", 1);

    const forged = await beacon(s, cookie, "business-energy", 1, "done");
    const lead = await s.app.inject({ method: "POST", url: "/api/leads", headers: { "content-type": "application/json", cookie }, payload: JSON.stringify(businessEnergyV1()) });
    const after = await beacon(s, cookie, "business-energy", 1, "done");

    expect(forged.statusCode).toBe(409);
    expect(forged.json()).toEqual({ code: "3", errors: [{ field: "stepId", message: "The success step is counted only after this visit's lead is stored" }] });
    expect(lead.statusCode).toBe(200);
    expect(after.statusCode).toBe(204);
    // The first step was reached as the page was served.
    expect(await reached(s, cookie)).toEqual(["done", "utility"]);
  });
});

describe("the funnel's drop-off", () => {
  it("is never negative, even where more visits reached the next step than this one", () => {
    const doc = loadFlowCorpus().flows.find((f) => f.id === "business-water")!.versions[0]!.flow!;

    const steps = stepReach({ sites: 5, spend: 8, supplier: 4 }, doc);

    expect(steps.find((s) => s.stepId === "sites")).toEqual({ stepId: "sites", reached: 5, onPath: true });
    expect(steps.find((s) => s.stepId === "spend")?.dropOff).toBe(0.5);
    for (const step of steps) expect(step.dropOff ?? 0).toBeGreaterThanOrEqual(0);
  });
});
