/** Starts the server: `tsx server/main.ts`. Settings come from the environment (see config.ts). */
import { buildServer } from "./buildServer";
import { loadConfig, type Config } from "./config";
import { ConfigFileError } from "./displayPath";
import { MetricsPortError } from "./metrics/metricsServer";
import { PublishedFlowConflictError } from "./publishing/publishFormsFolder";
import { siteOrigin } from "./security/siteOrigin";

async function start(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    return exitWith((error as Error).message);
  }
  const app = await buildServer({ config }).catch((error: unknown) => {
    // A broken buyers file is an editing mistake, not a crash: its message names the file and place. (A broken
    // flow does not stop the start: buildServer logs it and serves every other flow.) Nor is a metrics port that is taken,
    // nor a forms/ file that differs from the version the store published under its number.
    if (error instanceof ConfigFileError || error instanceof MetricsPortError || error instanceof PublishedFlowConflictError) return exitWith(error.message);
    throw error;
  });

  try {
    const address = await app.listen({ host: config.host, port: config.port });
    // The address by HOST's name (localhost, not 127.0.0.1): the one the site takes posts from, unless PUBLIC_ORIGIN says.
    const local = siteOrigin({ host: config.host, port: config.port }, () => app.server.address())();
    console.log(`${config.brand} is running at ${config.publicOrigin ? `${address}/, public address ${config.publicOrigin}/` : `${local}/`}`);
  } catch (error) {
    app.log.error({ err: error }, "could not start");
    await app.close();
    process.exit(1);
  }

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, "shutting down");
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, "shutdown failed");
          process.exit(1);
        },
      );
    });
  }
}

function exitWith(message: string): never {
  console.error(message);
  process.exit(1);
}

await start();
