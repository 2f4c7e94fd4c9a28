/**
 * Runs the delivery worker on its own: `npm run worker`. For servers started with DELIVERY_WORKER=off,
 * or to add delivery capacity beside them on a shared PostgreSQL database.
 */
import path from "node:path";
import Fastify from "fastify";
import { loadBuyers } from "./buyers/loadBuyers";
import { loadConfig } from "./config";
import { startDeliveryWorker } from "./delivery/deliveryWorker";
import type { Registry } from "prom-client";
import { MetricsPortError, startMetricsServer, type MetricsServer } from "./metrics/metricsServer";
import { processMetrics } from "./metrics/registry";
import { ConfigFileError } from "./displayPath";
import { openDatabase } from "./storage/database";

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
  // The metrics port first: a worker that cannot export what it does stops before it sends anything.
  const served = metrics && workerPort !== undefined ? await serveMetrics(metrics.registry, host, workerPort, () => db.destroy()) : undefined;
  if (served) log.info({ url: `${served.url}/metrics` }, "metrics served");
  const deliveryMetrics = metrics?.watch(db, process.env);
  const worker = startDeliveryWorker({ db, buyers, settings: config.delivery, log, secrets: process.env, ...(deliveryMetrics ? { metrics: deliveryMetrics } : {}) });

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

/** The metrics server on WORKER_METRICS_PORT, or an exit saying why it could not listen. */
async function serveMetrics(registry: Registry, host: string, port: number, close: () => Promise<void>): Promise<MetricsServer> {
  try {
    return await startMetricsServer(registry, { host, port });
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
