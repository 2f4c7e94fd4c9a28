/**
 * `npm run report:funnel`: the experiment report of a flow.
 *   -- <flow> [--period ID] [--json] [--html FILE]   from the server's database (DATABASE_URL, else DATA_DIR's
 *                                                    SQLite file), the current period unless one is named
 *   -- --counts FILE [--json] [--html FILE]           from a counts file (schemas/experimentCounts.schema.json)
 *   -- --plan --baseline RATE --mde DIFF [--json]     visitors needed per version
 * From the database, the first line names the forms folder and the store read (on stderr with --json, so the
 * output stays JSON).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { Kysely } from "kysely";
import countsSchema from "../schemas/experimentCounts.schema.json" with { type: "json" };
import type { ExperimentCountsFile } from "../schemas/generated/experimentCounts";
import { formatFinding } from "../engine/core/findings";
import { schemaFindings } from "../engine/core/schemaFindings";
import type { JsonSchema } from "../engine/core/types";
import { formsDirWords, loadFlowCorpus } from "../engine/node/formsFolder";
import { createSchemaCheck } from "../engine/node/validation";
import { loadConfig } from "../server/config";
import type { ExperimentCounts, ExperimentPeriod } from "../server/experiments/experimentCounts";
import { analyseExperiment, ExperimentInputError, type ExperimentReport } from "../server/experiments/experimentReport";
import { experimentReportJson } from "../server/experiments/experimentReportJson";
import { experimentReportHtml } from "../server/experiments/experimentReportHtml";
import { formatExperimentReport } from "../server/experiments/experimentReportText";
import { count, periodLine, weightsLine } from "../server/experiments/experimentReportWording";
import { visitorsPerVersion } from "../server/experiments/stats";
import { openDatabase } from "../server/storage/database";
import { listPeriods, loadExperimentCounts } from "../server/storage/experimentStore";
import type { Settling } from "../server/storage/experiments/loadCounts";
import type { Database } from "../server/storage/schema";
import { stopQuietlyWhenOutputCloses } from "../server/cli/closedOutput";
import { storeWords } from "../server/cli/storeWords";

export const USAGE = `Usage: npm run report:funnel -- <flow> [--period ID] [--json] [--html FILE]
       npm run report:funnel -- --counts FILE [--json] [--html FILE]
       npm run report:funnel -- --plan --baseline RATE --mde DIFF [--json]   (e.g. --baseline 0.12 --mde 0.02)`;

/** A mistake in the command line, an unknown flow or period, or a counts file that is wrong: printed (with the usage for the command line), exit code 1. */
export class ReportUsageError extends Error {}

/** What the command line asks for. */
export type ReportRequest =
  | { mode: "database"; flowId: string; periodId?: string; json: boolean; html?: string }
  | { mode: "counts"; file: string; json: boolean; html?: string }
  | { mode: "plan"; baseline: number; mde: number; json: boolean };

/** Reads the command line; throws a ReportUsageError when it makes no sense. */
export function parseReportArgs(args: string[]): ReportRequest {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        period: { type: "string" },
        json: { type: "boolean" },
        html: { type: "string" },
        counts: { type: "string" },
        plan: { type: "boolean" },
        baseline: { type: "string" },
        mde: { type: "string" },
      },
    });
  } catch (error) {
    throw new ReportUsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const json = values.json ?? false;
  const refuse = (names: Array<keyof typeof values>, why: string) => {
    const given = names.filter((n) => values[n] !== undefined);
    if (given.length > 0) throw new ReportUsageError(`${given.map((n) => `--${n}`).join(", ")} ${why}`);
  };
  if (values.plan) {
    if (positionals.length > 0) throw new ReportUsageError(`--plan takes no flow, not ${positionals.join(" ")}`);
    refuse(["period", "html", "counts"], "cannot go with --plan");
    return { mode: "plan", baseline: rate("--baseline", values.baseline), mde: rate("--mde", values.mde), json };
  }
  refuse(["baseline", "mde"], "only go with --plan");
  if (values.counts !== undefined) {
    if (positionals.length > 0) throw new ReportUsageError(`--counts takes no flow (the file names it), not ${positionals.join(" ")}`);
    refuse(["period"], "cannot go with --counts");
    return { mode: "counts", file: values.counts, json, ...(values.html ? { html: values.html } : {}) };
  }
  const [flowId, ...extra] = positionals;
  if (!flowId || extra.length > 0) throw new ReportUsageError(flowId ? `One flow at a time, not ${positionals.join(" ")}` : "Name the flow, or use --counts FILE or --plan");
  return { mode: "database", flowId, json, ...(values.period ? { periodId: values.period } : {}), ...(values.html ? { html: values.html } : {}) };
}

function rate(name: string, text: string | undefined): number {
  if (text === undefined) throw new ReportUsageError(`--plan needs ${name}`);
  const value = Number(text);
  if (text.trim() === "" || !Number.isFinite(value)) throw new ReportUsageError(`${name} must be a rate as a decimal (0.12 for 12%), not "${text}"`);
  return value;
}

const checkSchema = createSchemaCheck();

/** A counts file's text as the report's input; throws a ReportUsageError naming what is wrong. */
export function readCountsFile(text: string, file: string): ExperimentCounts {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new ReportUsageError(`${file}: not JSON: ${(error as Error).message}`);
  }
  const errors = checkSchema(countsSchema as JsonSchema, doc);
  if (errors.length > 0) {
    const findings = schemaFindings(errors, doc, file, { schema: countsSchema as JsonSchema, name: "schemas/experimentCounts.schema.json" });
    throw new ReportUsageError(findings.map(formatFinding).join("\n"));
  }
  const counts = doc as ExperimentCountsFile;
  if (!(String(counts.control) in counts.weights)) throw new ReportUsageError(`${file}: the control, version ${counts.control}, has no weight in "weights"`);
  for (const [version, c] of Object.entries(counts.versions)) {
    if (c.leads > c.exposures) throw new ReportUsageError(`${file}: version ${version} has ${c.leads} leads from ${c.exposures} exposures: a version cannot have more leads than visits served it`);
  }
  const period: ExperimentPeriod = {
    id: path.basename(file),
    startedAt: "",
    weights: counts.weights,
    control: counts.control,
    ...(counts.plannedPerVersion ? { plannedPerVersion: counts.plannedPerVersion } : {}),
  };
  return {
    flowId: counts.flowId,
    period,
    versions: counts.versions,
    ...(counts.sequentialTuning ? { sequentialTuning: counts.sequentialTuning } : {}),
    ...(counts.settleHours !== undefined ? { settleHours: counts.settleHours } : {}),
    ...(counts.decideOn ? { decideOn: counts.decideOn } : {}),
    ...(counts.guardrails ? { guardrails: counts.guardrails } : {}),
    ...(counts.segments ? { segments: counts.segments } : {}),
    ...(counts.days ? { days: counts.days } : {}),
  };
}

/** Where the report's output goes (the terminal, or a test). */
export interface ReportOutput {
  out: (text: string) => void;
  err: (text: string) => void;
}

const terminal: ReportOutput = { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) };

/** Runs the command; returns its exit code. */
export async function main(args: string[], io: ReportOutput = terminal): Promise<number> {
  let request: ReportRequest;
  try {
    request = parseReportArgs(args);
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}\n`);
    return 1;
  }
  try {
    if (request.mode === "plan") return plan(request, io);
    if (request.mode === "counts") {
      let text: string;
      try {
        text = readFileSync(request.file, "utf8");
      } catch (error) {
        throw new ReportUsageError(`Cannot read the counts file: ${(error as Error).message}`);
      }
      show(analyseExperiment(readCountsFile(text, request.file)), request, io, experimentReportJson);
      return 0;
    }
    return await fromDatabase(request, io);
  } catch (error) {
    if (!(error instanceof ReportUsageError || error instanceof ExperimentInputError)) throw error;
    io.err(`${error.message}\n`);
    return 1;
  }
}

function plan({ baseline, mde, json }: Extract<ReportRequest, { mode: "plan" }>, io: ReportOutput): number {
  let perVersion: number;
  try {
    perVersion = visitorsPerVersion(baseline, mde);
  } catch (error) {
    throw new ReportUsageError(`${(error as Error).message}\n${USAGE}`);
  }
  const to = `${((baseline + mde) * 100).toFixed(2).replace(/\.?0+$/, "")}%`;
  const from = `${(baseline * 100).toFixed(2).replace(/\.?0+$/, "")}%`;
  io.out(
    json
      ? `${JSON.stringify({ perVersion })}\n`
      : `${count(perVersion)} visitors per version to find a change from ${from} to ${to} (two-sided 5% test, 80% power).\nPut "plannedPerVersion": ${perVersion} in the flow's split.json; the report then shows each version's progress towards it.\n`,
  );
  return 0;
}

/** Prints the report (text or JSON) and writes its page when asked. */
function show(report: ExperimentReport, request: { json: boolean; html?: string }, io: ReportOutput, toJson: (report: ExperimentReport) => object): void {
  io.out(request.json ? `${JSON.stringify(toJson(report), null, 2)}\n` : formatExperimentReport(report));
  if (request.html) {
    const out = path.resolve(request.html);
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, experimentReportHtml(report));
    io.err(`Wrote ${out}\n`);
  }
}

async function fromDatabase(request: Extract<ReportRequest, { mode: "database" }>, io: ReportOutput): Promise<number> {
  const config = loadConfig();
  const reading = `Reporting ${request.flowId} from ${formsDirWords()} and ${storeWords(config)}\n`;
  if (request.json) io.err(reading);
  else io.out(reading);
  const corpus = loadFlowCorpus(config.formsDir);
  const flow = corpus.flows.find((f) => f.id === request.flowId);
  if (!flow) throw new ReportUsageError(`No flow "${request.flowId}" in ${corpus.root}; the flows are ${corpus.flows.map((f) => f.id).join(", ")}`);
  const db = config.databaseUrl ? await openDatabase({ url: config.databaseUrl }) : await openDatabase({ file: path.join(config.dataDir, "leads.sqlite") });
  try {
    return await reportFromDatabase(db, flow, request, io, { now: new Date(), settleHours: config.resultsSettleHours });
  } finally {
    await db.destroy();
  }
}

/** The report of a flow's period from the database, with the flow's periods listed to pick from. */
export async function reportFromDatabase(
  db: Kysely<Database>,
  flow: Parameters<typeof loadExperimentCounts>[1],
  request: { periodId?: string; json: boolean; html?: string },
  io: ReportOutput,
  settling?: Settling,
): Promise<number> {
  const periods = await listPeriods(db, flow.id);
  if (request.periodId && !periods.some((p) => p.id === request.periodId)) {
    throw new ReportUsageError(`${flow.id} has no period "${request.periodId}"; ${periods.length ? `its periods are:\n${periodList(periods)}` : "it has no period yet"}`);
  }
  const counts = await loadExperimentCounts(db, flow, request.periodId, settling);
  if (!counts) {
    const older = periods.length ? `\nEarlier periods (show one with --period ID):\n${periodList(periods)}` : "";
    io.out(request.json ? `${JSON.stringify({ flowId: flow.id, period: null, periods })}\n` : `${flow.id} has no experiment period yet: no visitor has been served its current set-up (weights and versions).${older}\n`);
    return 0;
  }
  show(analyseExperiment(counts), request, io, (report) => {
    const { settleHours, ...json } = experimentReportJson(report);
    return { settleHours, flowId: flow.id, period: report.period, periods, ...json };
  });
  if (!request.json) io.out(`\nPeriods of ${flow.id}, newest first (show another with --period ID):\n${periodList(periods, counts.period.id)}\n`);
  return 0;
}

function periodList(periods: ExperimentPeriod[], shown?: string): string {
  return periods.map((p) => `  ${periodLine(p)}; ${weightsLine(p)}${p.id === shown ? "  (this report)" : ""}`).join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  stopQuietlyWhenOutputCloses();
  process.exit(await main(process.argv.slice(2)));
}
