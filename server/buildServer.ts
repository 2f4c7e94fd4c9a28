/** Builds the Fastify app (without listening): flows, buyers, database, security, every route plugin and the delivery worker. */
import type { ServerOptions } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from "fastify";
import { marketplaceOrigins } from "../engine/core/marketplaceUrl";
import { createAjv, createSchemaCheck, routeValidatorCompiler, sharedSchemas } from "../engine/node/validation";
import { createAddressProvider } from "./addresses/createAddressProvider";
import { analystsAccess } from "./analysts/analystsAccess";
import { analystsDirectory, importAnalystsFile } from "./analysts/analystsDirectory";
import { analystsPicturesDir } from "./analysts/flowsPage";
import { signInLimits } from "./analysts/signInLimits";
import { loadBuyers } from "./buyers/loadBuyers";
import type { Config } from "./config";
import { startDeliveryWorker, type DeliveryWorker } from "./delivery/deliveryWorker";
import { keepCountsFolded } from "./storage/experiments/countsFolding";
import { firstValueQuery } from "./firstValueQuery";
import { requestIdOf, returnRequestIds } from "./requestIds";
import { logFlowFindings, type FlowCatalog } from "./flowCatalog";
import { publishedFlowCatalog } from "./publishing/publishedCatalog";
import { siteValidatorRuntime, validatorAssets } from "./publishing/validatorAssets";
import flowAssetsRoutes from "./plugins/flowAssetsRoutes";
import type { FlowDocument } from "../engine/core/types";
import { parseOpeningHours } from "./hours/openingHours";
import addressesRoutes from "./plugins/addressesRoutes";
import analystsRoutes from "./plugins/analystsRoutes";
import consentRoutes from "./plugins/consentRoutes";
import errorHandler, { serverFault } from "./plugins/errorHandler";
import eventsRoutes from "./plugins/eventsRoutes";
import flowUnavailablePages from "./plugins/flowUnavailablePages";
import jsonBodies from "./plugins/jsonBodies";
import healthRoutes, { serverHealth } from "./plugins/healthRoutes";
import { openLeadSpool } from "./leads/leadSpool";
import { startSpoolDrain, type SpoolDrain } from "./leads/spoolDrain";
import { spoolMetrics } from "./metrics/spoolMetrics";
import leadsRoutes from "./plugins/leadsRoutes";
import consentCertificateRoutes from "./plugins/consentCertificateRoutes";
import consentStatusRoutes from "./plugins/consentStatusRoutes";
import { consentKeysSecret, loadConsentKeys } from "./consent/signingKeys";
import marketplaceRoutes from "./plugins/marketplaceRoutes";
import newsletterRoutes from "./plugins/newsletterRoutes";
import partnersRoutes from "./plugins/partnersRoutes";
import previewRoutes from "./plugins/previewRoutes";
import quotePages from "./plugins/quotePages";
import sitemapRoute from "./plugins/sitemapRoute";
import { listedFlows } from "./studio/listedFlows";
import { quotePageFiles, versionPageFile } from "./quotePageFiles";
import { plainQuote } from "./plainQuote/plainQuote";
import type { LeadTaking } from "./leads/takeLead";
import rateLimits from "./plugins/rateLimits";
import securityHeaders from "./plugins/securityHeaders";
import signedCookies from "./plugins/signedCookies";
import staticSite from "./plugins/staticSite";
import { startTokens } from "./leads/startToken";
import { appSetting } from "./storage/appSettings";
import { openDatabase } from "./storage/database";
import { listenForPublishedChanges, type NoticeHandler } from "./storage/publishedNotices";
import { isStoreError } from "./storage/storeErrors";
import { clientBudget } from "./security/clientBudget";
import { siteOrigin } from "./security/siteOrigin";
import { fastifyTrustProxy } from "./security/trustedProxies";
import { connectSharedRedis, type FallbackLimit } from "./security/sharedRedis";
import { memoryWindowCounts, sharedWindowCounts } from "./security/windowCounts";
import { countRequests, routeLabelOf } from "./metrics/httpMetrics";
import { MetricsPortError, startMetricsServer } from "./metrics/metricsServer";
import { serverMetrics, type ServerMetrics } from "./metrics/registry";

/** The settings and what tests may replace (the clock, the worker, the secrets). */
export interface BuildServerOptions {
  config: Config;
  /** Fastify's logger option; `false` silences it. Requests are always logged by their route's pattern, never the address asked. */
  logger?: FastifyServerOptions["logger"];
  /** Whether to run the delivery worker in this process; config.delivery.worker when not given. */
  deliveryWorker?: boolean;
  /** The clock for opening hours, caps, windows and deliveries (tests set it). */
  now?: () => Date;
  /** Where buyers' signing secrets are read; process.env when not given. */
  secrets?: NodeJS.ProcessEnv;
  /** The quote flows; when not given, the published flows in the store, forms/ (config.formsDir) published into it at start. */
  flows?: FlowCatalog;
  /** Where the site listens, when a server of its own takes the connections (the live preview); the app's otherwise. */
  listening?: () => AddressInfo | string | null;
  /** Who may read the analysts' pages: analysts signed in (the default), or anyone (the live preview, on loopback). */
  analysts?: "signed-in" | "open";
  /** How often the consent signing keys are read from the store again (a rotation): every minute unless tests say. */
  consentKeysRefreshMs?: number;
  /** false: leads are stored without consent certificates; only the server bench asks, to measure what signing costs. */
  consentCertificates?: boolean;
}

/** A lead is a few hundred bytes of answers; anything near this is not a quote form. */
const BODY_LIMIT = 64 * 1024;

/** Funnel beacons a client may send per window, as a multiple of RATE_LIMIT_MAX: a visit sends one per step shown. */
const EVENTS_PER_POST = 5;
/** Plain quote steps a client may post per window, as a multiple of RATE_LIMIT_MAX: a quote without scripts posts each step. */
const PLAIN_STEPS_PER_POST = 5;

/**
 * The app, not yet listening; throws a ConfigFileError when the buyers file is broken. A broken flow file
 * does not stop it: its findings are logged and the flow falls back (see flowCatalog.ts). Closing the app
 * stops the worker, then closes the database.
 */
export async function buildServer({ config, logger, deliveryWorker, now = () => new Date(), secrets = process.env, flows: givenFlows, listening, analysts = "signed-in", consentKeysRefreshMs = 60_000, consentCertificates = true }: BuildServerOptions): Promise<FastifyInstance> {
  // The published flows in the store, unless a catalogue is given (the live preview's reloading forms folder).
  const published = givenFlows ? undefined : publishedFlowCatalog(config.formsDir);
  const flows: FlowCatalog = givenFlows ?? published!;
  const ajv = createAjv();
  const buyers = await loadBuyers(config.buyersFile);
  const siteHours = parseOpeningHours(config.openingHours, "OPENING_HOURS");

  const app = Fastify({
    logger: loggerOptions(config.logLevel, logger),
    bodyLimit: BODY_LIMIT,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    routerOptions: { querystringParser: firstValueQuery },
    genReqId: requestIdOf,
    ...slowClientTimeouts(config.timeouts),
  });
  // Route schemas are checked by the project's one Ajv; the shared schemas are added for the response serialisers.
  app.setValidatorCompiler(routeValidatorCompiler(ajv));
  returnRequestIds(app);
  for (const schema of sharedSchemas) app.addSchema(schema);
  logFlowFindings(app.log, flows.corpus());

  // Limits shared by the instances through Redis (memory while it is away), or this instance's own (server/security/).
  const redis = config.redisUrl ? await connectSharedRedis(config.redisUrl, app.log) : undefined;
  const countsUnder = (prefix: string, limit: FallbackLimit) => (redis ? sharedWindowCounts(redis, prefix, limit) : memoryWindowCounts());
  const rateLimitCounts = countsUnder("switchplan-rate-limit-", "rate_limit");
  // Budgets that span routes or must not stop the request (server/security/clientBudget.ts).
  const counts = countsUnder("switchplan-budget-", "budget");
  app.addHook("onClose", async () => {
    await Promise.all([rateLimitCounts.close(), counts.close()]);
    await redis?.close();
  });
  // A version published since the build is drawn by the server, its validators made by the server (one path with the build's).
  // Their format checks come from the site's own chunk, as a built version's do.
  const flowAssets = validatorAssets(await siteValidatorRuntime(config.siteDir));
  const publishedData = published ? async (flow: FlowDocument) => ({ document: flow, validators: Object.fromEntries([...(await flowAssets.of(flow))].map(([key, asset]) => [key, asset.url])) }) : undefined;
  // Every version's first page carries its document and, from the store, its validators' addresses (quotePageFiles.ts).
  // A flow made in the studio is kept out of search engines until a publisher lists it (studio/listedFlows.ts).
  const listed = listedFlows();
  const pages = quotePageFiles(config.siteDir, publishedData, publishedData, (document) => listed.indexed(document.id));
  // The operators' metrics only with a metrics port (server/metrics/): without one, no part is given any to count.
  const metrics = config.metrics.port === undefined ? undefined : serverMetrics({ buyers, flows, pages, siteHours, now, log: app.log, ...(redis ? { redis } : {}) });
  const db = config.databaseUrl
    ? await openDatabase({ url: config.databaseUrl })
    : await openDatabase({ file: path.join(config.dataDir, "leads.sqlite"), ...(metrics ? { onCommit: metrics.storage.committed } : {}) });
  // Valid leads the store cannot take wait here, on this instance's disk, until it can (server/leads/leadSpool.ts).
  const spool = await openLeadSpool(path.join(config.dataDir, "lead-spool.jsonl"));
  if (metrics) spoolMetrics(metrics.registry, spool, now);
  const sending = deliveryWorker ?? config.delivery.worker;
  const deliveryMetrics = metrics?.watch(db, sending ? secrets : undefined);
  if (metrics) countRequests(app, metrics.http);
  let worker: DeliveryWorker | undefined;
  // Set once the leads' intake is made, below; closing stops it.
  const spoolDrain: { drain?: SpoolDrain } = {};
  // PostgreSQL: the experiment counts' changes folded in every second (storage/experiments/countsFolding.ts).
  const countsLog = app.log.child({ module: "experiment-counts" });
  const stopFolding = keepCountsFolded(db, { intervalMs: 1000, onError: (error) => countsLog.warn({ err: error }, "could not fold the experiment counts; trying again every second") });
  app.addHook("onClose", async () => {
    await stopFolding();
    await spoolDrain.drain?.stop();
    await spool.close();
    await worker?.stop();
    await db.destroy();
  });
  if (published) {
    app.addHook("onClose", async () => published.close());
    // forms/ is published into the store (a version it lacks is added; one it holds with other content stops the start).
    // On PostgreSQL every instance hears each change at once (LISTEN/NOTIFY); the poll stays as the fallback.
    const publishedLog = app.log.child({ module: "published-flows" });
    const databaseUrl = config.databaseUrl;
    const listen = databaseUrl ? (onNotice: NoticeHandler) => listenForPublishedChanges(databaseUrl, onNotice, (message, error) => publishedLog.warn({ err: error }, message)) : undefined;
    await published.attach(db, publishedLog, now(), listen ? { listen } : {}).catch(async (error: unknown) => {
      await app.close();
      throw error;
    });
    await listed.attach(db, flows.corpus().flows.map((f) => f.id), (error) => publishedLog.warn({ err: error }, "could not read which flows made in the studio are listed"));
    app.addHook("onClose", async () => listed.close());
  }

  await app.register(errorHandler, { onServerFault: (error) => (isStoreError(error) ? metrics?.storage.failed("request") : undefined) });
  await app.register(jsonBodies);
  // Every post the site's pages make is checked against this (server/security/crossSitePost.ts).
  const ownOrigin = siteOrigin(config, listening ?? (() => app.server.address()));
  // Cookies for every route: the consent choice, and the visit, quote session and analyst's session cookies, each signed with its own key.
  await app.register(signedCookies, { key: await appSetting(db, "visit_cookie_key") });
  const servedFlows = flows.corpus().flows.flatMap((f) => f.versions.flatMap((v) => (v.flow ? [v.flow] : [])));
  await app.register(securityHeaders, { siteDir: config.siteDir, frameOrigins: marketplaceOrigins(servedFlows, config.marketplaceOrigins) });
  await app.register(rateLimits, { ...config.rateLimit, counts: rateLimitCounts });
  await app.register(flowUnavailablePages, { flows, siteDir: config.siteDir });
  await app.register(staticSite, { siteDir: config.siteDir });
  // Every stored lead's consent certificate is signed with the store's newest key, read again every minute (a rotation).
  const keysLog = app.log.child({ module: "consent-keys" });
  const consentKeys = await loadConsentKeys(db, consentKeysSecret(config.consentKeysSecret, config.dataDir), now, (message) => keysLog.warn(message));
  const keysTimer = setInterval(() => void consentKeys.refresh().catch((error: unknown) => keysLog.warn({ err: error }, "could not read the consent signing keys again")), consentKeysRefreshMs);
  keysTimer.unref();
  app.addHook("onClose", async () => clearInterval(keysTimer));
  // One way in for every lead: the page's script posts to /api/leads, a quote without scripts is taken by the server.
  const taking: LeadTaking = {
    intake: {
      db,
      buyers,
      siteHours,
      duplicateWindowHours: config.duplicateWindowHours,
      fakeCampaignIds: new Set(config.fakeCampaignIds),
      now,
      ...(consentCertificates ? { certificates: { iss: ownOrigin, keys: consentKeys, now } } : {}),
    },
    flows,
    check: createSchemaCheck(ajv),
    minFillMs: config.minFillMs,
    startTokens: startTokens(await appSetting(db, "start_token_key")),
    onDeliveriesQueued: () => worker?.wake(),
    ...(metrics ? { metrics: metrics.leads } : {}),
    spool,
    onHeld: () => spoolDrain.drain?.wake(),
  };
  spoolDrain.drain = startSpoolDrain({ spool, intake: taking.intake, flows, log: app.log.child({ module: "lead-spool" }), onDeliveriesQueued: () => worker?.wake(), ...(metrics ? { metrics: metrics.leads } : {}) });
  const addresses = createAddressProvider(config);
  const addressBudget = clientBudget(counts, "address-lookups", { max: config.addressRateLimitMax, windowMs: config.rateLimit.windowMs });
  const { newVisitsMax, quoteSessionsMax, windowMs } = config.perAddress;
  const budgets = { newVisits: clientBudget(counts, "new-visits", { max: newVisitsMax, windowMs }), quoteSessions: clientBudget(counts, "quote-sessions", { max: quoteSessionsMax, windowMs }) };
  const plain = plainQuote({ db, flows, check: taking.check, taking, addresses, addressBudget, buyers, siteHours, formsDir: config.formsDir, now });
  if (published) await app.register(flowAssetsRoutes, { flows, assets: flowAssets });
  await app.register(quotePages, { db, flows, now, siteDir: config.siteDir, pages, plain, plainRateLimitMax: config.rateLimit.max * PLAIN_STEPS_PER_POST, budgets, siteOrigin: ownOrigin, indexed: listed.indexed, ...(metrics ? { metrics: metrics.experiments } : {}) });
  if (app.hasReplyDecorator("sendFile")) await app.register(sitemapRoute, { siteDir: config.siteDir, flows, listed });
  await app.register(healthRoutes, { db, flows, pages, spool, now });
  if (analysts === "signed-in") await importAnalystsFile(db, config.analystsFile, now(), app.log);
  const access = analysts === "open" ? "open" : analystsAccess({ directory: analystsDirectory(db), limits: signInLimits(counts), db, now });
  const publishing = published ? { publishing: { db, catalog: published, check: taking.check, onListed: () => listed.read() } } : {};
  await app.register(analystsRoutes, { access, db, flows, picturesDir: analystsPicturesDir(config.siteDir), studioDir: path.join(path.dirname(config.siteDir), "studio"), settleHours: config.resultsSettleHours, siteOrigin: ownOrigin, now, ...publishing });
  await app.register(previewRoutes, { db, flows, siteDir: config.siteDir, versionPage: versionPageFile, now });
  await app.register(addressesRoutes, { provider: addresses, budget: addressBudget });
  await app.register(marketplaceRoutes, { flows, origins: config.marketplaceOrigins });
  await app.register(partnersRoutes, { buyers, siteHours, now });
  await app.register(consentRoutes, { siteOrigin: ownOrigin });
  await app.register(consentCertificateRoutes, { keys: consentKeys });
  const consentBudget = clientBudget(counts, "consent-lookups", config.rateLimit);
  await app.register(consentStatusRoutes, { db, keys: consentKeys, flows, budget: consentBudget, siteOrigin: ownOrigin, now });
  await app.register(newsletterRoutes, { db, now, siteOrigin: ownOrigin });
  await app.register(eventsRoutes, { db, flows, rateLimitMax: config.rateLimit.max * EVENTS_PER_POST, siteOrigin: ownOrigin });
  await app.register(leadsRoutes, { ...taking, siteOrigin: ownOrigin });

  if (sending) {
    worker = startDeliveryWorker({ db, buyers, settings: config.delivery, log: app.log.child({ module: "delivery" }), secrets, now, ...(deliveryMetrics ? { metrics: deliveryMetrics } : {}) });
  }
  if (metrics) await serveMetrics(app, metrics, config.metrics, () => serverHealth({ db, flows, pages, spool, now }));
  return app;
}

/** Serves the metrics on their own port until the app closes; a port that cannot be had closes the app and throws. */
async function serveMetrics(app: FastifyInstance, metrics: ServerMetrics, { host, port }: Config["metrics"], healthOf: () => Promise<object>): Promise<void> {
  // The public port's answer: its body, or the error handler's 500 while the database does not answer.
  const health = () =>
    healthOf().then(
      (body) => ({ statusCode: 200, body }),
      (error: unknown) => {
        app.log.error({ err: error }, "health check failed on the metrics port");
        return serverFault;
      },
    );
  try {
    const served = await startMetricsServer(metrics.registry, { host, port: port!, health });
    app.addHook("onClose", () => served.close());
    app.log.info({ url: `${served.url}/metrics` }, "metrics served");
  } catch (error) {
    await app.close();
    throw new MetricsPortError(host, port!, "METRICS_PORT", error);
  }
}

/**
 * A phone on a poor connection sends a lead in seconds; a client still sending headers, or a request,
 * after the time-outs is cut off, as is a kept-alive connection left idle, so slow or stalled clients
 * cannot hold connections open. Node checks the first two every `connectionsCheckingInterval`.
 */
function slowClientTimeouts({ headersMs, requestMs, keepAliveMs }: Config["timeouts"]): Pick<FastifyServerOptions, "requestTimeout" | "connectionTimeout" | "keepAliveTimeout"> & { http: ServerOptions } {
  return {
    requestTimeout: requestMs,
    connectionTimeout: requestMs,
    keepAliveTimeout: keepAliveMs,
    http: { headersTimeout: headersMs, connectionsCheckingInterval: Math.min(2000, Math.ceil(headersMs / 2)) },
  };
}

/**
 * Fastify's logger with our request serializer: postcodes, e-mail addresses and other personal data travel in
 * addresses and query strings, so a request is logged by method and its route's pattern only (`/quote/*`, `/*` for
 * the site's pages and files, `unmatched` when no route takes it; no query, no client address), as its metrics count it. A database error's detail can quote the row it refused
 * (PostgreSQL's "Key (email)=(…)"), so it is left out.
 */
function loggerOptions(level: Config["logLevel"], logger: BuildServerOptions["logger"]): FastifyServerOptions["logger"] {
  if (logger === false) return false;
  const given = typeof logger === "object" ? logger : {};
  return { level, ...given, redact: ["err.detail", "err.where"], serializers: { ...given.serializers, req: requestSummary } };
}

function requestSummary(request: FastifyRequest): { method: string; url: string } {
  return { method: request.method, url: routeLabelOf(request) };
}
