/** The server's settings, read from environment variables and checked before anything starts. */
import path from "node:path";
import { fileURLToPath } from "node:url";
import envSchema from "env-schema";

/** Log levels pino understands. */
const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** Address lookup back ends; only the demo dataset for now. */
const ADDRESS_PROVIDERS = ["demo"] as const;

/** The environment as env-schema hands it back: defaults filled in, numbers coerced. */
interface Env {
  PORT: number;
  HOST: string;
  DATA_DIR: string;
  SITE_DIR: string;
  FORMS_DIR: string;
  BRAND: string;
  LOG_LEVEL: (typeof LOG_LEVELS)[number];
  ADDRESS_PROVIDER: (typeof ADDRESS_PROVIDERS)[number];
}

const envJsonSchema = {
  type: "object",
  required: [],
  properties: {
    PORT: { type: "integer", minimum: 0, maximum: 65535, default: 3000 },
    HOST: { type: "string", minLength: 1, default: "localhost" },
    DATA_DIR: { type: "string", minLength: 1, default: "data" },
    SITE_DIR: { type: "string", minLength: 1, default: "dist/client" },
    FORMS_DIR: { type: "string", minLength: 1, default: "forms" },
    BRAND: { type: "string", minLength: 1, default: "SwitchPlan" },
    LOG_LEVEL: { type: "string", enum: LOG_LEVELS, default: "info" },
    ADDRESS_PROVIDER: { type: "string", enum: ADDRESS_PROVIDERS, default: "demo" },
  },
};

/** The checked settings; directories are absolute. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  siteDir: string;
  formsDir: string;
  brand: string;
  logLevel: Env["LOG_LEVEL"];
  addressProvider: Env["ADDRESS_PROVIDER"];
}

/** The repository root, so relative directories mean the same whichever folder the server starts in. */
export const repoRoot = fileURLToPath(new URL("../", import.meta.url));

/** Reads and checks the settings; throws an Error naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const vars = readEnv(env);
  return {
    port: vars.PORT,
    host: vars.HOST,
    dataDir: path.resolve(repoRoot, vars.DATA_DIR),
    siteDir: path.resolve(repoRoot, vars.SITE_DIR),
    formsDir: path.resolve(repoRoot, vars.FORMS_DIR),
    brand: vars.BRAND,
    logLevel: vars.LOG_LEVEL,
    addressProvider: vars.ADDRESS_PROVIDER,
  };
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
    throw new Error(`Invalid environment variable${problems.length > 1 ? "s" : ""}: ${problems.join("; ")}`);
  }
}
