import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/support/metricsScraper";
import { repoRoot } from "../../server/config";
import { fixtureLead, TEST_SECRETS } from "./support/pipelineFixtures";
import { alertRules } from "./support/promtool";
import { serverDialects, startServerOn, type ServerOnDialect } from "./support/serverOnDialect";
import { startWorkerProcess, type ServerProcess } from "./support/serverProcess";

const run = promisify(execFile);
const rules = await alertRules();
const { scripts } = JSON.parse(await readFile(path.join(repoRoot, "package.json"), "utf8")) as { scripts: Record<string, string> };

/** Each command of a runbook line: the spans between backticks. */
function commandsOf(runbook: string): string[] {
  return [...runbook.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
}

/** A runbook's time, `{{ with query "time() - N" }}…{{ end }}`, as Prometheus renders it: N seconds before `now`, ISO 8601. */
function fillTimes(command: string, now: Date): string {
  return command.replace(/\{\{ with query "time\(\) - (\d+)" \}\}.*?\{\{ end \}\}/g, (_, seconds: string) => new Date(now.getTime() - Number(seconds) * 1000).toISOString().replace(/\.\d{3}Z$/, "Z"));
}

/** What starts a process rather than asks one: checked to exist, not run. */
const STARTS = /^npm (start|run worker)$/;

describe.each(serverDialects)("every runbook command, with the alert's labels filled in (%s)", (dialect, skipped) => {
  let running: ServerOnDialect;
  let worker: Omit<ServerProcess, "url">;
  const instances: Record<string, string> = {};
  beforeAll(async () => {
    if (skipped) return;
    const [serverPort, workerPort] = [await freePort(), await freePort()];
    running = await startServerOn(dialect, { env: { OPENING_HOURS: "always", METRICS_PORT: String(serverPort) } });
    await running.server.app.inject({ method: "POST", url: "/api/leads", payload: fixtureLead("business-waste") });
    await running.db.updateTable("deliveries").set({ status: "rejected", attempts: 1, last_error: "HTTP 400" }).execute();
    const buyersFile = path.join(running.server.fixtureDir, "buyers.json");
    worker = await startWorkerProcess({ ...running.storeEnv, BUYERS_FILE: buyersFile, WORKER_METRICS_PORT: String(workerPort), ...TEST_SECRETS });
    instances.switchplan = `127.0.0.1:${serverPort}`;
    instances["switchplan-worker"] = `127.0.0.1:${workerPort}`;
  }, 60_000);
  afterAll(async () => {
    await worker?.stop("SIGTERM");
    await running?.close();
  });

  it.skipIf(skipped)("exits 0 as printed: curl against the metrics port's /api/health, npm run leads against the store", async () => {
    const now = new Date();
    // An alert on any process is filled in for the server and for the worker; `up` covers both jobs.
    const filled = new Set<string>();
    for (const rule of rules) {
      for (const command of commandsOf(rule.annotations.runbook ?? "")) {
        const jobs = rule.expr.includes("switchplan-worker") ? ["switchplan", "switchplan-worker"] : ["switchplan"];
        for (const job of jobs) {
          const labels: Record<string, string> = { instance: instances[job]!, job, buyer: "waste", flow: "fixture-business-waste", part: "delivery" };
          const text = fillTimes(command, now).replace(/\{\{ \$labels\.(\w+) \}\}/g, (_, name: string) => labels[name] ?? `<no label ${name}>`);
          filled.add(`${rule.alert}\t${text}`);
        }
      }
    }
    expect(filled.size).toBeGreaterThan(15);
    const env: Record<string, string> = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...running.storeEnv, BUYERS_FILE: path.join(running.server.fixtureDir, "buyers.json") };
    // As an operator writes it: libpq (psql) reads a space in the URL's options as %20, not as the test helper's "+".
    if (env.DATABASE_URL) env.DATABASE_URL = env.DATABASE_URL.replaceAll("+", "%20");
    if (process.env.TEST_REDIS_URL) env.REDIS_URL = process.env.TEST_REDIS_URL;
    const ran = new Set<string>();
    for (const line of filled) {
      const [alert, command] = line.split("\t") as [string, string];
      expect(command, alert).not.toMatch(/\{\{|\}\}|<no label|INSTANCE|PORT|TIME|KEY/);
      if (STARTS.test(command)) {
        expect(scripts, `${alert}: ${command}`).toHaveProperty(command.replace(/^npm (run )?/, ""));
        continue;
      }
      // Each store's own check runs where that store is; Redis's where one is given.
      if (command.startsWith("psql") && dialect !== "PostgreSQL") continue;
      if (command.startsWith("df ") && dialect !== "SQLite") continue;
      if (command.startsWith("redis-cli") && !env.REDIS_URL) continue;
      if (ran.has(command)) continue;
      ran.add(command);
      const result = await run("sh", ["-c", command], { cwd: repoRoot, env, timeout: 60_000 }).then(
        ({ stdout }) => ({ code: 0, stdout }),
        (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: error.code ?? 1, stdout: `${error.stdout ?? ""}${error.stderr ?? ""}` }),
      );
      expect(result, `${alert}: ${command}`).toMatchObject({ code: 0 });
      if (command.startsWith("curl")) expect(JSON.parse(result.stdout), `${alert}: ${command}`).toMatchObject({ status: "ok" });
    }
    expect([...ran].some((command) => /npm run leads -- requeue --buyer waste --since \S+ --yes$/.test(command))).toBe(true);
  }, 600_000);
});
