/**
 * Runs the delivery worker on its own: `npm run worker`. For servers started with DELIVERY_WORKER=off,
 * or to add delivery capacity beside them on a shared PostgreSQL database.
 */
import path from "node:path";
import Fastify from "fastify";
import { loadBuyers } from "./buyers/loadBuyers";
import { loadConfig } from "./config";
import { startDeliveryWorker } from "./delivery/deliveryWorker";
import { ConfigFileError } from "./displayPath";
import { openDatabase } from "./storage/database";

async function start(): Promise<void> {
  const { config, buyers } = await loadSettings();
  // Fastify's logger (pino) with the server's settings, so both processes log alike.
  const log = Fastify({ logger: { level: config.logLevel } }).log;
  const db = config.databaseUrl ? await openDatabase({ url: config.databaseUrl }) : await openDatabase({ file: path.join(config.dataDir, "leads.sqlite") });
  const worker = startDeliveryWorker({ db, buyers, settings: config.delivery, log, secrets: process.env });

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      log.info({ signal }, "shutting down");
      worker
        .stop()
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
