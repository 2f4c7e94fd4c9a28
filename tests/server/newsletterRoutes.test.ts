import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findSubscriber } from "../../server/storage/newsletterStore";
import { startTestServer, type TestServer } from "./testServer";

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const WORDING = "Send me the SwitchPlan newsletter. I can unsubscribe at any time.";
const signUp = (payload: object) => server.app.inject({ method: "POST", url: "/api/newsletter", payload });

describe("POST /api/newsletter", () => {
  it("subscribes an address, keeping the wording agreed to and the time", async () => {
    const response = await signUp({ email: "Jo.Bloggs@Example.com", consentText: WORDING });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: "You have subscribed successfully!" });
    const row = await server.withDb((db) => findSubscriber(db, "jo.bloggs@example.com"));
    expect(row).toEqual({ email: "jo.bloggs@example.com", consent_text: WORDING, subscribed_at: expect.any(String) });
  });

  it("says the same to someone who is already subscribed, and keeps one sign-up", async () => {
    await signUp({ email: "jo@example.com", consentText: WORDING });

    const again = await signUp({ email: "JO@example.com", consentText: WORDING });

    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: "You have subscribed successfully!" });
    expect(await server.withDb((db) => db.selectFrom("newsletter_subscribers").selectAll().execute())).toHaveLength(1);
  });

  it.each([["not-an-email"], [""], ["jo@"], [42]])("asks for a valid email address when given %j, and stores nothing", async (email) => {
    const response = await signUp({ email, consentText: WORDING });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "Please enter a valid email address" });
    expect(await server.withDb((db) => db.selectFrom("newsletter_subscribers").selectAll().execute())).toEqual([]);
  });

  it("refuses a sign-up without the consent wording", async () => {
    const response = await signUp({ email: "jo@example.com" });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "The sign-up needs an email address and the consent wording shown beside it" });
  });

  it("tells a bot that filled the honeypot it subscribed, and keeps nothing", async () => {
    const response = await signUp({ email: "bot@example.com", consentText: WORDING, honeypot: "x" });

    expect(response.json()).toEqual({ message: "You have subscribed successfully!" });
    expect(await server.withDb((db) => db.selectFrom("newsletter_subscribers").selectAll().execute())).toEqual([]);
  });
});

describe("the newsletter form posted without JavaScript", () => {
  const post = (fields: Record<string, string>, headers: Record<string, string | undefined> = {}) =>
    server.app.inject({
      method: "POST",
      url: "/api/newsletter",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      payload: new URLSearchParams(fields).toString(),
    });
  const subscribers = () => server.withDb((db) => db.selectFrom("newsletter_subscribers").selectAll().execute());

  it("subscribes the address and answers with a page saying so", async () => {
    const response = await post({ email: "form@example.com", consentText: WORDING, website: "" });

    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.body).toContain("You have subscribed successfully!");
    expect(await server.withDb((db) => findSubscriber(db, "form@example.com"))).toMatchObject({ consent_text: WORDING });
  });

  it("answers a bad address with a page asking for a valid one, storing nothing", async () => {
    const response = await post({ email: "nope", consentText: WORDING });

    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("Please enter a valid email address");
    expect(await server.withDb((db) => db.selectFrom("newsletter_subscribers").selectAll().execute())).toHaveLength(0);
  });

  it("tells a bot that filled the hidden field it worked, and keeps nothing", async () => {
    const response = await post({ email: "bot@example.com", consentText: WORDING, website: "https://spam.example" });

    expect(response.statusCode).toBe(200);
    expect(await server.withDb((db) => findSubscriber(db, "bot@example.com"))).toBeUndefined();
  });

  it.each([
    ["a page on another site (Sec-Fetch-Site: cross-site)", { "sec-fetch-site": "cross-site", origin: "https://elsewhere.example" }],
    ["a sibling site (Sec-Fetch-Site: same-site)", { "sec-fetch-site": "same-site", origin: "https://other.switchplan.example" }],
    ["an older browser naming another origin", { origin: "https://elsewhere.example" }],
    ["a sandboxed page (Origin: null)", { origin: "null" }],
    ["another site naming itself as the host", { host: "evil.example", origin: "http://evil.example" }],
    ["a client naming neither Origin nor Referer", { origin: undefined }],
  ])("refuses a sign-up posted by %s, storing nothing", async (_from, headers) => {
    const response = await post({ email: "forged@example.com", consentText: "Wording the other site chose" }, headers);

    expect(response.statusCode).toBe(403);
    expect(response.body).toContain("Something has gone wrong. Please try again.");
    expect(await subscribers()).toEqual([]);
  });

  it("still takes the form from our own pages, as browsers mark it (same origin, or a Referer on the site)", async () => {
    // Without PUBLIC_ORIGIN the site is where the server listens: HOST and PORT (localhost:3000) before it listens.
    const sameOrigin = await post({ email: "own@example.com", consentText: WORDING }, { "sec-fetch-site": "same-origin", origin: "http://localhost:3000" });
    const olderBrowser = await post({ email: "older@example.com", consentText: WORDING }, { origin: undefined, referer: "http://localhost:3000/business-energy/" });

    expect([sameOrigin.statusCode, olderBrowser.statusCode]).toEqual([200, 200]);
    expect((await subscribers()).map((row) => row.email).sort()).toEqual(["older@example.com", "own@example.com"]);
  });
});
