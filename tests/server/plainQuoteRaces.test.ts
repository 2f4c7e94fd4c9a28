/**
 * Forms of a quote without scripts racing its lead, on SQLite and PostgreSQL: whatever is stored, every answer agrees
 * with it. Once the quote's lead is stored, each form posted beside it leads to the success page and the kept state
 * knows the lead; with no lead stored, none does.
 */
import type { LightMyRequestResponse } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { answerUpToContact, PLAIN_CONTACT, PLAIN_PAGE, PlainBrowser } from "./support/plainBrowser";
import { startQuoteServerOn, type QuoteServerOn } from "./support/quoteServerOn";
import { serverDialects } from "./support/serverOnDialect";

let running: QuoteServerOn | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

const CONTACT_STEP = `${PLAIN_PAGE}?v=1&step=contact`;

/** The step an answer leads the browser to: its redirects followed, the step of the page drawn there, and its status. */
async function landing(browser: PlainBrowser, response: LightMyRequestResponse): Promise<[number, string | undefined]> {
  let at = response;
  for (let hops = 0; at.statusCode === 303 && hops < 5; hops++) at = await browser.get(String(at.headers.location));
  return [at.statusCode, /[?&]step=([A-Za-z0-9-]+)/.exec(at.body)?.[1]];
}

/** What one race came to: each post's answer, where it leads, and the quote's lead and kept state afterwards. */
interface RaceRun {
  answered: Array<[number, string | undefined]>;
  landed: Array<[number, string | undefined]>;
  lead?: { id: string; key: string | null; deliveries: number };
  state: { walk: { stepId: string }; result?: { leadId: string }; errors: Array<{ field: string }>; leadKey: string };
}

/**
 * Runs `race` `times` (its run's number given) over quotes at their contact step, each from its own client address
 * (`firstHost` on), and reads what each came to; the store is emptied of quotes and leads between runs.
 */
async function raceRuns(s: QuoteServerOn, times: number, firstHost: number, race: (browser: PlainBrowser, revision: string, run: number) => Promise<LightMyRequestResponse[]>): Promise<RaceRun[]> {
  const runs: RaceRun[] = [];
  for (let run = 0; run < times; run++) {
    const browser = new PlainBrowser(s.app, `192.0.2.${firstHost + run}`);
    const responses = await race(browser, String(await answerUpToContact(browser)), run);
    const landed = [];
    for (const response of responses) landed.push(await landing(browser, response));
    const lead = await s.db.selectFrom("leads").select(["id", "submission_key"]).executeTakeFirst();
    const deliveries = await s.db.selectFrom("deliveries").select("lead_id").execute();
    const kept = await s.db.selectFrom("quote_sessions").select("state").where("flow_id", "=", "business-energy").executeTakeFirstOrThrow();
    runs.push({
      answered: responses.map((r) => [r.statusCode, r.headers.location as string | undefined]),
      landed,
      ...(lead ? { lead: { id: lead.id, key: lead.submission_key, deliveries: deliveries.length } } : {}),
      state: JSON.parse(kept.state) as RaceRun["state"],
    });
    for (const table of ["quote_sessions", "deliveries", "contact_claims", "leads"] as const) await s.db.deleteFrom(table).execute();
  }
  return runs;
}

describe.each(serverDialects)("forms racing a quote's lead, on %s", (dialect, skipped) => {
  it.skipIf(skipped)("a valid and an invalid copy of the contact step's form at once, either first: each leads where the store says, 24 runs out of 24", async () => {
    running = await startQuoteServerOn(dialect, {}, { now: () => new Date("2026-03-04T11:00:00Z") });
    const runs = await raceRuns(running, 24, 1, (browser, revision, run) => {
      const valid = () => browser.post(CONTACT_STEP, { _step: "contact", _rev: revision, ...PLAIN_CONTACT, company_website: "" });
      const invalid = () => browser.post(CONTACT_STEP, { _step: "contact", _rev: revision, ...PLAIN_CONTACT, phone: "12345", company_website: "" });
      return run % 2 === 0 ? Promise.all([valid(), invalid()]) : Promise.all([invalid(), valid()]);
    });

    for (const { landed, lead, state } of runs) {
      if (lead) {
        expect(landed).toEqual([
          [200, "done"],
          [200, "done"],
        ]);
        expect([lead.deliveries > 0, state.walk.stepId, state.result?.leadId]).toEqual([true, "done", lead.id]);
      } else {
        expect(landed).toEqual([
          [200, "contact"],
          [200, "contact"],
        ]);
        expect([state.walk.stepId, state.errors.map((e) => e.field)]).toEqual(["contact", ["phone"]]);
      }
    }
  });

  it.skipIf(skipped)("the quote started again from its first question as it is sent: no answer contradicts the lead stored, 12 runs out of 12", async () => {
    running = await startQuoteServerOn(dialect, {}, { now: () => new Date("2026-03-04T11:00:00Z") });
    const runs = await raceRuns(running, 12, 101, (browser, revision) =>
      Promise.all([
        browser.post(CONTACT_STEP, { _step: "contact", _rev: revision, ...PLAIN_CONTACT, company_website: "" }),
        browser.post(`${PLAIN_PAGE}?v=1`, { _step: "utility", _rev: "0", utility: "gas" }),
      ]),
    );

    for (const { answered, landed, lead, state } of runs) {
      if (!lead) {
        expect(landed.map(([, step]) => step)).not.toContain("done");
        continue;
      }
      expect(answered[0]).toEqual([303, `${PLAIN_PAGE}?v=1&step=done`]);
      expect(answered[1]![0]).toBe(303);
      if (state.result) {
        // The two raced: the lead is what is kept, and both lead to its success page.
        expect([state.walk.stepId, state.result.leadId, landed]).toEqual(["done", lead.id, [[200, "done"], [200, "done"]]]);
      } else {
        // The quote started again once the lead was in: a new quote, with a key of its own.
        expect([state.walk.stepId, state.leadKey === lead.key, landed[1]]).toEqual(["spend", false, [200, "spend"]]);
      }
    }
  });
});
