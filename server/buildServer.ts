/** Builds the Fastify app (without listening): flows, database, address lookup and every route plugin. */
import path from "node:path";
import type { Plugin } from "ajv";
import addFormats from "ajv-formats";
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from "fastify";
import { createAjv, createSchemaCheck } from "../engine/core/createAjv";
import { formats } from "../engine/core/fieldFormats";
import { assertNever } from "../engine/core/types";
import fieldsSchema from "../schemas/fields.schema.json";
import flowSchema from "../schemas/flow.schema.json";
import leadSchema from "../schemas/lead.schema.json";
import type { AddressProvider } from "./addresses/addressProvider";
import { demoAddressProvider } from "./addresses/demoAddressProvider";
import type { Config } from "./config";
import { loadFlowCatalog } from "./flowCatalog";
import addressesRoutes from "./plugins/addressesRoutes";
import errorHandler from "./plugins/errorHandler";
import healthRoutes from "./plugins/healthRoutes";
import leadsRoutes from "./plugins/leadsRoutes";
import staticSite from "./plugins/staticSite";
import { openDatabase } from "./storage/database";

export interface BuildServerOptions {
  config: Config;
  /** Fastify's logger option; `false` silences it. Request URLs are always logged without their query. */
  logger?: FastifyServerOptions["logger"];
}

/** A lead is a few hundred bytes of answers; anything near this is not a quote form. */
const BODY_LIMIT = 64 * 1024;

/** The app, not yet listening; throws a FlowError when a flow file is broken. Closing the app closes the database. */
export async function buildServer({ config, logger }: BuildServerOptions): Promise<FastifyInstance> {
  const ajv = createAjv();
  const flows = await loadFlowCatalog(config.formsDir, ajv);

  const app = Fastify({
    logger: loggerOptions(config.logLevel, logger),
    bodyLimit: BODY_LIMIT,
    ajv: {
      // Route schemas check exactly what was sent: nothing coerced, stripped or defaulted away unseen.
      customOptions: {
        allErrors: true,
        discriminator: true,
        strictRequired: false,
        removeAdditional: false,
        coerceTypes: false,
        formats,
      },
      // Passed as ajv-formats itself (not wrapped), so Fastify sees it and adds no other formats.
      plugins: [[addFormats as Plugin<unknown>, ["email"]]],
    },
  });
  for (const schema of [fieldsSchema, flowSchema, leadSchema]) app.addSchema(schema);

  const db = await openDatabase({ file: path.join(config.dataDir, "leads.sqlite") });
  app.addHook("onClose", async () => {
    await db.destroy();
  });

  await app.register(errorHandler);
  await app.register(staticSite, { siteDir: config.siteDir });
  await app.register(healthRoutes, { db });
  await app.register(addressesRoutes, { provider: addressProvider(config.addressProvider) });
  await app.register(leadsRoutes, { db, flows, check: createSchemaCheck(ajv) });
  return app;
}

function addressProvider(name: Config["addressProvider"]): AddressProvider {
  switch (name) {
    case "demo":
      return demoAddressProvider;
    default:
      return assertNever(name, "address provider");
  }
}

/**
 * Fastify's logger with our request serializer: postcodes and other personal data travel in query
 * strings, so a request is logged by method and path only (no query, no client address).
 */
function loggerOptions(level: Config["logLevel"], logger: BuildServerOptions["logger"]): FastifyServerOptions["logger"] {
  if (logger === false) return false;
  const given = typeof logger === "object" ? logger : {};
  return { level, ...given, serializers: { ...given.serializers, req: requestSummary } };
}

function requestSummary(request: FastifyRequest): { method: string; url: string } {
  return { method: request.method, url: request.url.split("?")[0] ?? "" };
}
