/**
 * Signing in to the analysts' pages: failed tries are limited per address and per name (10 in 15 minutes, then 429),
 * by the form and by Basic together, and logged with the name and address but never the password; another site's
 * page can neither sign in nor sign out.
 */
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_FAILED_SIGN_INS } from "../../server/analysts/signInLimits";
import { makeTempDir, removeTempDir, startTestServer, type TestServer } from "./testServer";
import { ANALYST, basic, OTHER_ANALYST, PAGE_ACCEPT, signIn, writeTestAnalysts } from "./support/analysts";
import { logCapture } from "./support/logCapture";

/** What each test started, stopped after it, last first. */
const started: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of started.splice(0).reverse()) await stop();
});

const REPORT = "/analysts/flows/";

/** A server with jo and sam (and any other analysts given) in its analysts file. */
async function start(env: Record<string, string> = {}, logger: boolean | object = false, analysts: Array<{ name: string; password: string }> = [ANALYST, OTHER_ANALYST]): Promise<TestServer & { analystsFile: string }> {
  const dir = await makeTempDir("switchplan-analysts-");
  started.push(() => removeTempDir(dir));
  const analystsFile = await writeTestAnalysts(dir, analysts);
  const server = await startTestServer({ ANALYSTS_FILE: analystsFile, ...env }, logger);
  started.push(() => server.close());
  return { ...server, analystsFile };
}

const byBasic = (s: TestServer, name: string, password: string, remoteAddress = "127.0.0.1") =>
  s.app.inject({ method: "GET", url: REPORT, headers: { authorization: basic(name, password) }, remoteAddress });

describe("failed sign-ins", () => {
  it("answer 429 from one address after 10 failures, whatever names it tried, until the window ends (Retry-After); other addresses still sign in", async () => {
    const s = await start();
    const address = "198.51.100.7";

    const failures = [];
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) failures.push((await signIn(s.app, { name: `guess${i}`, password: "wrong password", remoteAddress: address })).response.statusCode);
    const limited = await signIn(s.app, { ...ANALYST, remoteAddress: address });
    const limitedBasic = await byBasic(s, OTHER_ANALYST.name, OTHER_ANALYST.password, address);
    const elsewhere = await signIn(s.app, { ...ANALYST, remoteAddress: "203.0.113.9" });

    expect(failures).toEqual(Array(MAX_FAILED_SIGN_INS).fill(401));
    expect(limited.response.statusCode).toBe(429);
    expect(limited.setCookie).toBeUndefined();
    expect(Number(limited.response.headers["retry-after"])).toBeGreaterThan(14 * 60);
    expect(Number(limited.response.headers["retry-after"])).toBeLessThanOrEqual(15 * 60);
    expect(limited.response.body).toContain("Too many failed sign-ins. Try again in 15 minutes.");
    expect(limitedBasic.statusCode).toBe(429);
    expect(limitedBasic.body).not.toContain("business-energy");
    expect(elsewhere.response.statusCode).toBe(303);
  });

  it("answer 429 for one name after 10 failures from any addresses, by the form and Basic together; other names still sign in", async () => {
    const s = await start();

    for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) {
      const remoteAddress = `192.0.2.${10 + i}`;
      const response = i % 2 ? await byBasic(s, ANALYST.name, `wrong password ${i}`, remoteAddress) : (await signIn(s.app, { name: ANALYST.name, password: `wrong password ${i}`, remoteAddress })).response;
      expect(response.statusCode).toBe(401);
    }
    const limited = await byBasic(s, ANALYST.name, ANALYST.password, "192.0.2.99");
    const limitedForm = await signIn(s.app, { ...ANALYST, remoteAddress: "192.0.2.98" });
    const other = await byBasic(s, OTHER_ANALYST.name, OTHER_ANALYST.password, "192.0.2.99");

    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toMatch(/^\d+$/);
    expect(limitedForm.response.statusCode).toBe(429);
    expect(other.statusCode).toBe(200);
  });

  it("do not count a right password, or a form sent without one", async () => {
    const s = await start();

    for (let i = 0; i < 2 * MAX_FAILED_SIGN_INS; i++) expect((await byBasic(s, ANALYST.name, ANALYST.password)).statusCode).toBe(200);
    const empty = await signIn(s.app, { name: ANALYST.name, password: "" });
    const after = await signIn(s.app, ANALYST);

    expect(empty.response.statusCode).toBe(400);
    expect(empty.response.body).toContain("Enter your name and your password.");
    expect(after.response.statusCode).toBe(303);
  });

  it("are logged with the name and the address, never the password or the Authorization header", async () => {
    const log = logCapture();
    const s = await start({}, { level: "trace", stream: log.stream });

    await signIn(s.app, { name: ANALYST.name, password: "form guess 12345", remoteAddress: "198.51.100.23" });
    await byBasic(s, ANALYST.name, "basic guess 67890", "198.51.100.24");
    await signIn(s.app, ANALYST);
    await byBasic(s, ANALYST.name, ANALYST.password);

    const lines = log.text().split("\n").filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
    const failed = lines.filter((line) => line.msg === "analyst sign-in failed");
    expect(failed).toEqual([expect.objectContaining({ analyst: "jo", address: "198.51.100.23" }), expect.objectContaining({ analyst: "jo", address: "198.51.100.24" })]);
    for (const secret of ["form guess", "basic guess", ANALYST.password, encodeURIComponent(ANALYST.password), "correct+horse", basic(ANALYST.name, ANALYST.password).slice(6), "authorization"]) {
      expect(log.text(), secret).not.toContain(secret);
    }
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  it.skipIf(!redisUrl)(`are counted in Redis when REDIS_URL is set, shared by every instance${redisUrl ? "" : " (skipped: set TEST_REDIS_URL to run it)"}`, async () => {
    // A name and an address of this run only: the counts outlive it in the shared Redis.
    const name = `redis-${randomBytes(4).toString("hex")}`;
    const s = await start({ REDIS_URL: redisUrl! }, false, [{ name, password: ANALYST.password }]);
    const second = await startTestServer({ REDIS_URL: redisUrl!, ANALYSTS_FILE: s.analystsFile });
    started.push(() => second.close());
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) {
      const on = i % 2 ? s : second;
      expect((await byBasic(on, name, "wrong password", `2001:db8:${i}::1`)).statusCode).toBe(401);
    }
    expect((await byBasic(s, name, ANALYST.password, "2001:db8:ff::1")).statusCode).toBe(429);
    expect((await byBasic(second, name, ANALYST.password, "2001:db8:fe::1")).statusCode).toBe(429);
  });
});

describe("odd requests", () => {
  it("are answered 4xx, never 5xx", async () => {
    const s = await start();
    const authorizations = ["Basic", "Basic !!!", `Basic ${Buffer.from("no colon").toString("base64")}`, `Basic ${Buffer.from([0xff, 0xfe, 0x3a, 0xc3]).toString("base64")}`, `Basic ${"A".repeat(5000)}`, "Bearer abc", `Basic ${Buffer.from(`${"x".repeat(500)}:${"y".repeat(500)}`).toString("base64")}`];
    const posts: Array<[string, string]> = [
      ["application/json", JSON.stringify({ name: 5, password: ["a"], return: { path: "/" } })],
      ["application/json", "null"],
      ["application/json", "[1,2]"],
      ["application/x-www-form-urlencoded", "name=jo&name=sam&password=%FF%FE&return=%2F%2Fevil.example&return=%2Fanalysts%2F"],
      ["application/x-www-form-urlencoded", `name=${"j".repeat(5000)}&password=x`],
      ["application/x-www-form-urlencoded", ""],
      ["text/plain", "name=jo"],
    ];

    const statuses = [
      ...(await Promise.all(authorizations.map((authorization) => s.app.inject({ method: "GET", url: REPORT, headers: { authorization } })))),
      ...(await Promise.all(posts.map(([type, payload]) => s.app.inject({ method: "POST", url: "/analysts/sign-in", headers: { "content-type": type }, payload })))),
      await s.app.inject({ method: "GET", url: "/analysts/sign-in?return=%00&return=/analysts/&signed-out=1&signed-out=2" }),
      await s.app.inject({ method: "GET", url: "/analysts/flows/..%2f..%2fpackage.json", headers: { authorization: basic(ANALYST.name, ANALYST.password) } }),
    ].map((response) => response.statusCode);

    for (const status of statuses) expect(status).toBeLessThan(500);
  });
});

describe("another site's page", () => {
  it("cannot sign an analyst in", async () => {
    const s = await start();

    for (const headers of [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }, { origin: undefined } as unknown as Record<string, string>]) {
      const { response, setCookie } = await signIn(s.app, { ...ANALYST, headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(setCookie).toBeUndefined();
    }
  });

  it("cannot sign an analyst out", async () => {
    const s = await start();
    const { cookie } = await signIn(s.app, ANALYST);

    const out = await s.app.inject({ method: "POST", url: "/analysts/sign-out", headers: { cookie: cookie!, accept: PAGE_ACCEPT, origin: "https://evil.example" } });
    const still = await s.app.inject({ method: "GET", url: REPORT, headers: { cookie: cookie! } });

    expect(out.statusCode).toBe(403);
    expect(out.headers["set-cookie"]).toBeUndefined();
    expect(still.statusCode).toBe(200);
  });
});
