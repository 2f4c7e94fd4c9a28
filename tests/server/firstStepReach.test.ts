/**
 * The first step of a quote is reached when its page is served, with scripts or without: a visit that answers
 * nothing counts there as it does in the exposures, and neither the first answer posted as a plain form nor the
 * browser's beacon for the first step counts it twice.
 */
import { afterEach, describe, expect, it } from "vitest";
import { loadFlowCorpus } from "../../engine/node/formsFolder";
import { loadExperimentCounts } from "../../server/storage/experimentStore";
import { PlainBrowser } from "./support/plainBrowser";
import { startQuoteServerOn, type QuoteServerOn } from "./support/quoteServerOn";
import { serverDialects } from "./support/serverOnDialect";

const PAGE = "/quote/business-energy/";
const energy = loadFlowCorpus().flows.find((f) => f.id === "business-energy")!;

let server: QuoteServerOn | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The steps the store holds as reached by a visit, one per row, in order. */
const reached = async (s: QuoteServerOn, visitId: string) =>
  (await s.db.selectFrom("experiment_step_reach").select("step_id").where("visit_id", "=", visitId).orderBy("step_id").execute()).map((r) => r.step_id);

/** A browser without scripts served business energy v1's page by chance (visits are drawn at random, so a few may be needed). */
async function servedVersion1(s: QuoteServerOn): Promise<{ browser: PlainBrowser; visitId: string }> {
  for (let i = 0; i < 50; i++) {
    const browser = new PlainBrowser(s.app);
    const page = await browser.get(PAGE);
    // The first visit served v1 is the only exposure of v1.
    if (/data-flow-version="1"/.test(page.body)) return { browser, visitId: (await s.db.selectFrom("experiment_exposures").select("visit_id").where("flow_version", "=", 1).executeTakeFirstOrThrow()).visit_id };
  }
  throw new Error("no visit was served business energy v1");
}

describe.each(serverDialects)("the first step's reach on %s", (dialect, skipped) => {
  it.skipIf(skipped)("is counted when the page is served, and the first answer posted without scripts does not count it again", async () => {
    const s = (server = await startQuoteServerOn(dialect));
    const { browser, visitId } = await servedVersion1(s);

    const beforeAnswer = await reached(s, visitId);
    const answered = await browser.answer(PAGE, "utility", { utility: "electricity" });

    expect(beforeAnswer).toEqual(["utility"]);
    expect(answered.statusCode).toBe(303);
    expect(await reached(s, visitId)).toEqual(["spend", "utility"]);
  });

  it.skipIf(skipped)("still takes the browser's beacon for the first step, once", async () => {
    const s = (server = await startQuoteServerOn(dialect));
    const { browser, visitId } = await servedVersion1(s);

    const beacons = await Promise.all(
      [1, 2].map(() =>
        s.app.inject({ method: "POST", url: "/api/events", headers: { "content-type": "application/json", cookie: browser.cookieHeader() }, payload: JSON.stringify({ flowId: "business-energy", version: 1, stepId: "utility" }) }),
      ),
    );

    expect(beacons.map((r) => r.statusCode)).toEqual([204, 204]);
    expect(await reached(s, visitId)).toEqual(["utility"]);
  });

  it.skipIf(skipped)("makes the funnel's first step the visits served, for visits that never answer", async () => {
    const s = (server = await startQuoteServerOn(dialect));
    for (let i = 0; i < 12; i++) await new PlainBrowser(s.app).get(PAGE);

    const counts = (await loadExperimentCounts(s.db, energy))!;

    const served = Object.values(counts.versions).reduce((sum, v) => sum + v.exposures, 0);
    expect(served).toBe(12);
    for (const [version, { exposures, steps }] of Object.entries(counts.versions)) {
      const start = energy.versions.find((v) => v.version === Number(version))!.flow!.start;
      expect(steps?.[start] ?? 0, `v${version}`).toBe(exposures);
    }
  });
});
