/**
 * A quote without scripts, at the HTTP level: each step posted as a plain form, answered 303 to the next step's
 * address, kept by the session cookie; a changed or replayed form gets a clear message and changes nothing.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { repoRoot } from "../../engine/node/formsFolder";
import { afterEach, describe, expect, it } from "vitest";
import { PLAIN_NOTICES, QUOTE_SESSION_COOKIE } from "../../server/plainQuote/plainQuote";
import { answerUpToContact, PLAIN_CONTACT as contact, PlainBrowser } from "./support/plainBrowser";
import { businessEnergyV1, startTestServer, type TestServer } from "./testServer";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(): Promise<TestServer> {
  server = await startTestServer({}, false, { quotePages: true, now: () => new Date("2026-03-04T11:00:00Z") });
  return server;
}

const PAGE = "/quote/business-energy/";

/** The kept state of the session's flow: its revision and what it holds. */
async function kept(s: TestServer, flowId = "business-energy") {
  const rows = await s.withDb((db) => db.selectFrom("quote_sessions").select(["revision", "state"]).where("flow_id", "=", flowId).execute());
  return rows.map((row) => ({ revision: Number(row.revision), state: JSON.parse(row.state) as { walk: { stepId: string }; errors: Array<{ field: string; message: string }>; answers: Record<string, unknown> } }));
}


describe("a quote posted step by step as plain forms", () => {
  it("goes 303 to each next step's address and stores the lead the page's script would send, with no personal data in any address", async () => {
    const s = await start();
    const browser = new PlainBrowser(s.app);

    const revision = await answerUpToContact(browser);
    const sent = await browser.post(`${PAGE}?v=1&step=contact`, { _step: "contact", _rev: String(revision), ...contact, company_website: "" });

    expect(browser.locations).toEqual([
      `${PAGE}?v=1&step=spend`,
      `${PAGE}?v=1&step=meter`,
      `${PAGE}?v=1&step=contract`,
      `${PAGE}?v=1&step=supplier`,
      `${PAGE}?v=1&step=address`,
      `${PAGE}?v=1&step=address`,
      `${PAGE}?v=1&step=contact`,
      `${PAGE}?v=1&step=done`,
    ]);
    expect(sent.headers["cache-control"]).toBe("no-store");
    const setCookie = [sent.headers["set-cookie"] ?? []].flat().join("\n");
    expect(setCookie).toBe("");
    expect(browser.cookies.get(QUOTE_SESSION_COOKIE)).toMatch(/^[A-Za-z0-9_-]{22}\./);

    const rows = await s.withDb((db) => db.selectFrom("leads").selectAll().execute());
    expect(rows).toHaveLength(1);
    const lead = rows[0]!;
    const expected = businessEnergyV1({ ...contact, businessAddress: { id: "demo-ls1-4dy-2", lines: expect.any(Array), townCity: "Leeds", postcode: "LS1 4DY" } }).answers;
    expect(JSON.parse(lead.answers)).toMatchObject({ ...expected, street: expect.any(String), townCity: "Leeds" });
    expect(lead.flow_version).toBe(1);
    expect(lead.consent_wording).toMatch(/Your details may go to: .+\.$/);
    expect(lead.privacy_notice_version).toBe("2026-11-25");
    expect(JSON.parse(lead.consented_buyers!)).toContain("Bionic");
    for (const location of browser.locations) for (const value of Object.values(contact)) expect(decodeURIComponent(location.replace(/\+/g, " "))).not.toContain(value);
    expect((await kept(s))[0]!.state.walk.stepId).toBe("done");
  });

  it("keeps a step's problems in the spec's words, and moves on once they are fixed", async () => {
    const s = await start();
    const browser = new PlainBrowser(s.app);
    await browser.post(`${PAGE}?v=1`, { _step: "utility", _rev: "0", utility: "electricity" });

    const empty = await browser.post(`${PAGE}?v=1&step=spend`, { _step: "spend", _rev: "1" });

    expect(empty.headers.location).toBe(`${PAGE}?v=1&step=spend`);
    const [afterEmpty] = await kept(s);
    expect(afterEmpty!.state.errors).toEqual([{ field: "spendString", step: "spend", message: "Spend is required" }]);

    const fixed = await browser.post(`${PAGE}?v=1&step=spend`, { _step: "spend", _rev: "2", spendString: "below1000" });
    expect(fixed.headers.location).toBe(`${PAGE}?v=1&step=meter`);
    expect((await kept(s))[0]!.state.errors).toEqual([]);
  });

  it("takes an earlier step answered again (after the browser's Back) and drops the answers no longer on the path", async () => {
    const s = await start();
    const browser = new PlainBrowser(s.app);
    const revision = await answerUpToContact(browser);

    // Back to the first question: gas only skips the meter question.
    expect((await browser.get(`${PAGE}?v=1&step=utility`)).statusCode).toBe(200);
    const changed = await browser.post(`${PAGE}?v=1&step=utility`, { _step: "utility", _rev: String(revision), utility: "gas" });
    expect(changed.headers.location).toBe(`${PAGE}?v=1&step=spend`);
    await browser.post(`${PAGE}?v=1&step=spend`, { _step: "spend", _rev: String(revision + 1), spendString: "below1000" });
    expect((await kept(s))[0]!.state.walk.stepId).toBe("contract");

    // The old meter page, posted again, is off the path now: nothing changes.
    const before = await kept(s);
    const stale = await browser.post(`${PAGE}?v=1&step=meter`, { _step: "meter", _rev: String(revision), hasHalfHourlyMeter: "yes" });
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toContain(PLAIN_NOTICES.movedOn);
    expect(await kept(s)).toEqual(before);
  });

  it("a GET of a step not reached yet goes to where the visitor is; without kept answers, to the first question", async () => {
    const s = await start();
    const browser = new PlainBrowser(s.app);

    const none = await browser.get(`${PAGE}?v=1&step=contact`);
    expect([none.statusCode, none.headers.location]).toEqual([303, `${PAGE}?v=1`]);

    await browser.post(`${PAGE}?v=1`, { _step: "utility", _rev: "0", utility: "electricity" });
    const ahead = await browser.get(`${PAGE}?v=1&step=contact`);
    expect([ahead.statusCode, ahead.headers.location]).toEqual([303, `${PAGE}?v=1&step=spend`]);
  });
});

describe("a changed or replayed plain form", () => {
  it("refuses a session cookie changed by hand: a clear message, nothing kept, no lead", async () => {
    const s = await start();
    const browser = new PlainBrowser(s.app);
    const revision = await answerUpToContact(browser);
    const before = await kept(s);
    const signed = browser.cookies.get(QUOTE_SESSION_COOKIE)!;
    // One character of the id changed, to one it is not already.
    browser.cookies.set(QUOTE_SESSION_COOKIE, `${signed.startsWith("A") ? "B" : "A"}${signed.slice(1)}`);

    const response = await browser.post(`${PAGE}?v=1&step=contact`, { _step: "contact", _rev: String(revision), ...contact });

    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(PLAIN_NOTICES.changed);
    expect(await kept(s)).toEqual(before);
    expect(await s.leadCount()).toBe(0);
  });

  it("refuses a revision the state never had, and a step the flow does not have", async () => {
    const s = await start();
    const browser = new PlainBrowser(s.app);
    const revision = await answerUpToContact(browser);
    const before = await kept(s);

    const ahead = await browser.post(`${PAGE}?v=1&step=contact`, { _step: "contact", _rev: String(revision + 5), ...contact });
    const unknown = await browser.post(`${PAGE}?v=1&step=contact`, { _step: "nowhere", _rev: String(revision), ...contact });
    const garbled = await browser.post(`${PAGE}?v=1&step=contact`, { _step: "contact", _rev: "7; drop table", ...contact });

    expect([ahead.statusCode, unknown.statusCode, garbled.statusCode]).toEqual([400, 400, 400]);
    for (const response of [ahead, unknown, garbled]) expect(response.body).toContain(PLAIN_NOTICES.changed);
    expect(await kept(s)).toEqual(before);
    expect(await s.leadCount()).toBe(0);
  });

  it("answers the submit step's form sent again after the lead is in with the success page, one lead; another form there with a clear message", async () => {
    const s = await start();
    const browser = new PlainBrowser(s.app);
    const revision = await answerUpToContact(browser);
    const form = { _step: "contact", _rev: String(revision), ...contact };
    await browser.post(`${PAGE}?v=1&step=contact`, form);
    const before = await kept(s);

    const replayed = await browser.post(`${PAGE}?v=1&step=contact`, form);
    const earlier = await browser.post(`${PAGE}?v=1&step=spend`, { _step: "spend", _rev: String(revision), spendString: "below1000" });

    expect([replayed.statusCode, replayed.headers.location]).toEqual([303, `${PAGE}?v=1&step=done`]);
    expect(earlier.statusCode).toBe(409);
    expect(earlier.body).toContain(PLAIN_NOTICES.sent);
    expect(await s.leadCount()).toBe(1);
    expect(await kept(s)).toEqual(before);
  });

  it("refuses a form whose answers are no longer kept, and one posted from another site", async () => {
    const s = await start();
    const browser = new PlainBrowser(s.app);

    const ended = await browser.post(`${PAGE}?v=1&step=spend`, { _step: "spend", _rev: "3", spendString: "below1000" });
    const crossSite = await browser.post(`${PAGE}?v=1`, { _step: "utility", _rev: "0", utility: "gas" }, { "sec-fetch-site": "cross-site" });

    expect([ended.statusCode, crossSite.statusCode]).toEqual([409, 403]);
    expect(ended.body).toContain(PLAIN_NOTICES.ended);
    expect(crossSite.body).toContain(PLAIN_NOTICES.otherSite);
    expect(await kept(s)).toEqual([]);
  });
});

describe("an upsell step without scripts", () => {
  /** The forms folder with business water's lead followed by an upsell step offering business energy. */
  async function formsWithUpsell(): Promise<string> {
    const dir = await mkdtemp(path.join(tmpdir(), "plain-upsell-"));
    await cp(path.join(repoRoot, "forms"), dir, { recursive: true });
    const file = path.join(dir, "business-water", "v1.json");
    const flow = JSON.parse(await readFile(file, "utf8")) as { steps: Array<Record<string, unknown>> };
    flow.steps.find((s) => s.id === "contact")!.next = "more";
    flow.steps.splice(-1, 0, { id: "more", kind: "upsell", question: "Can we help with anything else?", services: [{ flow: "business-energy", label: "Energy" }], next: "done" });
    await writeFile(file, JSON.stringify(flow));
    return dir;
  }

  it("goes on with No thanks, and a service's button starts that flow with the details carried and the address looked up", async () => {
    const forms = await formsWithUpsell();
    server = await startTestServer({ FORMS_DIR: forms }, false, { quotePages: true, now: () => new Date("2026-03-04T11:00:00Z") });
    const s = server;
    const water = "/quote/business-water/";
    const browser = new PlainBrowser(s.app);
    const answers: Array<[string, Record<string, string>]> = [
      ["sites", { numberOfSites: "1" }],
      ["spend", { spendString: "below1000" }],
      ["supplier", { currentSupplier: "wave" }],
      ["address", { postcode: "LS1 4DY", addressAction: "find" }],
      ["address", { postcode: "LS1 4DY", businessAddress: "demo-ls1-4dy-2" }],
      ["contact", contact],
    ];
    let revision = 0;
    for (const [step, form] of answers) {
      const response = await browser.post(`${water}?v=1`, { _step: step, _rev: String(revision++), ...form });
      expect(response.statusCode, `${step}: ${response.body}`).toBe(303);
    }
    expect(browser.locations.at(-1)).toBe(`${water}?v=1&step=more`);
    expect(await s.leadCount()).toBe(1);

    const chosen = await browser.post(`${water}?v=1&step=more`, { _step: "more", _rev: String(revision), switchService: "business-energy" });
    expect(chosen.headers.location).toMatch(/^\/quote\/business-energy\/\?step=/);
    const [energy] = await kept(s, "business-energy");
    expect(energy!.state.answers).toMatchObject({ customerName: contact.customerName, email: contact.email, postcode: "LS1 4DY" });

    const declined = await browser.post(`${water}?v=1&step=more`, { _step: "more", _rev: String(revision), company_website: "" });
    expect(declined.headers.location).toBe(`${water}?v=1&step=done`);
    await rm(forms, { recursive: true, force: true });
  });
});
