/**
 * promtool (Debian's `prometheus` package, which .ci/run installs): the alert rules as Prometheus reads them, and
 * unit tests of them over given series. Tests that need it skip, saying so in their names, where it is missing.
 */
import { execFile, execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { dump, load } from "js-yaml";
import { repoRoot } from "../../../server/config";

/** One alerting rule of ops/prometheus/alerts.yml. */
export interface AlertRule {
  alert: string;
  expr: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
}

export const RULES_FILE = path.join(repoRoot, "ops/prometheus/alerts.yml");

/** The rules file's alerts. */
export async function alertRules(): Promise<AlertRule[]> {
  return (load(await readFile(RULES_FILE, "utf8")) as { groups: Array<{ rules: AlertRule[] }> }).groups.flatMap((g) => g.rules);
}

/** The promtool command, or undefined when this machine lacks it. */
export const promtool = (() => {
  try {
    execFileSync("promtool", ["--version"], { stdio: "ignore" });
    return "promtool";
  } catch {
    return undefined;
  }
})();

/** Added to a test's name when it is skipped for want of promtool. */
export const needsPromtool = promtool ? "" : " — SKIPPED: promtool is not installed here (apt-get install prometheus)";

/** Runs promtool with these arguments; its output, whether it passed or not. */
export async function runPromtool(args: string[]): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(promtool!, args, { cwd: repoRoot });
    return { ok: true, output: `${stdout}${stderr}` };
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${stdout}${stderr}` };
  }
}

/** An alert promtool should see firing: its labels and the rule's own, its annotations with those labels filled in. */
export function firing(rule: AlertRule, labels: Record<string, string>, evalSeconds = 0): { exp_labels: Record<string, string>; exp_annotations: Record<string, string> } {
  // A runbook's `--since` is the evaluation time less the window, as Prometheus formats it (ISO 8601 UTC, no fraction).
  const since = (back: string) => new Date((evalSeconds - Number(back)) * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
  const fill = (text: string) =>
    text
      .replace(/\{\{ with query "time\(\) - (\d+)" \}\}.*?\{\{ end \}\}/g, (_, back: string) => since(back))
      .replace(/\{\{ \$labels\.(\w+) \}\}/g, (_, name: string) => labels[name] ?? "");
  return { exp_labels: { ...labels, ...rule.labels }, exp_annotations: Object.fromEntries(Object.entries(rule.annotations).map(([k, v]) => [k, fill(v)])) };
}

/** `promtool check rules` over these recording rules, from a file of their own. */
export async function checkRecordingRules(rules: Array<{ record: string; expr: string }>): Promise<{ ok: boolean; output: string }> {
  return withFile(dump({ groups: [{ name: "queries", rules }] }, { lineWidth: -1 }), (file) => runPromtool(["check", "rules", file]));
}

/** Runs one promtool unit test of the rules file over `series`, checking `alerts` at `evalTime`. */
export async function testRules(
  series: Array<{ series: string; values: string }>,
  evalTime: string,
  alerts: Array<{ alertname: string; exp_alerts: ReturnType<typeof firing>[] }>,
): Promise<{ ok: boolean; output: string }> {
  const test = { rule_files: [RULES_FILE], evaluation_interval: "1m", tests: [{ interval: "1m", input_series: series, alert_rule_test: alerts.map((a) => ({ eval_time: evalTime, ...a })) }] };
  return withFile(dump(test, { lineWidth: -1 }), (file) => runPromtool(["test", "rules", file]));
}

/** Writes `text` to a scratch file, hands its path to `use`, and removes it afterwards. */
async function withFile<T>(text: string, use: (file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), "alert-rules-"));
  try {
    const file = path.join(dir, "rules.yml");
    await writeFile(file, text);
    return await use(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
