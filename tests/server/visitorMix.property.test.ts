/**
 * The real visitor mix, all at once: fresh visits opening the quote page (each an exposure and its first step), step
 * beacons, plain-form steps and leads posted with the visit's cookie, in the version its page drew. On PostgreSQL an
 * exposure and a lead's outcome both count into the same rows; nothing a visitor sends may fail for it (no 5xx, no
 * deadlock), and the counts a report reads must be what a rebuild from the stored visits and leads gives.
 */
import path from "node:path";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { loadFlowCorpus } from "../../engine/node/formsFolder";
import { repoRoot } from "../../server/config";
import { loadExperimentCounts } from "../../server/storage/experimentStore";
import { rebuildExperimentCounts } from "../../server/storage/experiments/rebuildUnit";
import { PlainBrowser } from "./support/plainBrowser";
import { BROWSER_AGENT, getQuotePage } from "./support/quoteVisits";
import { startQuoteServerOn, type QuoteServerOn } from "./support/quoteServerOn";
import { serverDialects } from "./support/serverOnDialect";
import { businessEnergyV1 } from "./testServer";

const businessEnergy = loadFlowCorpus(path.join(repoRoot, "forms")).flows.find((f) => f.id === "business-energy")!;
const flowOf = (version: number) => businessEnergy.versions.find((v) => v.version === version)!.flow!;

let s: QuoteServerOn | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

/** What one visitor does after opening the page: beacons of its first steps, a plain-form answer, a lead. */
interface Visitor {
  beacons: number;
  plainStep: boolean;
  lead: boolean;
}

const CLIENTS = 16;
const visitor = fc.record({ beacons: fc.integer({ min: 0, max: 3 }), plainStep: fc.boolean(), lead: fc.integer({ min: 0, max: 3 }).map((n) => n > 0) });

describe.each(serverDialects)("visits, beacons, plain steps and leads at once on %s", (dialect, skipped) => {
  const test = it.skipIf(skipped);

  test("every request is answered without a server error, and the counts equal a rebuild from the stored rows", async () => {
    s = await startQuoteServerOn(dialect);
    const server = s;
    let person = 0;
    const statuses: number[] = [];
    const visit = async (plan: Visitor) => {
      const page = await getQuotePage(server.app, "business-energy");
      statuses.push(page.status);
      if (!page.cookie || page.version === undefined) throw new Error(`the quote page answered ${page.status} with no visit`);
      const flow = flowOf(page.version);
      const steps = flow.steps.filter((step) => step.kind !== "success").slice(0, plan.beacons);
      const sent = steps.map((step) =>
        server.app.inject({ method: "POST", url: "/api/events", headers: { "content-type": "application/json", "user-agent": BROWSER_AGENT, cookie: page.cookie! }, payload: { flowId: "business-energy", version: page.version, stepId: step.id } }),
      );
      const start = flow.steps.find((step) => step.id === flow.start)!;
      if (plan.plainStep && start.kind === "radio") {
        const browser = new PlainBrowser(server.app);
        const [name, value] = page.cookie.split("=") as [string, string];
        browser.cookies.set(name, value);
        sent.push(browser.answer("/quote/business-energy/", start.id, { [start.field]: start.options[0]!.value, _ver: String(page.version) }));
      }
      let lead = false;
      if (plan.lead) {
        const n = person++;
        const payload = businessEnergyV1({ phone: `0113 496 ${String(n).padStart(4, "0")}`, email: `visitor${n}@example.com` }, { version: page.version });
        const response = await server.app.inject({ method: "POST", url: "/api/leads", headers: { "user-agent": BROWSER_AGENT, cookie: page.cookie }, payload });
        statuses.push(response.statusCode);
        lead = response.statusCode === 200;
      }
      for (const response of await Promise.all(sent)) statuses.push(response.statusCode);
      return { version: page.version, lead };
    };

    await fc.assert(
      fc.asyncProperty(fc.array(visitor, { minLength: 60, maxLength: 120 }), async (plans) => {
        const before = await loadExperimentCounts(server.db, businessEnergy);
        // Sixteen visitors at a time, each opening its page while others post their leads, as a busy hour has them.
        const outcomes: Array<Awaited<ReturnType<typeof visit>>> = [];
        const client = async (first: number) => {
          for (let n = first; n < plans.length; n += CLIENTS) outcomes.push(await visit(plans[n]!));
        };
        await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
        expect(statuses.filter((status) => status >= 500)).toEqual([]);
        // Every lead planned was taken, so the counts below follow real leads.
        expect(outcomes.filter((o) => o.lead).length).toBe(plans.filter((plan) => plan.lead).length);
        const counts = (await loadExperimentCounts(server.db, businessEnergy))!;
        for (const { version } of businessEnergy.versions) {
          const now = counts.versions[String(version)];
          const was = before?.versions[String(version)];
          expect((now?.exposures ?? 0) - (was?.exposures ?? 0)).toBe(outcomes.filter((o) => o.version === version).length);
          expect((now?.leads ?? 0) - (was?.leads ?? 0)).toBe(outcomes.filter((o) => o.version === version && o.lead).length);
        }
        await rebuildExperimentCounts(server.db, { flowId: businessEnergy.id });
        expect(await loadExperimentCounts(server.db, businessEnergy)).toEqual(counts);
      }),
      { numRuns: 4 },
    );
  }, 240_000);
});
