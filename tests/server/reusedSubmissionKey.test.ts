/**
 * A submission key sent again, on SQLite and PostgreSQL: its answers are checked as any submission's are, the same
 * answers (as stored: flow, version and the replayed answers) get the first lead's answer back, and other answers
 * are refused with 409, as a payment API refuses an idempotency key reused with other parameters.
 */
import { afterEach, describe, expect, it } from "vitest";
import { REUSED_KEY_MESSAGE } from "../../server/leads/takenBefore";
import { startQuoteServerOn, type QuoteServerOn } from "./support/quoteServerOn";
import { serverDialects } from "./support/serverOnDialect";
import { businessEnergyV1 } from "./testServer";

let running: QuoteServerOn | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

const submissionKey = "r3Q8vLm2Xc7Tn4Wb9Ke1Pa";
const consent = { contactConsent: { wording: "Your details may go to: Bionic.", buyers: ["Bionic"] }, submissionKey };

const leadsAndDeliveries = async (s: QuoteServerOn) => ({
  leads: await s.db.selectFrom("leads").select("id").execute(),
  deliveries: await s.db.selectFrom("deliveries").select("lead_id").execute(),
});

describe.each(serverDialects)("a submission key sent again, on %s", (dialect, skipped) => {
  it.skipIf(skipped)("is checked first: without the phone and e-mail it gets 400 with their field errors, not the first lead's answer", async () => {
    running = await startQuoteServerOn(dialect);
    const post = (payload: object) => running!.app.inject({ method: "POST", url: "/api/leads", payload });
    const first = await post(businessEnergyV1({}, consent));
    expect(first.statusCode).toBe(200);

    const { phone: _phone, email: _email, ...withoutContact } = businessEnergyV1({}, consent).answers;
    const again = await post({ ...businessEnergyV1({}, consent), answers: withoutContact });

    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: "3",
      errors: expect.arrayContaining([expect.objectContaining({ field: "phone", step: "contact" }), expect.objectContaining({ field: "email", step: "contact" })]),
    });
    expect((await leadsAndDeliveries(running)).leads).toHaveLength(1);
  });

  it.skipIf(skipped)("gets the first lead's answer with the same answers, however sent, and 409 with code 3 and a message with other answers", async () => {
    running = await startQuoteServerOn(dialect);
    const post = (payload: object) => running!.app.inject({ method: "POST", url: "/api/leads", payload });
    const first = await post(businessEnergyV1({}, consent));
    const stored = await leadsAndDeliveries(running);

    // The same answers in another order, padded with spaces and with one off the path (a question the answers skip),
    // under other campaign values and cookie choices: the same submission as stored.
    const { answers } = businessEnergyV1({}, consent);
    const reordered = Object.fromEntries(Object.entries({ ...answers, customerName: ` ${answers.customerName} `, generatorType: "solar" }).reverse());
    const same = await post({ ...businessEnergyV1({}, consent), answers: reordered, tracking: { utm: { utm_source: "bing" } }, consent: { analytics: false, marketing: true } });
    const otherPhone = await post(businessEnergyV1({ phone: "0113 496 0999" }, consent));
    const otherVersion = await post({ ...businessEnergyV1({}, consent), version: 2 });

    expect([same.statusCode, same.json()]).toEqual([200, first.json()]);
    for (const refused of [otherPhone, otherVersion]) expect([refused.statusCode, refused.json()]).toEqual([409, { code: "3", message: REUSED_KEY_MESSAGE }]);
    expect(await leadsAndDeliveries(running)).toEqual(stored);
  });
});
