/**
 * The report's input, read from the counts kept as visits arrive: a few rows per version, London day, device and
 * source, and one per version and step, never the exposures themselves, so a report costs the same at any traffic.
 */
import { sql, type Kysely } from "kysely";
import type { CorpusFlow } from "../../../engine/core/flowCorpus";
import type { DayCounts, ExperimentCounts, ExperimentPeriod, SegmentedCounts, VersionCounts } from "../../experiments/experimentCounts";
import { currentPeriod } from "../../experiments/experimentPeriod";
import { londonDate } from "../../hours/londonClock";
import { DEFAULT_RETRY_SCHEDULE, longestRetryHours } from "../../delivery/retryPolicy";
import { exposureHour, type CountsChange } from "./countsRows";
import { settleCounts } from "./countsFolding";
import { listPeriods } from "./listPeriods";
import { leftOutVisitsSince } from "../leftOutVisitsStore";
import type { Database } from "../schema";

/** A counts row's figures as numbers (PostgreSQL hands bigints back as strings): the shape a change to it has. */
type Sums = CountsChange;

const SUM_KEYS = ["exposures", "leads", "pending", "accepted", "valuePence", "valuePenceSquares", "duplicates", "rejected", "unrouted"] as const;
const noSums = (): Sums => ({ exposures: 0, leads: 0, pending: 0, accepted: 0, valuePence: 0, valuePenceSquares: 0, duplicates: 0, rejected: 0, unrouted: 0 });

/** A bucket's sums over the whole period, and over its visits still inside the settling window. */
interface Bucket {
  all: Sums;
  recent: Sums;
}

const bucket = (): Bucket => ({ all: noSums(), recent: noSums() });

function addSums(to: Sums, sums: Sums): void {
  for (const key of SUM_KEYS) to[key] += sums[key];
}

/**
 * A bucket's counts by the settled-cohort rule: every visit inside the settling window is pending, whatever its lead;
 * an older one is pending while its lead has a delivery under way; accepted leads and value are the settled visits'
 * (value in pounds: pence / 100, pence² / 10,000). The outcomes are every lead's, settled or not.
 */
function settledCounts({ all, recent }: Bucket): VersionCounts {
  return {
    exposures: all.exposures,
    leads: all.leads,
    accepted: all.accepted - recent.accepted,
    pending: all.pending - recent.pending + recent.exposures,
    value: { sum: (all.valuePence - recent.valuePence) / 100, sumSquares: (all.valuePenceSquares - recent.valuePenceSquares) / 10_000 },
    outcomes: { accepted: all.accepted, duplicates: all.duplicates, rejected: all.rejected, unrouted: all.unrouted, delivering: all.pending },
  };
}

const SUMMED_COLUMNS = ["exposures", "leads", "pending", "accepted", "value_pence", "value_pence_squares", "duplicates", "rejected", "unrouted"] as const;

/** A summed row's figures as numbers. */
function sumsOf(row: Record<(typeof SUMMED_COLUMNS)[number], number | string>): Sums {
  return {
    exposures: Number(row.exposures),
    leads: Number(row.leads),
    pending: Number(row.pending),
    accepted: Number(row.accepted),
    valuePence: Number(row.value_pence),
    valuePenceSquares: Number(row.value_pence_squares),
    duplicates: Number(row.duplicates),
    rejected: Number(row.rejected),
    unrouted: Number(row.unrouted),
  };
}

/** A sum of counts rows: per version, or per version and one segment's value or day (`name`). */
interface SummedRow extends Record<(typeof SUMMED_COLUMNS)[number], number | string> {
  kind: "version" | "device" | "source" | "day";
  name: string;
  flow_version: number;
}

/**
 * The period's counts rows summed by the database per version, per version and device, per version and source, and
 * per version and day: a few hundred rows to hand over, whatever the product of days, devices and sources.
 */
async function summedRows(db: Kysely<Database>, flowId: string, periodId: string): Promise<SummedRow[]> {
  const sums = sql.raw(SUMMED_COLUMNS.map((c) => `sum(${c}) as ${c}`).join(", "));
  const from = sql`from experiment_counts where flow_id = ${flowId} and period_id = ${periodId}`;
  const { rows } = await sql<SummedRow>`
    select 'version' as kind, '' as name, flow_version, ${sums} ${from} group by flow_version
    union all select 'device', device, flow_version, ${sums} ${from} group by device, flow_version
    union all select 'source', source, flow_version, ${sums} ${from} group by source, flow_version
    union all select 'day', day, flow_version, ${sums} ${from} group by day, flow_version`.execute(db);
  return rows;
}

/** When a report is taken, and the settling window it takes (RESULTS_SETTLE_HOURS). */
export interface Settling {
  now: Date;
  settleHours: number;
}

/** The hour rows of visits still inside the settling window: exposed in the hour `settleHours` before now, or later. */
async function unsettledRows(db: Kysely<Database>, flowId: string, periodId: string, { now, settleHours }: Settling) {
  const from = exposureHour(new Date(now.getTime() - settleHours * 3_600_000).toISOString());
  return db.selectFrom("experiment_hour_counts").selectAll().where("flow_id", "=", flowId).where("period_id", "=", periodId).where("hour", ">=", from).execute();
}

/**
 * The counts of one period of a flow (the current one when not named): per version exposures, leads, accepted
 * leads, pending visits, value, what became of the leads and steps reached; the same by device, by source and by
 * London day; the split's decision metric and guardrails. Accepted leads and value are over the visits settled by
 * `settling` (Settling): exposed before the UTC hour `settleHours` ago began, with no delivery under way. Undefined
 * when the period has not begun (no visit served yet) or is unknown.
 */
export async function loadExperimentCounts(
  db: Kysely<Database>,
  flow: CorpusFlow,
  periodId?: string,
  settling: Settling = { now: new Date(), settleHours: longestRetryHours(DEFAULT_RETRY_SCHEDULE) },
): Promise<ExperimentCounts | undefined> {
  const id = periodId ?? currentPeriod(flow)?.id;
  if (!id) return undefined;
  // PostgreSQL keeps recent writes as changes beside the counts: folded first, so the report is as of now.
  await settleCounts(db);
  const stored = (await listPeriods(db, flow.id)).find((p) => p.id === id);
  if (!stored) return undefined;
  // The plan is no part of the set-up: the current period takes split.json's as it is now.
  const { plannedPerVersion, ...rest } = stored;
  const planned = periodId === undefined ? flow.plannedPerVersion : plannedPerVersion;
  const period: ExperimentPeriod = { ...rest, ...(planned ? { plannedPerVersion: planned } : {}) };

  const versions = new Map<number, Bucket>();
  const of = (version: number) => versions.get(version) ?? versions.set(version, bucket()).get(version)!;
  for (const version of Object.keys(period.weights)) of(Number(version));
  const segments = { device: new Map<string, Bucket>(), source: new Map<string, Bucket>(), day: new Map<string, Bucket>() };
  const inSegment = (kind: keyof typeof segments, name: string, version: number) => {
    const key = `${name}\n${version}`;
    return segments[kind].get(key) ?? segments[kind].set(key, bucket()).get(key)!;
  };

  for (const row of await summedRows(db, flow.id, id)) {
    addSums((row.kind === "version" ? of(row.flow_version) : inSegment(row.kind, row.name, row.flow_version)).all, sumsOf(row));
  }
  for (const row of await unsettledRows(db, flow.id, id, settling)) {
    const sums = sumsOf(row);
    addSums(of(row.flow_version).recent, sums);
    addSums(inSegment("device", row.device, row.flow_version).recent, sums);
    addSums(inSegment("source", row.source, row.flow_version).recent, sums);
    addSums(inSegment("day", londonDate(new Date(`${row.hour}:00:00Z`)), row.flow_version).recent, sums);
  }
  const byVersion: Record<string, VersionCounts> = {};
  for (const [version, sums] of [...versions].sort(([a], [b]) => a - b)) byVersion[String(version)] = { ...settledCounts(sums), steps: {} };
  const steps = await db.selectFrom("experiment_step_counts").select(["flow_version", "step_id", "visits"]).where("flow_id", "=", flow.id).where("period_id", "=", id).execute();
  for (const row of steps) (byVersion[String(row.flow_version)] ??= { ...settledCounts(bucket()), steps: {} }).steps![row.step_id] = Number(row.visits);

  const grouped = (kind: keyof typeof segments): SegmentedCounts => {
    const out: SegmentedCounts = {};
    for (const [key, sums] of segments[kind]) {
      const [name, version] = key.split("\n") as [string, string];
      const { outcomes: _, ...counts } = settledCounts(sums);
      (out[name] ??= {})[version] = counts;
    }
    return out;
  };
  const days = grouped("day");
  const dayCounts: DayCounts[] = Object.keys(days).sort().map((day) => ({ day, versions: days[day]! }));
  const documents = Object.fromEntries(Object.keys(byVersion).map((v) => [v, flow.versions.find((x) => x.version === Number(v))?.flow]));
  // Counted per London day, so from the day the period began.
  const leftOut = await leftOutVisitsSince(db, flow.id, londonDate(new Date(period.startedAt)));
  return {
    flowId: flow.id,
    period,
    versions: byVersion,
    documents,
    leftOut,
    settleHours: settling.settleHours,
    ...(flow.decideOn ? { decideOn: flow.decideOn } : {}),
    ...(flow.guardrails ? { guardrails: flow.guardrails } : {}),
    ...(flow.splitHeldBack && id === currentPeriod(flow)?.id ? { splitHeldBack: flow.splitHeldBack } : {}),
    segments: { device: grouped("device"), source: grouped("source") },
    days: dayCounts,
  };
}
