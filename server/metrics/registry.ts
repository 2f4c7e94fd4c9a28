/**
 * The operators' metrics: one prom-client registry per process, with the library's process defaults (event-loop
 * lag, heap, handles) and the series each part counts. The server exports them all; the delivery worker
 * (`npm run worker`) its deliveries and store. They are made only when a metrics port is set: without one every
 * part is given no metrics, and counting is a skipped optional call.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { Registry, collectDefaultMetrics } from "prom-client";
import type { BuyerDirectory } from "../buyers/buyerDirectory";
import type { FlowCatalog } from "../flowCatalog";
import type { QuotePageFiles } from "../quotePageFiles";
import type { OpeningHours } from "../hours/openingHours";
import type { RedisHealth } from "../security/sharedRedis";
import type { Database } from "../storage/schema";
import { buildInfo } from "./buildInfo";
import { deliveryMetrics, type DeliveryMetrics } from "./deliveryMetrics";
import { experimentMetrics, type ExperimentMetrics } from "./experimentMetrics";
import { flowMetrics } from "./flowMetrics";
import { hoursMetrics } from "./hoursMetrics";
import { httpMetrics, type HttpMetrics } from "./httpMetrics";
import { leadMetrics, type LeadMetrics } from "./leadMetrics";
import { redisMetrics } from "./redisMetrics";
import { storageMetrics, type StorageMetrics } from "./storageMetrics";

/** What both processes export. */
export interface ProcessMetrics {
  registry: Registry;
  storage: StorageMetrics;
  /**
   * Starts the series that read the database (its reachability, the delivery queue) once it is open; `secrets`,
   * given by a process that sends deliveries, adds the gauge of deliveries held for a buyer's missing secret.
   */
  watch(db: Kysely<Database>, secrets?: NodeJS.ProcessEnv): DeliveryMetrics;
}

/** The server's metrics. */
export interface ServerMetrics extends ProcessMetrics {
  http: HttpMetrics;
  leads: LeadMetrics;
  experiments: ExperimentMetrics;
}

/** What the delivery series need besides the database. */
export interface MetricsSources {
  buyers: BuyerDirectory;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** A registry with the process defaults, the store and (once watching a database) the delivery queue. */
export function processMetrics({ buyers, now, log }: MetricsSources): ProcessMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  buildInfo(registry);
  const storage = storageMetrics(registry);
  return {
    registry,
    storage,
    watch(db, secrets) {
      storage.watch(db);
      return deliveryMetrics(registry, { db, buyers, now, log, storeFailed: storage.failed, ...(secrets ? { secrets } : {}) });
    },
  };
}

/** The server's registry: the process's series, and HTTP, leads, experiments, flows, the site's hours and, when the limits are shared, Redis. */
export function serverMetrics(sources: MetricsSources & { flows: FlowCatalog; pages: QuotePageFiles; siteHours: OpeningHours; redis?: RedisHealth }): ServerMetrics {
  const base = processMetrics(sources);
  flowMetrics(base.registry, sources.flows, sources.pages);
  hoursMetrics(base.registry, sources.siteHours, sources.now);
  if (sources.redis) redisMetrics(base.registry, sources.redis);
  return {
    ...base,
    http: httpMetrics(base.registry),
    leads: leadMetrics(base.registry, sources.flows),
    experiments: experimentMetrics(base.registry, sources.flows),
  };
}
