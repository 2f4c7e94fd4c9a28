/**
 * `npm run report:funnel -- <flow> [--since YYYY-MM-DD] [--html FILE]`: the funnel of every version of a flow
 * from the daily counts in the server's database (DATABASE_URL, else DATA_DIR's SQLite file), with each
 * version's conversion interval and its test against the default; `--html` also writes a report with charts.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { Kysely } from "kysely";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/storage/database";
import { funnelCounts } from "../server/storage/funnelStore";
import type { Database } from "../server/storage/schema";
import { loadFlowCorpus } from "../engine/node/formsFolder";
import { formatFunnelReport, funnelReport, type FunnelReport } from "./funnel/funnelReport";
import { funnelReportHtml } from "./funnel/funnelReportHtml";

const USAGE = "Usage: npm run report:funnel -- <flow> [--since YYYY-MM-DD] [--html FILE]";

/** A mistake in the command line or an unknown flow: printed with the usage, exit code 1. */
export class ReportUsageError extends Error {}

/** The report for a flow: its versions and step order from `formsDir`, its counts from `db`. */
export async function loadFunnelReport(db: Kysely<Database>, formsDir: string, flowId: string, since?: string): Promise<FunnelReport> {
  const corpus = loadFlowCorpus(formsDir);
  const flow = corpus.flows.find((f) => f.id === flowId);
  if (!flow) throw new ReportUsageError(`No flow "${flowId}" in ${corpus.root}; the flows are ${corpus.flows.map((f) => f.id).join(", ")}`);
  const versions = flow.versions.map(({ version, flow: doc, current }) => ({ version, ...(current ?? doc ? { flow: (current ?? doc)! } : {}) }));
  const counts = await funnelCounts(db, flowId, since);
  return funnelReport({ flowId, ...(since ? { since } : {}), defaultVersion: flow.defaultVersion ?? flow.split?.default ?? 1, versions, counts });
}

/** The command line's flow, start day and HTML file; throws a ReportUsageError when they make no sense. */
export function parseReportArgs(args: string[]): { flowId: string; since?: string; html?: string } {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: { since: { type: "string" }, html: { type: "string" } } });
  } catch (error) {
    throw new ReportUsageError((error as Error).message);
  }
  const [flowId, ...extra] = parsed.positionals;
  if (!flowId || extra.length > 0) throw new ReportUsageError(flowId ? `One flow at a time, not ${parsed.positionals.join(" ")}` : "Name the flow");
  const { since, html } = parsed.values;
  if (since !== undefined && !isDate(since)) throw new ReportUsageError(`--since must be a date as YYYY-MM-DD, not "${since}"`);
  return { flowId, ...(since ? { since } : {}), ...(html ? { html } : {}) };
}

function isDate(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
}

async function main(): Promise<number> {
  let options;
  let config;
  try {
    options = parseReportArgs(process.argv.slice(2));
    config = loadConfig();
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  const db = config.databaseUrl ? await openDatabase({ url: config.databaseUrl }) : await openDatabase({ file: path.join(config.dataDir, "leads.sqlite") });
  try {
    const report = await loadFunnelReport(db, config.formsDir, options.flowId, options.since);
    process.stdout.write(formatFunnelReport(report));
    if (options.html) {
      const out = path.resolve(options.html);
      mkdirSync(path.dirname(out), { recursive: true });
      writeFileSync(out, funnelReportHtml(report));
      console.log(`\nWrote ${out}`);
    }
    return 0;
  } catch (error) {
    if (!(error instanceof ReportUsageError)) throw error;
    console.error(`${error.message}\n${USAGE}`);
    return 1;
  } finally {
    await db.destroy();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(await main());
