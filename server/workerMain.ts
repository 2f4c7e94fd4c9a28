/**
 * Runs the delivery worker on its own: `npm run worker`. For servers started with DELIVERY_WORKER=off,
 * or to add delivery capacity beside them on a shared PostgreSQL database.
 */
import path from "node:path";
import Fastify from "fastify";
import { loadBuyers } from "./buyers/loadBuyers";
import { loadConfig } from "./config";
import { startDeliveryWorker, type DeliveryWorker } from "./delivery/deliveryWorker";
import type { Kysely } from "kysely";
import type { Registry } from "prom-client";
import { MetricsPortError, startMetricsServer, type HealthAnswer, type MetricsServer, type MetricsServerOptions } from "./metrics/metricsServer";
import { answers } from "./metrics/storageMetrics";
import { processMetrics } from "./metrics/registry";
import { ConfigFileError } from "./displayPath";
import { openDatabase } from "./storage/database";
import type { Database } from "./storage/schema";

async function start(): Promise<void> {
  const { config, buyers } = await loadSettings();
  // Fastify's logger (pino) with the server's settings, so both processes log alike.
  const log = Fastify({ logger: { level: config.logLevel } }).log;
  // Its own metrics on WORKER_METRICS_PORT (not METRICS_PORT, so one environment file serves both processes on one host).
  const { host, workerPort } = config.metrics;
  const metrics = workerPort === undefined ? undefined : processMetrics({ buyers, now: () => new Date(), log });
  const db = config.databaseUrl
    ? await openDatabase({ url: config.databaseUrl })
    : await openDatabase({ file: path.join(config.dataDir, "leads.sqlite"), ...(metrics ? { onCommit: metrics.storage.committed } : {}) });
  // The health check answers from the metrics port's start; the queue is readable until the worker says otherwise.
  const started: { worker?: DeliveryWorker } = {};
  const health = () => workerHealth(db, started.worker);
  // The metrics port first: a worker that cannot export what it does stops before it sends anything.
  const served = metrics && workerPort !== undefined ? await serveMetrics(metrics.registry, { host, port: workerPort, health }, () => db.destroy()) : undefined;
  if (served) log.info({ url: `${served.url}/metrics` }, "metrics served");
  const deliveryMetrics = metrics?.watch(db, process.env);
  const worker = startDeliveryWorker({ db, buyers, settings: config.delivery, log, secrets: process.env, ...(deliveryMetrics ? { metrics: deliveryMetrics } : {}) });
  started.worker = worker;

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      log.info({ signal }, "shutting down");
      worker
        .stop()
        .then(() => served?.close())
        .then(() => db.destroy())
        .then(
          () => process.exit(0),
          (error: unknown) => {
            log.error({ err: error }, "shutdown failed");
            process.exit(1);
          },
        );
    });
  }
}

/**
 * The worker's health on its metrics port: 200 while its store answers `select 1` and its last read of the queue
 * succeeded, else 503 saying which is not so.
 */
async function workerHealth(db: Kysely<Database>, worker: DeliveryWorker | undefined): Promise<HealthAnswer> {
  const store = (await answers(db)) ? "reachable" : "unreachable";
  const queue = worker === undefined || worker.queueReadable() ? "readable" : "unreadable";
  const ok = store === "reachable" && queue === "readable";
  return { statusCode: ok ? 200 : 503, body: { status: ok ? "ok" : "down", store, queue } };
}

/** The metrics server on WORKER_METRICS_PORT, or an exit saying why it could not listen. */
async function serveMetrics(registry: Registry, options: MetricsServerOptions, close: () => Promise<void>): Promise<MetricsServer> {
  const { host, port } = options;
  try {
    return await startMetricsServer(registry, options);
  } catch (error) {
    console.error(new MetricsPortError(host, port, "WORKER_METRICS_PORT", error).message);
    await close();
    process.exit(1);
  }
}

/** The settings and the buyers file, or an exit naming what is wrong with them. */
async function loadSettings() {
  try {
    const config = loadConfig();
    return { config, buyers: await loadBuyers(config.buyersFile) };
  } catch (error) {
    if (!(error instanceof ConfigFileError) && !(error instanceof Error && error.message.startsWith("Invalid environment"))) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

await start();
