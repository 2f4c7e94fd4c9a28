/**
 * The report's input, read from the counts kept as visits arrive: a few rows per version, London day, device and
 * source, and one per version and step, never the exposures themselves, so a report costs the same at any traffic.
 */
import { sql, type Kysely } from "kysely";
import type { CorpusFlow } from "../../../engine/core/flowCorpus";
import type { DayCounts, ExperimentCounts, ExperimentPeriod, SegmentedCounts, VersionCounts } from "../../experiments/experimentCounts";
import { currentPeriod } from "../../experiments/experimentPeriod";
import { londonDate } from "../../hours/londonClock";
import type { CountsChange } from "./countsRows";
import { listPeriods } from "./listPeriods";
import { leftOutVisitsSince } from "../leftOutVisitsStore";
import type { Database } from "../schema";

/** A counts row's six figures as numbers (PostgreSQL hands bigints back as strings): the shape a change to it has. */
type Sums = CountsChange;

const zero = (): VersionCounts => ({ exposures: 0, leads: 0, accepted: 0, pending: 0, value: { sum: 0, sumSquares: 0 } });

/** Adds a row's sums to a version's counts (value in pounds: pence / 100, pence² / 10,000). */
function add(counts: VersionCounts, sums: Sums): void {
  counts.exposures += sums.exposures;
  counts.leads += sums.leads;
  counts.accepted = (counts.accepted ?? 0) + sums.accepted;
  counts.pending = (counts.pending ?? 0) + sums.pending;
  const value = (counts.value ??= { sum: 0, sumSquares: 0 });
  value.sum += sums.valuePence / 100;
  value.sumSquares += sums.valuePenceSquares / 10_000;
}

/** A sum of counts rows: per version, or per version and one segment's value or day (`name`). */
interface SummedRow {
  kind: "version" | "device" | "source" | "day";
  name: string;
  flow_version: number;
  exposures: number | string;
  leads: number | string;
  pending: number | string;
  accepted: number | string;
  value_pence: number | string;
  value_pence_squares: number | string;
}

/**
 * The period's counts rows summed by the database per version, per version and device, per version and source, and
 * per version and day: a few hundred rows to hand over, whatever the product of days, devices and sources.
 */
async function summedRows(db: Kysely<Database>, flowId: string, periodId: string): Promise<SummedRow[]> {
  const sums = sql`sum(exposures) as exposures, sum(leads) as leads, sum(pending) as pending, sum(accepted) as accepted, sum(value_pence) as value_pence, sum(value_pence_squares) as value_pence_squares`;
  const from = sql`from experiment_counts where flow_id = ${flowId} and period_id = ${periodId}`;
  const { rows } = await sql<SummedRow>`
    select 'version' as kind, '' as name, flow_version, ${sums} ${from} group by flow_version
    union all select 'device', device, flow_version, ${sums} ${from} group by device, flow_version
    union all select 'source', source, flow_version, ${sums} ${from} group by source, flow_version
    union all select 'day', day, flow_version, ${sums} ${from} group by day, flow_version`.execute(db);
  return rows;
}

/**
 * The counts of one period of a flow (the current one when not named): per version exposures, leads, accepted
 * leads, pending visits, value and steps reached; the same by device, by source and by London day; the split's
 * decision metric and guardrails. Undefined when the period has not begun (no visit served yet) or is unknown.
 */
export async function loadExperimentCounts(db: Kysely<Database>, flow: CorpusFlow, periodId?: string): Promise<ExperimentCounts | undefined> {
  const id = periodId ?? currentPeriod(flow)?.id;
  if (!id) return undefined;
  const stored = (await listPeriods(db, flow.id)).find((p) => p.id === id);
  if (!stored) return undefined;
  // The plan is no part of the set-up: the current period takes split.json's as it is now.
  const { plannedPerVersion, ...rest } = stored;
  const planned = periodId === undefined ? flow.plannedPerVersion : plannedPerVersion;
  const period: ExperimentPeriod = { ...rest, ...(planned ? { plannedPerVersion: planned } : {}) };

  const versions: Record<string, VersionCounts> = {};
  const of = (version: number) => (versions[String(version)] ??= { ...zero(), steps: {} });
  for (const version of Object.keys(period.weights)) of(Number(version));
  const device: SegmentedCounts = {};
  const source: SegmentedCounts = {};
  const days = new Map<string, Record<string, VersionCounts>>();
  const inSegment = (segments: SegmentedCounts, name: string, version: number) => ((segments[name] ??= {})[String(version)] ??= zero());

  for (const row of await summedRows(db, flow.id, id)) {
    const sums: Sums = {
      exposures: Number(row.exposures),
      leads: Number(row.leads),
      pending: Number(row.pending),
      accepted: Number(row.accepted),
      valuePence: Number(row.value_pence),
      valuePenceSquares: Number(row.value_pence_squares),
    };
    if (row.kind === "version") add(of(row.flow_version), sums);
    else if (row.kind === "device") add(inSegment(device, row.name, row.flow_version), sums);
    else if (row.kind === "source") add(inSegment(source, row.name, row.flow_version), sums);
    else add(((days.get(row.name) ?? days.set(row.name, {}).get(row.name)!)[String(row.flow_version)] ??= zero()), sums);
  }
  const steps = await db.selectFrom("experiment_step_counts").select(["flow_version", "step_id", "visits"]).where("flow_id", "=", flow.id).where("period_id", "=", id).execute();
  for (const row of steps) of(row.flow_version).steps![row.step_id] = Number(row.visits);

  const dayCounts: DayCounts[] = [...days.keys()].sort().map((day) => ({ day, versions: days.get(day)! }));
  const documents = Object.fromEntries(Object.keys(versions).map((v) => [v, flow.versions.find((x) => x.version === Number(v))?.flow]));
  // Counted per London day, so from the day the period began.
  const leftOut = await leftOutVisitsSince(db, flow.id, londonDate(new Date(period.startedAt)));
  return {
    flowId: flow.id,
    period,
    versions,
    documents,
    leftOut,
    ...(flow.decideOn ? { decideOn: flow.decideOn } : {}),
    ...(flow.guardrails ? { guardrails: flow.guardrails } : {}),
    ...(flow.splitHeldBack && id === currentPeriod(flow)?.id ? { splitHeldBack: flow.splitHeldBack } : {}),
    segments: { device, source },
    days: dayCounts,
  };
}
