/** Shared set-up for server tests: a server over temp folders, a valid submission, and reading leads back. */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { buildServer } from "../../server/buildServer";
import type { FlowCatalog } from "../../server/flowCatalog";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/storage/database";
import { countLeads, findLead } from "../../server/storage/leadsStore";
import type { Database, LeadRow } from "../../server/storage/schema";
import { businessEnergyV1Answers } from "../../scripts/support/sampleLead";
import { writeQuotePages } from "./support/quoteVisits";
import { postFromOwnPages } from "./support/ownPages";
import { siteOrigin } from "../../server/security/siteOrigin";

/** A fresh temp folder; remove it with `removeTempDir`. */
export function makeTempDir(prefix = "switchplan-test-"): Promise<string> {
  return mkdtemp(path.join(tmpdir(), prefix));
}

/** Removes a temp folder made by `makeTempDir`. */
export function removeTempDir(dir: string): Promise<void> {
  return rm(dir, { recursive: true, force: true });
}

/** A server with its own data folder (and any settings given), silent unless a logger is passed. */
export interface TestServer {
  app: FastifyInstance;
  dataDir: string;
  /** How many leads the SQLite file holds, read through a second connection. */
  leadCount(): Promise<number>;
  /** One stored lead by id. */
  storedLead(id: string): Promise<LeadRow | undefined>;
  /** Runs a query on the server's SQLite file through a second connection. */
  withDb<T>(use: (db: Kysely<Database>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** What a test may set beyond environment variables. */
export interface TestServerOptions {
  now?: () => Date;
  /** Run the delivery worker in the server (off unless asked for). */
  deliveryWorker?: boolean;
  /** Buyers' signing secrets by variable name. */
  secrets?: Record<string, string>;
  /** Serve quote pages: a minimal built site with every version's page of the forms folder. */
  quotePages?: boolean;
  /** Who may read the analysts' pages: signed-in analysts (as in production), or anyone (as in the live preview). */
  analysts?: "signed-in" | "open";
  /** The quote flows, in place of reading FORMS_DIR (a catalogue serving a flow the checks would hold back). */
  flows?: FlowCatalog;
  /** How often the server reads the consent signing keys again (a minute unless set). */
  consentKeysRefreshMs?: number;
}

/**
 * Builds a server over a new temp DATA_DIR; SITE_DIR defaults to a folder that does not exist. The
 * rate limit and the visits and quote sessions per address are raised out of the way, the shop is always open and leads
 * need no start token (tests post in milliseconds), unless a test sets them. Its posts carry the site's Origin
 * (support/ownPages.ts).
 */
export async function startTestServer(env: Record<string, string> = {}, logger: boolean | object = false, options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = await makeTempDir();
  const config = loadConfig({
    DATA_DIR: dataDir,
    SITE_DIR: path.join(dataDir, options.quotePages ? "site" : "no-site"),
    RATE_LIMIT_MAX: "10000",
    NEW_VISITS_PER_ADDRESS_MAX: "100000",
    QUOTE_SESSIONS_PER_ADDRESS_MAX: "100000",
    OPENING_HOURS: "always",
    MIN_FILL_MS: "0",
    ANALYSTS_FILE: path.join(dataDir, "analysts.json"),
    ...env,
  });
  if (options.quotePages) await writeQuotePages(config.siteDir, config.formsDir);
  const app = await buildServer({
    config,
    logger,
    deliveryWorker: options.deliveryWorker ?? false,
    ...(options.now ? { now: options.now } : {}),
    ...(options.analysts ? { analysts: options.analysts } : {}),
    ...(options.flows ? { flows: options.flows } : {}),
    ...(options.consentKeysRefreshMs ? { consentKeysRefreshMs: options.consentKeysRefreshMs } : {}),
    secrets: options.secrets ?? {},
  });
  // The site's pages post with their Origin; tests post as they do unless they say otherwise.
  postFromOwnPages(app, siteOrigin(config, () => app.server.address()));
  const file = path.join(dataDir, "leads.sqlite");
  const withDb = async <T>(use: (db: Kysely<Database>) => Promise<T>): Promise<T> => {
    const db = await openDatabase({ file });
    try {
      return await use(db);
    } finally {
      await db.destroy();
    }
  };
  return {
    app,
    dataDir,
    leadCount: () => withDb(countLeads),
    storedLead: (id) => withDb((db) => findLead(db, id)),
    withDb,
    close: async () => {
      await app.close();
      await removeTempDir(dataDir);
    },
  };
}

/** A complete business-energy v1 submission (electricity and gas, picked address); override what a test varies. */
export function businessEnergyV1(answers: Record<string, unknown> = {}, envelope: Record<string, unknown> = {}) {
  return {
    flowId: "business-energy",
    version: 1,
    answers: {
      ...businessEnergyV1Answers,
      customerName: "Jane Q. Smith",
      phone: "0113 496 0000",
      email: "jane.smith@example.com",
      ...answers,
    },
    tracking: { utm: { utm_source: "google", utm_campaign: "spring" } },
    consent: { analytics: true, marketing: false },
    ...envelope,
  };
}
