import { readFile } from "node:fs/promises";
import path from "node:path";
import { load } from "js-yaml";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadBuyers } from "../../server/buyers/loadBuyers";
import { loadConfig, repoRoot } from "../../server/config";
import { loadFlowCatalog } from "../../server/flowCatalog";
import { quotePageFiles } from "../../server/quotePageFiles";
import { parseOpeningHours } from "../../server/hours/openingHours";
import { processMetrics, serverMetrics } from "../../server/metrics/registry";
import { openDatabase } from "../../server/storage/database";
import type { Database } from "../../server/storage/schema";
import { exportedNames, metricNames } from "./support/promqlNames";
import { spoolMetrics } from "../../server/metrics/spoolMetrics";

interface RuleFile {
  groups: Array<{ name: string; rules: Array<{ alert?: string; record?: string; expr: string }> }>;
}

interface Dashboard {
  panels: Array<{ title: string; type: string; repeat?: string; targets?: Array<{ expr?: string }> }>;
  templating: { list: Array<{ name: string }> };
}

let db: Kysely<Database>;
let exported: Set<string>;

// The names come from the registries the server and the worker build, so a metric renamed in the code fails here.
beforeAll(async () => {
  const config = loadConfig({});
  const buyers = await loadBuyers(config.buyersFile);
  const log = { warn: () => undefined } as never;
  db = await openDatabase({ file: ":memory:" });
  // With REDIS_URL set the server also exports Redis's series; a Redis that answers stands in for it here.
  const redis = { reachable: () => true, fallbackCounts: () => ({ rate_limit: 0, budget: 0 }) };
  const siteHours = parseOpeningHours(config.openingHours, "OPENING_HOURS");
  const server = serverMetrics({ buyers, flows: loadFlowCatalog(config.formsDir), pages: quotePageFiles(config.siteDir), siteHours, now: () => new Date(), log, redis });
  server.watch(db, {});
  // buildServer registers the spool's gauges beside the server's own.
  spoolMetrics(server.registry, { size: () => 0, oldestAt: () => undefined }, () => new Date());
  const worker = processMetrics({ buyers, now: () => new Date(), log });
  worker.watch(db, {});
  exported = await exportedNames(server.registry, worker.registry);
  // Prometheus's own series for each target it scrapes.
  exported.add("up");
});
afterAll(async () => {
  await db.destroy();
});

/** The expressions' names that no registry exports, by where they are used. */
function unknownNames(exprs: Array<[where: string, expr: string]>): string[] {
  return exprs.flatMap(([where, expr]) => {
    const names = metricNames(expr);
    if (names.length === 0) return [`${where}: names no metric`];
    return names.filter((name) => !exported.has(name)).map((name) => `${where}: ${name}`);
  });
}

describe("the operators' monitoring files", () => {
  it("the alert rules load as a Prometheus rule file and read only metrics the server or worker exports", async () => {
    const rules = load(await readFile(path.join(repoRoot, "ops/prometheus/alerts.yml"), "utf8")) as RuleFile;
    const all = rules.groups.flatMap((group) => group.rules);
    expect(all.length).toBeGreaterThan(0);
    for (const rule of all) expect(rule).toMatchObject({ alert: expect.any(String), expr: expect.any(String) });

    expect(unknownNames(all.map((rule) => [rule.alert!, rule.expr]))).toEqual([]);
    // What the operators asked to be woken for: a target down, 5xx rate, slow lead commits, queue age due or not, held and dead
    // deliveries, event-loop lag, a flow unavailable, the database and Redis away, store errors, restarts.
    const read = new Set(all.flatMap((rule) => metricNames(rule.expr)));
    for (const name of [
      "up", "switchplan_http_requests_total", "switchplan_lead_commit_seconds_bucket", "switchplan_leads_stored_total", "switchplan_site_open",
      "switchplan_delivery_oldest_waiting_seconds", "switchplan_delivery_oldest_pending_seconds", "switchplan_delivery_held", "switchplan_delivery_dead_total", "switchplan_delivery_dead_recent",
      "switchplan_delivery_attempts_total", "switchplan_delivery_worker", "nodejs_eventloop_lag_p99_seconds", "switchplan_flow_unavailable", "switchplan_flow_page_unserved",
      "switchplan_redis_reachable", "switchplan_redis_fallback_counts_total", "switchplan_database_reachable", "switchplan_store_errors_total",
      "switchplan_leads_dropped_as_bots_total", "process_start_time_seconds",
    ]) {
      expect(read, name).toContain(name);
    }
  });

  it("the Grafana dashboard's queries read only metrics the server or worker exports", async () => {
    const dashboard = JSON.parse(await readFile(path.join(repoRoot, "ops/grafana/dashboard.json"), "utf8")) as Dashboard;
    const queries = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target): [string, string] => [panel.title, target.expr ?? ""]));
    expect(queries.length).toBeGreaterThan(10);

    expect(unknownNames(queries)).toEqual([]);
  });

  it("the dashboard has the panels an operator looks at first, a row per process, and job and instance to choose", async () => {
    const dashboard = JSON.parse(await readFile(path.join(repoRoot, "ops/grafana/dashboard.json"), "utf8")) as Dashboard;
    const titles = dashboard.panels.map((panel) => panel.title);
    for (const title of ["Scrape status per target (1 up, 0 down)", "Too many requests (429) by route", "Bots' share of lead submissions (15 minutes)", "Each buyer's sends by outcome (share of the last hour)", "Restarts (last hour)", "CPU (cores)", "Memory: resident and heap used", "GC time a second by kind"]) {
      expect(titles).toContain(title);
    }
    expect(dashboard.panels.find((panel) => panel.type === "row" && panel.repeat === "instance")?.title).toBe("Process $instance");
    expect(dashboard.templating.list.map((variable) => variable.name)).toEqual(["datasource", "job", "instance"]);
    const queries = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr ?? ""));
    expect(queries.filter((expr) => !expr.includes('job=~"$job",instance=~"$instance"'))).toEqual([]);
  });

  it("a misspelt metric in a query is caught", () => {
    expect(unknownNames([["typo", 'sum(rate(switchplan_http_request_total{status=~"5.."}[5m])) by (route) > 1e3']])).toEqual(["typo: switchplan_http_request_total"]);
  });
});
