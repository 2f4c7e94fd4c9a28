/** The server's settings, read from environment variables and checked before anything starts. */
import path from "node:path";
import { fileURLToPath } from "node:url";
import envSchema from "env-schema";
import type { FromSchema, JSONSchema } from "json-schema-to-ts";
import { DEFAULT_RETRY_SCHEDULE, longestRetryHours } from "./delivery/retryPolicy";
import { parseOpeningHours } from "./hours/openingHours";
import { parseTrustedProxies, type TrustedProxies } from "./security/trustedProxies";

/** Log levels pino understands. */
const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** Address lookup back ends: the demo dataset, or a paid provider keyed by ADDRESS_API_KEY. */
export const ADDRESS_PROVIDERS = ["demo", "ideal-postcodes", "getaddress"] as const;

const ON_OFF = ["on", "off"] as const;

/** An integer variable from `min` to `max`, `fallback` when unset. */
const count = <Fallback extends number>(min: number, fallback: Fallback, max = 2_147_483_647) =>
  ({ type: "integer", minimum: min, maximum: max, default: fallback }) as const;

/** The variables, with their rules and defaults: env-schema checks them, and `Env` is derived from them. */
const envJsonSchema = {
  type: "object",
  additionalProperties: false,
  properties: {
    PORT: count(0, 3000, 65535),
    HOST: { type: "string", minLength: 1, default: "localhost" },
    PUBLIC_ORIGIN: { type: "string", minLength: 1 },
    DATA_DIR: { type: "string", minLength: 1, default: "data" },
    SITE_DIR: { type: "string", minLength: 1, default: "dist/client" },
    FORMS_DIR: { type: "string", minLength: 1, default: "forms" },
    BRAND: { type: "string", minLength: 1, default: "SwitchPlan" },
    LOG_LEVEL: { type: "string", enum: LOG_LEVELS, default: "info" },
    ADDRESS_PROVIDER: { type: "string", enum: ADDRESS_PROVIDERS, default: "demo" },
    ADDRESS_API_KEY: { type: "string", minLength: 1 },
    ADDRESS_API_URL: { type: "string", pattern: "^https?://" },
    DATABASE_URL: { type: "string", pattern: "^postgres(ql)?://" },
    REDIS_URL: { type: "string", pattern: "^rediss?://" },
    TRUST_PROXY: { type: "string", minLength: 1, default: "off" },
    BUYERS_FILE: { type: "string", minLength: 1, default: "server/config/buyers.json" },
    ANALYSTS_FILE: { type: "string", minLength: 1, default: "data/analysts.json" },
    OPENING_HOURS: { type: "string", minLength: 1, default: "mon-fri 09:00-17:30" },
    DUPLICATE_WINDOW_HOURS: count(0, 30 * 24),
    FAKE_CAMPAIGN_IDS: { type: "string", default: "" },
    MARKETPLACE_ORIGINS: { type: "string", default: "" },
    MIN_FILL_MS: count(0, 3000),
    RATE_LIMIT_MAX: count(1, 20),
    RATE_LIMIT_WINDOW_MS: count(1000, 60_000),
    ADDRESS_RATE_LIMIT_MAX: count(1, 20),
    NEW_VISITS_PER_ADDRESS_MAX: count(1, 100),
    QUOTE_SESSIONS_PER_ADDRESS_MAX: count(1, 30),
    PER_ADDRESS_WINDOW_MS: count(1000, 60 * 60_000),
    HEADERS_TIMEOUT_MS: count(500, 20_000),
    REQUEST_TIMEOUT_MS: count(500, 30_000),
    KEEP_ALIVE_TIMEOUT_MS: count(100, 10_000),
    DELIVERY_WORKER: { type: "string", enum: ON_OFF, default: "on" },
    DELIVERY_MAX_ATTEMPTS: count(1, DEFAULT_RETRY_SCHEDULE.maxAttempts, 100),
    DELIVERY_TIMEOUT_MS: count(100, DEFAULT_RETRY_SCHEDULE.timeoutMs),
    DELIVERY_BACKOFF_MS: count(10, DEFAULT_RETRY_SCHEDULE.backoffMs),
    DELIVERY_BACKOFF_MAX_MS: count(10, DEFAULT_RETRY_SCHEDULE.backoffMaxMs),
    RESULTS_SETTLE_HOURS: { type: "integer", minimum: 0, maximum: 24 * 90 },
    DELIVERY_POLL_MS: count(10, 2000),
    DELIVERY_CONCURRENCY: count(1, 4, 64),
    METRICS_PORT: { type: "integer", minimum: 1, maximum: 65535 },
    METRICS_HOST: { type: "string", minLength: 1, default: "127.0.0.1" },
    WORKER_METRICS_PORT: { type: "integer", minimum: 1, maximum: 65535 },
    CONSENT_KEYS_SECRET: { type: "string", minLength: 32 },
  },
} as const satisfies JSONSchema;

/** The environment as env-schema hands it back: defaults filled in (so present), numbers coerced. */
type Env = FromSchema<typeof envJsonSchema>;

/** How the delivery worker behaves: attempts, time-outs and back-off. */
export interface DeliveryConfig {
  /** Whether buildServer starts the worker in the server process. */
  worker: boolean;
  maxAttempts: number;
  timeoutMs: number;
  /** The first retry waits about this long; each later one twice the one before, with jitter. */
  backoffMs: number;
  backoffMaxMs: number;
  /** How often an idle worker looks for rows (it is also woken by each new lead). */
  pollMs: number;
  /** Deliveries in flight at once per worker. */
  concurrency: number;
}

/** The checked settings; directories and files are absolute. */
export interface Config {
  port: number;
  host: string;
  /**
   * The site's address as browsers name it (`https://www.example.co.uk`): a post must come from a page there.
   * Unset, the address the server listens on (HOST and its port), right for `npm start`; behind a proxy, set it.
   */
  publicOrigin?: string;
  dataDir: string;
  /**
   * What seals the consent signing keys' private parts in the store (CONSENT_KEYS_SECRET, at least 32 characters): the
   * same on every instance. Unset, the data folder's own secret is used (made at the first start), right for one instance.
   */
  consentKeysSecret?: string;
  siteDir: string;
  formsDir: string;
  brand: string;
  logLevel: Env["LOG_LEVEL"];
  addressProvider: Env["ADDRESS_PROVIDER"];
  addressApiKey?: string;
  /** Another base URL for the address provider (a local fake in tests). */
  addressApiUrl?: string;
  /** PostgreSQL instead of the embedded SQLite file. */
  databaseUrl?: string;
  /** Redis for rate limits shared by several instances. */
  redisUrl?: string;
  /** Behind proxies: which of them name the client's address in X-Forwarded-For (security/trustedProxies.ts). */
  trustProxy: TrustedProxies;
  buyersFile: string;
  /** An analysts file of the days before the store kept analysts: imported into the store once, at the first start or `npm run analysts` that finds it. */
  analystsFile: string;
  /** The site's opening hours (see hours/openingHours.ts), for the out-of-hours flag and routing. */
  openingHours: string;
  duplicateWindowHours: number;
  /** Ad campaign ids (tracking.ads.campaignid) known not to be real traffic: their leads answer 100. */
  fakeCampaignIds: string[];
  /**
   * A partner marketplace's origin to frame instead of the one the flows name, by partner (the step's `partner`):
   * MARKETPLACE_ORIGINS="mmob=https://switchplan.mmob.example". The frame's path and answers stay the flow's.
   */
  marketplaceOrigins: Record<string, string>;
  /** A lead sent sooner than this after its start token was issued is a bot's; 0 turns the check off. */
  minFillMs: number;
  rateLimit: { max: number; windowMs: number };
  /** Address lookups per client address (and per visit and quote session) per rate-limit window, API and plain form together. */
  addressRateLimitMax: number;
  /**
   * What one client address may start per window: new visits counted by the experiments (more are served but not
   * counted) and quote sessions without scripts (more are refused with a message), so one script cannot skew an
   * experiment or fill the database.
   */
  perAddress: { newVisitsMax: number; quoteSessionsMax: number; windowMs: number };
  /** How long a client may take over a request's headers, over the whole request, and idle between requests. */
  timeouts: { headersMs: number; requestMs: number; keepAliveMs: number };
  delivery: DeliveryConfig;
  /**
   * How long after its exposure a visit's outcome counts as settled on the results page (RESULTS_SETTLE_HOURS;
   * default the longest delivery retry schedule, longestRetryHours).
   */
  resultsSettleHours: number;
  /**
   * Where the operators' metrics are served (server/metrics/): the server's on `port`, the delivery worker's
   * (`npm run worker`) on `workerPort`; each unset means that process serves none.
   */
  metrics: { host: string; port?: number; workerPort?: number };
}

/** The repository root, so relative directories mean the same whichever folder the server starts in. */
export const repoRoot = fileURLToPath(new URL("../", import.meta.url));

/** Reads and checks the settings; throws an Error naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const vars = readEnv(env);
  const problems = crossChecks(vars);
  if (problems.length > 0) throw invalidEnv(problems);
  return {
    port: vars.PORT,
    host: vars.HOST,
    ...(vars.PUBLIC_ORIGIN ? { publicOrigin: parsePublicOrigin(vars.PUBLIC_ORIGIN) } : {}),
    dataDir: path.resolve(repoRoot, vars.DATA_DIR),
    ...(vars.CONSENT_KEYS_SECRET ? { consentKeysSecret: vars.CONSENT_KEYS_SECRET } : {}),
    siteDir: path.resolve(repoRoot, vars.SITE_DIR),
    formsDir: path.resolve(repoRoot, vars.FORMS_DIR),
    brand: vars.BRAND,
    logLevel: vars.LOG_LEVEL,
    addressProvider: vars.ADDRESS_PROVIDER,
    ...(vars.ADDRESS_API_KEY ? { addressApiKey: vars.ADDRESS_API_KEY } : {}),
    ...(vars.ADDRESS_API_URL ? { addressApiUrl: vars.ADDRESS_API_URL } : {}),
    ...(vars.DATABASE_URL ? { databaseUrl: vars.DATABASE_URL } : {}),
    ...(vars.REDIS_URL ? { redisUrl: vars.REDIS_URL } : {}),
    trustProxy: parseTrustedProxies(vars.TRUST_PROXY),
    buyersFile: path.resolve(repoRoot, vars.BUYERS_FILE),
    analystsFile: path.resolve(repoRoot, vars.ANALYSTS_FILE),
    openingHours: vars.OPENING_HOURS,
    duplicateWindowHours: vars.DUPLICATE_WINDOW_HOURS,
    fakeCampaignIds: vars.FAKE_CAMPAIGN_IDS.split(",").map((id) => id.trim()).filter(Boolean),
    marketplaceOrigins: parseMarketplaceOrigins(vars.MARKETPLACE_ORIGINS),
    minFillMs: vars.MIN_FILL_MS,
    rateLimit: { max: vars.RATE_LIMIT_MAX, windowMs: vars.RATE_LIMIT_WINDOW_MS },
    addressRateLimitMax: vars.ADDRESS_RATE_LIMIT_MAX,
    perAddress: { newVisitsMax: vars.NEW_VISITS_PER_ADDRESS_MAX, quoteSessionsMax: vars.QUOTE_SESSIONS_PER_ADDRESS_MAX, windowMs: vars.PER_ADDRESS_WINDOW_MS },
    timeouts: { headersMs: vars.HEADERS_TIMEOUT_MS, requestMs: vars.REQUEST_TIMEOUT_MS, keepAliveMs: vars.KEEP_ALIVE_TIMEOUT_MS },
    delivery: {
      worker: vars.DELIVERY_WORKER === "on",
      maxAttempts: vars.DELIVERY_MAX_ATTEMPTS,
      timeoutMs: vars.DELIVERY_TIMEOUT_MS,
      backoffMs: vars.DELIVERY_BACKOFF_MS,
      backoffMaxMs: vars.DELIVERY_BACKOFF_MAX_MS,
      pollMs: vars.DELIVERY_POLL_MS,
      concurrency: vars.DELIVERY_CONCURRENCY,
    },
    resultsSettleHours:
      vars.RESULTS_SETTLE_HOURS ??
      longestRetryHours({ maxAttempts: vars.DELIVERY_MAX_ATTEMPTS, timeoutMs: vars.DELIVERY_TIMEOUT_MS, backoffMs: vars.DELIVERY_BACKOFF_MS, backoffMaxMs: vars.DELIVERY_BACKOFF_MAX_MS }),
    metrics: {
      host: vars.METRICS_HOST,
      ...(vars.METRICS_PORT === undefined ? {} : { port: vars.METRICS_PORT }),
      ...(vars.WORKER_METRICS_PORT === undefined ? {} : { workerPort: vars.WORKER_METRICS_PORT }),
    },
  };
}

/** Rules that span variables or need more than a type check. */
function crossChecks(vars: Env): string[] {
  const problems: string[] = [];
  if (vars.ADDRESS_PROVIDER !== "demo" && !vars.ADDRESS_API_KEY) {
    problems.push(`ADDRESS_API_KEY is required when ADDRESS_PROVIDER is ${vars.ADDRESS_PROVIDER}`);
  }
  try {
    parseOpeningHours(vars.OPENING_HOURS, "OPENING_HOURS");
  } catch (error) {
    problems.push((error as Error).message);
  }
  try {
    parseMarketplaceOrigins(vars.MARKETPLACE_ORIGINS);
  } catch (error) {
    problems.push((error as Error).message);
  }
  try {
    parseTrustedProxies(vars.TRUST_PROXY);
  } catch (error) {
    problems.push((error as Error).message);
  }
  if (vars.PUBLIC_ORIGIN) {
    try {
      parsePublicOrigin(vars.PUBLIC_ORIGIN);
    } catch (error) {
      problems.push((error as Error).message);
    }
  } else if (WILDCARD_HOSTS.has(vars.HOST)) {
    problems.push(`PUBLIC_ORIGIN is required when HOST is ${vars.HOST}: browsers reach the site by another address, and posts are taken only from pages there`);
  }
  if (vars.REQUEST_TIMEOUT_MS < vars.HEADERS_TIMEOUT_MS) {
    problems.push("REQUEST_TIMEOUT_MS must be at least HEADERS_TIMEOUT_MS");
  }
  // The metrics are for the operators' network only: never on the visitors' port.
  if (vars.METRICS_PORT !== undefined && vars.METRICS_PORT === vars.PORT) problems.push("METRICS_PORT must not be the public PORT");
  if (vars.WORKER_METRICS_PORT !== undefined && vars.WORKER_METRICS_PORT === vars.PORT) problems.push("WORKER_METRICS_PORT must not be the public PORT");
  if (vars.DELIVERY_BACKOFF_MAX_MS < vars.DELIVERY_BACKOFF_MS) {
    problems.push("DELIVERY_BACKOFF_MAX_MS must be at least DELIVERY_BACKOFF_MS");
  }
  return problems;
}

/** Addresses that mean "every interface": no browser names the site by them. */
const WILDCARD_HOSTS = new Set(["0.0.0.0", "::", "[::]"]);

/** An http(s) address with no path, as browsers name it in Origin (`https://example.com`); throws saying what is wrong. */
export function parsePublicOrigin(value: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== "/" || /[?#@]/.test(value)) {
    throw new Error(`PUBLIC_ORIGIN: "${value}" is not the site's origin (like https://www.example.co.uk, with no path)`);
  }
  return url.origin;
}

/** "partner=origin, partner=origin" as partner → origin; throws naming the entry that is not an http(s) origin. */
export function parseMarketplaceOrigins(value: string): Record<string, string> {
  const origins: Record<string, string> = {};
  for (const entry of value.split(",").map((e) => e.trim()).filter(Boolean)) {
    const [partner = "", origin = ""] = entry.split("=").map((part) => part.trim());
    const url = URL.canParse(origin) ? new URL(origin) : undefined;
    if (!partner || !url || !/^https?:$/.test(url.protocol) || url.origin !== origin.replace(/\/$/, "")) {
      throw new Error(`MARKETPLACE_ORIGINS: "${entry}" is not partner=origin (like mmob=https://market.example.com)`);
    }
    origins[partner] = url.origin;
  }
  return origins;
}

interface EnvSchemaError extends Error {
  errors?: Array<{ instancePath: string; message?: string; params: Record<string, unknown> }>;
}

function readEnv(env: NodeJS.ProcessEnv): Env {
  // Only the keys we know, so unrelated variables never reach the checker; an empty value counts as
  // unset, as `PORT=` in a compose file means "use the default".
  const known = Object.fromEntries(
    Object.keys(envJsonSchema.properties).flatMap((key) => (env[key] ? [[key, env[key]]] : [])),
  );
  try {
    return envSchema<Env>({ schema: envJsonSchema, data: known, env: false, dotenv: false });
  } catch (error) {
    const problems = ((error as EnvSchemaError).errors ?? []).map((e) => {
      const name = e.instancePath.replace(/^\//, "") || String(e.params.missingProperty ?? "");
      const allowed = Array.isArray(e.params.allowedValues) ? `: ${e.params.allowedValues.join(", ")}` : "";
      return `${name} ${e.message ?? "is invalid"}${allowed}`;
    });
    if (problems.length === 0) throw error;
    throw invalidEnv(problems, error);
  }
}

/** The error naming every variable that is wrong. */
function invalidEnv(problems: string[], cause?: unknown): Error {
  return new Error(`Invalid environment variable${problems.length > 1 ? "s" : ""}: ${problems.join("; ")}`, cause === undefined ? undefined : { cause });
}
