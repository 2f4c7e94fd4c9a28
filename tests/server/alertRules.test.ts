import { readFile } from "node:fs/promises";
import path from "node:path";
import { load } from "js-yaml";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runLeadsCli } from "../../server/cli/leadsCli";
import { repoRoot } from "../../server/config";
import { openDatabase } from "../../server/storage/database";
import type { Database } from "../../server/storage/schema";
import { RULES_FILE, alertRules, checkRecordingRules, needsPromtool, promtool, runPromtool } from "./support/promtool";

const rules = await alertRules();
/** The rules' unit tests: what fires and what stays quiet, and each alert's timing (its bound, its clearing, a busy healthy host). */
const TEST_FILES = ["ops/prometheus/alerts.test.yml", "ops/prometheus/alerts.timing.test.yml"];

describe("the alert rules", () => {
  it.skipIf(!promtool)(`pass promtool's checks and lint${needsPromtool}`, async () => {
    const { ok, output } = await runPromtool(["check", "rules", "--lint=all", RULES_FILE]);
    expect(output).toContain(`SUCCESS: ${rules.length} rules found`);
    expect(ok).toBe(true);
  });

  it.skipIf(!promtool)(`fire on the series their unit tests give, and stay quiet on the others${needsPromtool}`, async () => {
    const { ok, output } = await runPromtool(["test", "rules", ...TEST_FILES]);
    expect(output).toMatch(/SUCCESS/);
    expect(ok).toBe(true);
  });

  it("each have a timing case, where judged on their last minutes: one that fires, and one that clears or stays quiet", async () => {
    const timing = load(await readFile(path.join(repoRoot, TEST_FILES[1]!), "utf8")) as { tests: Array<{ alert_rule_test: Array<{ alertname: string; exp_alerts: unknown[] }> }> };
    const timed = ["SwitchPlanBuyerRejecting", "SwitchPlanBuyerUnreachable", "SwitchPlanLeadPostsFailing", "SwitchPlanDeadDeliveries", "SwitchPlanLimitsInMemory", "SwitchPlanStoreErrors", "SwitchPlanLeadCommitSlow"];
    const checks = timing.tests.flatMap((t) => t.alert_rule_test);
    for (const name of timed) {
      expect(checks.filter((c) => c.alertname === name && c.exp_alerts.length > 0).length, `${name} fires`).toBeGreaterThan(0);
      expect(checks.filter((c) => c.alertname === name && c.exp_alerts.length === 0).length, `${name} clears or stays quiet`).toBeGreaterThan(0);
    }
  });

  it.skipIf(!promtool)(`and every dashboard query parse as Prometheus reads them${needsPromtool}`, async () => {
    const dashboard = JSON.parse(await readFile(path.join(repoRoot, "ops/grafana/dashboard.json"), "utf8")) as { panels: Array<{ title: string; targets?: Array<{ expr: string }> }> };
    // Each query as a recording rule, with Grafana's variables as they are when every job and instance is chosen.
    const queries = dashboard.panels.flatMap((panel, p) => (panel.targets ?? []).map((target, i) => ({ record: `dashboard:panel_${p}_query_${i}`, expr: target.expr.replaceAll("$job", ".*").replaceAll("$instance", ".*") })));
    const { ok, output } = await checkRecordingRules(queries);
    expect(output).toContain(`SUCCESS: ${queries.length} rules found`);
    expect(ok).toBe(true);
  });

  it("each have a unit test that makes them fire, and one where they stay quiet", async () => {
    const files = await Promise.all(TEST_FILES.map(async (file) => load(await readFile(path.join(repoRoot, file), "utf8")) as { tests: Array<{ alert_rule_test: Array<{ alertname: string; exp_alerts: unknown[] }> }> }));
    const checks = files.flatMap((f) => f.tests).flatMap((t) => t.alert_rule_test);
    const fired = new Set(checks.filter((a) => a.exp_alerts.length > 0).map((a) => a.alertname));
    const quiet = new Set(checks.filter((a) => a.exp_alerts.length === 0).map((a) => a.alertname));
    expect(rules.map((r) => r.alert).filter((name) => !fired.has(name))).toEqual([]);
    expect(rules.map((r) => r.alert).filter((name) => !quiet.has(name))).toEqual([]);
  });

  it("agree with the docs' alert table, name by name and severity by severity", async () => {
    const docs = await readFile(path.join(repoRoot, "docs/operators.md"), "utf8");
    const table = [...docs.matchAll(/^\| `(SwitchPlan\w+)` \| (page|ticket) \|/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(table.sort()).toEqual(rules.map((r) => `${r.alert} ${r.labels.severity}`).sort());
  });

  describe("name only commands that exist", () => {
    let db: Kysely<Database>;
    beforeAll(async () => {
      db = await openDatabase({ file: ":memory:" });
    });
    afterAll(async () => {
      await db.destroy();
    });

    it("each has a summary and a runbook line", () => {
      for (const rule of rules) expect(rule.annotations, rule.alert).toMatchObject({ summary: expect.any(String), runbook: expect.any(String) });
    });

    it("every npm script they name is in package.json, and every leads command runs as written", async () => {
      const { scripts } = JSON.parse(await readFile(path.join(repoRoot, "package.json"), "utf8")) as { scripts: Record<string, string> };
      const commands = rules.flatMap((rule) => [...(rule.annotations.runbook ?? "").replace(/\{\{ with query .*?\{\{ end \}\}/g, "2026-03-01T00:00:00Z").matchAll(/npm run ([\w:-]+)((?: (?:[\w:.-]+|\{\{ \$labels\.\w+ \}\}))*)/g)].map((m) => ({ rule: rule.alert, script: m[1]!, args: m[2]!.trim() })));
      expect(commands.length).toBeGreaterThan(10);
      for (const { rule, script, args } of commands) {
        expect(scripts, `${rule}: npm run ${script}`).toHaveProperty(script);
        if (script !== "leads") continue;
        const words = args.replace(/^-- /, "").replace(/\{\{ \$labels\.buyer \}\}/g, "waste").split(" ");
        const code = await runLeadsCli(words, { db, out: () => undefined, now: () => new Date() });
        expect(code, `${rule}: npm run leads -- ${words.join(" ")}`).toBe(0);
      }
    });
  });
});
