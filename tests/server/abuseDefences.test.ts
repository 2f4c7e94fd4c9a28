import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { buildServer } from "../../server/buildServer";
import { loadConfig } from "../../server/config";
import { fixtureLead } from "./support/pipelineFixtures";
import { startPipelineServer, testClock, WEDNESDAY_MORNING, type PipelineServer } from "./support/pipelineServer";
import { makeTempDir, removeTempDir } from "./testServer";

let server: PipelineServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const post = (s: PipelineServer, payload: object, remoteAddress = "203.0.113.7") =>
  s.app.inject({ method: "POST", url: "/api/leads", payload, remoteAddress });

describe("bots", () => {
  it("tells a bot that filled the honeypot its lead went in, and stores and sends nothing", async () => {
    server = await startPipelineServer({ env: { OPENING_HOURS: "always" } });

    const response = await post(server, fixtureLead("business-energy", {}, { honeypot: "https://spam.example" }));

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: "1", leadId: expect.any(String), buyers: [], outOfHours: false });
    expect(await server.leadCount()).toBe(0);
  });

  it("measures the fill time from the server's own signed start token: missing, forged, too fresh or a day old gets the decoy and nothing is stored", async () => {
    const clock = testClock(WEDNESDAY_MORNING);
    server = await startPipelineServer({ env: { OPENING_HOURS: "always", MIN_FILL_MS: "3000" }, now: clock.now });
    const other = await startPipelineServer({ env: { OPENING_HOURS: "always", MIN_FILL_MS: "3000" }, now: clock.now });
    const issued = await server.app.inject({ method: "GET", url: "/api/start-token" });
    const { token } = issued.json<{ token: string }>();
    const otherToken = (await other.app.inject({ method: "GET", url: "/api/start-token" })).json<{ token: string }>().token;
    await other.close();
    const [time, nonce, signature] = token.split(".");
    const lead = (n: number, startToken?: string) => fixtureLead("business-energy", { phone: `020 7946 00${10 + n}`, email: `t${n}@example.com` }, startToken ? { startToken } : {});

    expect(issued.headers["cache-control"]).toBe("no-store");
    expect(issued.json()).toEqual({ token: expect.any(String), minFillMs: 3000 });
    clock.advance(1200);
    const tooFast = await post(server, lead(1, token));
    clock.advance(3000);
    const missing = await post(server, lead(2));
    const backdated = await post(server, lead(3, `${(Number.parseInt(time!, 36) - 60_000).toString(36)}.${nonce}.${signature}`));
    const anotherInstallation = await post(server, lead(4, otherToken));
    const browserTime = await post(server, { ...lead(5), startedAt: 0 });
    const person = await post(server, lead(6, token));
    clock.advance(25 * 3_600_000);
    const stale = await post(server, lead(7, token));

    for (const decoy of [tooFast, missing, backdated, anotherInstallation, stale]) expect(decoy.json()).toMatchObject({ code: "1", buyers: [] });
    expect(browserTime.statusCode).toBe(400);
    expect(person.json()).toMatchObject({ code: "5" });
    expect(await server.leadCount()).toBe(1);
  });

  it("lets fast forms through when MIN_FILL_MS is 0, as the end-to-end tests set it", async () => {
    server = await startPipelineServer({ env: { OPENING_HOURS: "always", MIN_FILL_MS: "0" } });

    const response = await post(server, fixtureLead("business-energy"));

    expect(response.json()).toMatchObject({ code: "5" });
  });
});

describe("the rate limit", () => {
  it("refuses a client's leads past RATE_LIMIT_MAX in the window with a 429, while pages, other routes and other clients carry on", async () => {
    server = await startPipelineServer({ env: { OPENING_HOURS: "always", RATE_LIMIT_MAX: "3" } });

    const answers = [];
    for (let n = 0; n < 4; n++) answers.push(await post(server, fixtureLead("business-energy", { phone: `020 7946 010${n}`, email: `r${n}@example.com` })));

    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers[3]!.json()).toEqual({ code: "4", message: "Too many requests. Please wait a minute and try again." });
    expect(answers[3]!.headers["retry-after"]).toBeDefined();
    expect((await server.app.inject({ method: "GET", url: "/api/health", remoteAddress: "203.0.113.7" })).statusCode).toBe(200);
    expect((await post(server, fixtureLead("business-waste"), "198.51.100.9")).statusCode).toBe(200);
    // Each POST route counts on its own: a newsletter sign-up does not use up the visitor's leads, nor the reverse.
    const newsletter = await server.app.inject({ method: "POST", url: "/api/newsletter", remoteAddress: "203.0.113.7", payload: { email: "a@example.com", consentText: "Yes" } });
    expect(newsletter.statusCode).toBe(200);
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  it.skipIf(!redisUrl)(`shares the count between instances through Redis (REDIS_URL)${redisUrl ? "" : " (skipped: set TEST_REDIS_URL to run it)"}`, async () => {
    const dir = await makeTempDir();
    // A /64 of its own, so this run's count meets no other run's in the shared Redis.
    const address = `2001:db8:${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}::1`;
    // Two instances behind one public address.
    const config = loadConfig({ DATA_DIR: dir, SITE_DIR: `${dir}/none`, REDIS_URL: redisUrl!, RATE_LIMIT_MAX: "2", RATE_LIMIT_WINDOW_MS: "5000", PUBLIC_ORIGIN: "https://www.switchplan.example" });
    const [a, b] = await Promise.all([buildServer({ config, logger: false, deliveryWorker: false }), buildServer({ config, logger: false, deliveryWorker: false })]);
    try {
      const hit = (app: typeof a) =>
        app.inject({ method: "POST", url: "/api/newsletter", remoteAddress: address, headers: { origin: "https://www.switchplan.example" }, payload: { email: "shared@example.com", consentText: "Yes" } });
      expect([(await hit(a)).statusCode, (await hit(b)).statusCode, (await hit(a)).statusCode]).toEqual([200, 200, 429]);
    } finally {
      await a.close();
      await b.close();
      await removeTempDir(dir);
    }
  });
});
