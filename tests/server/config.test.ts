import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig, repoRoot } from "../../server/config";

describe("loadConfig", () => {
  it("starts on a fresh machine with no variables set", () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: "localhost",
      dataDir: path.join(repoRoot, "data"),
      siteDir: path.join(repoRoot, "dist", "client"),
      formsDir: path.join(repoRoot, "forms"),
      brand: "SwitchPlan",
      logLevel: "info",
      addressProvider: "demo",
      trustProxy: "none",
      buyersFile: path.join(repoRoot, "server", "config", "buyers.json"),
      analystsFile: path.join(repoRoot, "data", "analysts.json"),
      openingHours: "mon-fri 09:00-17:30",
      duplicateWindowHours: 720,
      fakeCampaignIds: [],
      marketplaceOrigins: {},
      minFillMs: 3000,
      rateLimit: { max: 20, windowMs: 60_000 },
      resultsSettleHours: 4,
      addressRateLimitMax: 20,
      perAddress: { newVisitsMax: 100, quoteSessionsMax: 30, windowMs: 3_600_000 },
      timeouts: { headersMs: 20_000, requestMs: 30_000, keepAliveMs: 10_000 },
      delivery: { worker: true, maxAttempts: 10, timeoutMs: 10_000, backoffMs: 30_000, backoffMaxMs: 3_600_000, pollMs: 2000, concurrency: 4 },
      metrics: { host: "127.0.0.1" },
    });
  });

  it("serves metrics only when a metrics port is set, on loopback unless told otherwise", () => {
    expect(loadConfig({ METRICS_PORT: "9464", WORKER_METRICS_PORT: "9465" }).metrics).toEqual({ host: "127.0.0.1", port: 9464, workerPort: 9465 });
    expect(loadConfig({ METRICS_PORT: "9464", METRICS_HOST: "10.0.0.5" }).metrics).toEqual({ host: "10.0.0.5", port: 9464 });
  });

  it("reads the analysts file from ANALYSTS_FILE, a relative path from the repository root", () => {
    expect(loadConfig({ ANALYSTS_FILE: "/srv/switchplan/analysts.json" }).analystsFile).toBe("/srv/switchplan/analysts.json");
    expect(loadConfig({ ANALYSTS_FILE: "ops/analysts.json" }).analystsFile).toBe(path.join(repoRoot, "ops", "analysts.json"));
  });

  it("reads the lead pipeline's settings", () => {
    const config = loadConfig({
      DATABASE_URL: "postgres://leads@db.internal:5432/leads",
      REDIS_URL: "redis://cache.internal:6379",
      TRUST_PROXY: "1",
      OPENING_HOURS: "mon-fri 08:00-20:00; sat 09:00-13:00",
      FAKE_CAMPAIGN_IDS: " 111, 222 ,,333",
      MIN_FILL_MS: "0",
      DELIVERY_WORKER: "off",
      ADDRESS_PROVIDER: "getaddress",
      ADDRESS_API_KEY: "key-123",
      MARKETPLACE_ORIGINS: "mmob=https://switchplan.mmob.example, other=http://127.0.0.1:4000/",
      PUBLIC_ORIGIN: "https://WWW.Switchplan.example/",
    });

    expect(config).toMatchObject({
      databaseUrl: "postgres://leads@db.internal:5432/leads",
      redisUrl: "redis://cache.internal:6379",
      trustProxy: { hops: 1 },
      openingHours: "mon-fri 08:00-20:00; sat 09:00-13:00",
      fakeCampaignIds: ["111", "222", "333"],
      minFillMs: 0,
      delivery: { worker: false },
      addressProvider: "getaddress",
      addressApiKey: "key-123",
      marketplaceOrigins: { mmob: "https://switchplan.mmob.example", other: "http://127.0.0.1:4000" },
      publicOrigin: "https://www.switchplan.example",
    });
  });

  it("reads TRUST_PROXY as a number of proxy hops or a list of the proxies' addresses and CIDR ranges", () => {
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.0.2.10,2001:db8::/32" }).trustProxy).toEqual({ addresses: ["10.0.0.0/8", "192.0.2.10", "2001:db8::/32"] });
    expect(loadConfig({ TRUST_PROXY: "off" }).trustProxy).toBe("none");
  });

  it("refuses TRUST_PROXY=on, which would trust the address a client writes, with a message naming the two forms", () => {
    expect(() => loadConfig({ TRUST_PROXY: "on" })).toThrow(
      "Invalid environment variable: TRUST_PROXY=on would take whatever address a client writes in X-Forwarded-For: name what to trust, a number of proxy hops (TRUST_PROXY=1: one load balancer) or a list of proxy addresses and CIDR ranges (TRUST_PROXY=10.0.0.0/8,192.0.2.10)",
    );
  });

  it("reads relative folders from the repository root, whatever the working folder", () => {
    expect(loadConfig({ DATA_DIR: "var/leads" }).dataDir).toBe(path.join(repoRoot, "var", "leads"));
    expect(loadConfig({ SITE_DIR: "/srv/site" }).siteDir).toBe("/srv/site");
  });

  it("turns PORT into a number", () => {
    expect(loadConfig({ PORT: "8080" }).port).toBe(8080);
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ PORT: "" }).port).toBe(3000);
  });

  it.each([
    [{ PORT: "eighty" }, /PORT must be integer/],
    [{ PORT: "70000" }, /PORT must be <= 65535/],
    [{ LOG_LEVEL: "loud" }, /LOG_LEVEL must be equal to one of the allowed values: fatal, error/],
    [{ ADDRESS_PROVIDER: "royal-mail" }, /ADDRESS_PROVIDER must be equal to one of the allowed values: demo, ideal-postcodes, getaddress/],
    [{ ADDRESS_PROVIDER: "ideal-postcodes" }, /ADDRESS_API_KEY is required when ADDRESS_PROVIDER is ideal-postcodes/],
    [{ OPENING_HOURS: "weekdays 9-5" }, /OPENING_HOURS: unknown day "weekdays" in "weekdays 9-5"/],
    [{ OPENING_HOURS: "open all hours" }, /OPENING_HOURS: cannot read "open all hours"/],
    [{ OPENING_HOURS: "mon-fri 17:00-09:00" }, /OPENING_HOURS: "17:00-09:00" in "mon-fri 17:00-09:00" is not a time range/],
    [{ DATABASE_URL: "mysql://db/leads" }, /DATABASE_URL must match pattern/],
    [{ MARKETPLACE_ORIGINS: "mmob=https://market.example.com/embed" }, /MARKETPLACE_ORIGINS: "mmob=https:\/\/market.example.com\/embed" is not partner=origin/],
    [{ TRUST_PROXY: "true" }, /TRUST_PROXY: "true" is not a proxy address or CIDR range: TRUST_PROXY is off, or names what to trust, a number of proxy hops/],
    [{ TRUST_PROXY: "10.0.0.0/8,lb.internal" }, /TRUST_PROXY: "lb.internal" is not a proxy address or CIDR range/],
    [{ TRUST_PROXY: "10.0.0.0/33" }, /TRUST_PROXY: "10.0.0.0\/33" is not a proxy address or CIDR range/],
    [{ TRUST_PROXY: "0" }, /TRUST_PROXY: "0" is not a proxy address or CIDR range/],
    [{ DELIVERY_WORKER: "yes" }, /DELIVERY_WORKER must be equal to one of the allowed values: on, off/],
    [{ PUBLIC_ORIGIN: "www.switchplan.example" }, /PUBLIC_ORIGIN: "www.switchplan.example" is not the site's origin/],
    [{ PUBLIC_ORIGIN: "https://www.switchplan.example/quote/" }, /PUBLIC_ORIGIN: "https:\/\/www.switchplan.example\/quote\/" is not the site's origin/],
    [{ PUBLIC_ORIGIN: "ftp://www.switchplan.example" }, /PUBLIC_ORIGIN: "ftp:\/\/www.switchplan.example" is not the site's origin/],
    [{ HOST: "0.0.0.0" }, /PUBLIC_ORIGIN is required when HOST is 0.0.0.0/],
    [{ METRICS_PORT: "prometheus" }, /METRICS_PORT must be integer/],
    [{ METRICS_PORT: "3000" }, /METRICS_PORT must not be the public PORT/],
    [{ PORT: "8080", WORKER_METRICS_PORT: "8080" }, /WORKER_METRICS_PORT must not be the public PORT/],
  ])("refuses %j with a message naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
