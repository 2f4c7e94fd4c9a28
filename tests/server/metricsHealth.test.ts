import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/support/metricsScraper";
import { TEST_SECRETS } from "./support/pipelineFixtures";
import { serverDialects, startServerOn, type ServerOnDialect } from "./support/serverOnDialect";
import { startWorkerProcess } from "./support/serverProcess";

let running: ServerOnDialect | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** GET /api/health on a metrics port: its status and JSON body. */
async function metricsHealth(port: number): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`http://127.0.0.1:${port}/api/health`);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return { status: response.status, body: await response.json() };
}

describe.each(serverDialects)("the metrics port's health check (%s)", (dialect, skipped) => {
  it.skipIf(skipped)("answers for the server as its public port does", async () => {
    const port = await freePort();
    running = await startServerOn(dialect, { env: { METRICS_PORT: String(port) } });

    const publicAnswer = await running.server.app.inject({ method: "GET", url: "/api/health" });

    expect(await metricsHealth(port)).toEqual({ status: publicAnswer.statusCode, body: publicAnswer.json() });
    expect(publicAnswer.json()).toEqual({ status: "ok" });
  });

  it.skipIf(skipped)("answers for npm run worker with its store and its queue", async () => {
    running = await startServerOn(dialect);
    const port = await freePort();
    const buyersFile = path.join(running.server.fixtureDir, "buyers.json");
    const worker = await startWorkerProcess({ ...running.storeEnv, BUYERS_FILE: buyersFile, DELIVERY_POLL_MS: "50", WORKER_METRICS_PORT: String(port), ...TEST_SECRETS });
    try {
      expect(await metricsHealth(port)).toEqual({ status: 200, body: { status: "ok", store: "reachable", queue: "readable" } });
    } finally {
      await worker.stop("SIGTERM");
    }
  }, 30_000);
});
