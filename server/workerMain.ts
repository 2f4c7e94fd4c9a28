/**
 * Runs the delivery worker on its own: `npm run worker`. For servers started with DELIVERY_WORKER=off,
 * or to add delivery capacity beside them on a shared PostgreSQL database.
 */
import path from "node:path";
import Fastify from "fastify";
import { loadBuyers } from "./buyers/loadBuyers";
import { loadConfig } from "./config";
import { startDeliveryWorker } from "./delivery/deliveryWorker";
import { startMetricsServer } from "./metrics/metricsServer";
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
  const deliveryMetrics = metrics?.watch(db);
  const worker = startDeliveryWorker({ db, buyers, settings: config.delivery, log, secrets: process.env, ...(deliveryMetrics ? { metrics: deliveryMetrics } : {}) });
  const served = metrics && workerPort !== undefined ? await startMetricsServer(metrics.registry, { host, port: workerPort }) : undefined;
  if (served) log.info({ url: `${served.url}/metrics` }, "metrics served");

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
