/**
 * An instance whose Redis (REDIS_URL) is away still has its limits: it counts the rate limits and the request budgets
 * in its own memory (at worst the limits times the instances, never none), refuses analysts' sign-ins with 503 rather
 * than let a locked name in, logs once when Redis goes and once when it is back, and its metrics say so.
 */
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/support/metricsScraper";
import { businessEnergyV1 } from "./testServer";
import { ANALYST, analystsServerPerTest, basic, signIn } from "./support/analysts";
import { eventually } from "./support/eventually";
import { logCapture } from "./support/logCapture";
import { BROWSER_AGENT } from "./support/quoteVisits";
import type { QuoteServerOn } from "./support/quoteServerOn";
import { hasRedisServer, startOwnRedis, type OwnRedis } from "./support/redisServer";
import { serverDialects } from "./support/serverOnDialect";

const GONE = "redis is unreachable: limits are counted in this instance's memory and analysts cannot sign in until it is back";
const BACK = "redis is reachable again: limits are shared";

const startWithAnalysts = analystsServerPerTest();
let redis: OwnRedis | undefined;
afterEach(async () => {
  await redis?.stop();
  redis = undefined;
});

const statusesOf = async (count: number, send: (i: number) => Promise<{ statusCode: number }>) => {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await send(i)).statusCode);
  return statuses;
};
const refused = (statuses: number[]) => statuses.filter((status) => status === 429).length;

const postLead = (s: QuoteServerOn, i: number, remoteAddress: string) =>
  s.app.inject({ method: "POST", url: "/api/leads", remoteAddress, payload: businessEnergyV1({ email: `away${i}@example.com`, phone: `0113 496 0${String(i).padStart(3, "0")}` }) });
const lookUp = (s: QuoteServerOn, remoteAddress: string) => s.app.inject({ method: "GET", url: "/api/addresses?postcode=LS1%204DY", remoteAddress });
const visit = (s: QuoteServerOn, remoteAddress: string) => s.app.inject({ method: "GET", url: "/quote/business-water/", headers: { "user-agent": BROWSER_AGENT }, remoteAddress });
const byBasic = (s: QuoteServerOn, password: string, remoteAddress = "192.0.2.1") =>
  s.app.inject({ method: "GET", url: "/analysts/flows/", headers: { authorization: basic(ANALYST.name, password), accept: "*/*" }, remoteAddress });

/** The value of one sample in the server's metrics, or undefined. */
async function metric(port: number, sample: string): Promise<number | undefined> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith(`${sample} `));
  return line === undefined ? undefined : Number(line.slice(sample.length + 1));
}

describe.each(serverDialects)("an instance that cannot reach Redis, on %s", (dialect, skipped) => {
  it.skipIf(skipped)("still limits lead posts, address lookups and new visits per client address, in its own memory", async () => {
    const closed = `redis://127.0.0.1:${await freePort()}`;
    const s = await startWithAnalysts(dialect, { REDIS_URL: closed, RATE_LIMIT_MAX: "5", ADDRESS_RATE_LIMIT_MAX: "5", NEW_VISITS_PER_ADDRESS_MAX: "10" });

    const leads = await statusesOf(20, (i) => postLead(s, i, "198.51.100.40"));
    const lookups = await statusesOf(20, () => lookUp(s, "198.51.100.41"));
    await statusesOf(60, () => visit(s, "198.51.100.42"));
    const exposures = await s.db.selectFrom("experiment_exposures").select("visit_id").execute();

    expect(refused(leads)).toBe(15);
    expect(refused(lookups)).toBe(15);
    expect(exposures).toHaveLength(10);
  });

  it.skipIf(skipped)("refuses analysts' sign-ins with 503 rather than let them through: a page for the form, plain text with Retry-After for Basic", async () => {
    const closed = `redis://127.0.0.1:${await freePort()}`;
    const s = await startWithAnalysts(dialect, { REDIS_URL: closed });

    const tries = await Promise.all(Array.from({ length: 25 }, (_, i) => byBasic(s, i === 24 ? ANALYST.password : `wrong password ${i}`)));
    const form = await signIn(s.app, ANALYST);

    for (const response of tries) {
      expect(response.statusCode).toBe(503);
      expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
      expect(response.headers["retry-after"]).toMatch(/^[1-9]\d*$/);
      expect(response.body).not.toContain("business-energy");
    }
    expect(form.response.statusCode).toBe(503);
    expect(form.setCookie).toBeUndefined();
    expect(form.response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(form.response.body).toContain("Signing in is not possible for the moment. Try again in a minute.");
  });
});

describe.each(serverDialects)("an instance whose Redis goes away and comes back, on %s", (dialect, skipped) => {
  it.skipIf(skipped || !hasRedisServer)("counts in its own memory meanwhile, logs once when Redis goes and once when it is back, and shows both in its metrics", async () => {
    redis = await startOwnRedis();
    const log = logCapture();
    const metricsPort = await freePort();
    const s = await startWithAnalysts(dialect, { REDIS_URL: redis.url, RATE_LIMIT_MAX: "3", METRICS_PORT: String(metricsPort) }, undefined, { logger: { level: "info", stream: log.stream } });
    const address = `2001:db8:${randomBytes(2).toString("hex")}::1`;
    const { cookie } = await signIn(s.app, ANALYST);

    const before = await metric(metricsPort, "switchplan_redis_reachable");
    await redis.stop();
    const away = await statusesOf(20, (i) => postLead(s, i, address));
    const basicAway = await byBasic(s, ANALYST.password);
    const sessionAway = await s.app.inject({ method: "GET", url: "/analysts/flows/", headers: { cookie: cookie! } });
    const reachableAway = await metric(metricsPort, "switchplan_redis_reachable");
    const countedHere = await metric(metricsPort, 'switchplan_redis_fallback_counts_total{limit="rate_limit"}');
    await redis.start();
    await eventually(() => metric(metricsPort, "switchplan_redis_reachable"), (value) => value === 1);
    const basicBack = await byBasic(s, ANALYST.password);
    const lines = log.text().split("\n").filter(Boolean).map((line) => JSON.parse(line) as { msg: string });

    expect(before).toBe(1);
    expect(refused(away)).toBe(17);
    expect(basicAway.statusCode).toBe(503);
    expect(sessionAway.statusCode).toBe(200);
    expect(reachableAway).toBe(0);
    expect(countedHere).toBeGreaterThanOrEqual(20);
    expect(basicBack.statusCode).toBe(200);
    expect(lines.filter((line) => line.msg === GONE)).toHaveLength(1);
    expect(lines.filter((line) => line.msg === BACK)).toHaveLength(1);
  });
});
