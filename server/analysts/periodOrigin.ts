/**
 * Which recorded change began an experiment period: the first traffic change whose split is the period's (the
 * weights of the versions served with a share, and the control). A later change back to the same split resumed the
 * period rather than beginning it, and is named too. A period older than the flow's history (counted before the
 * published flows were kept) has none.
 */
import type { Kysely } from "kysely";
import type { ExperimentPeriod } from "../experiments/experimentCounts";
import { flowHistory, type PublishedChangeRow } from "../storage/publishedFlowsStore";
import type { Database } from "../storage/schema";

/** The change that began a period, and the latest that returned to it when that is another. */
export interface PeriodOrigin {
  began: PublishedChangeRow;
  resumed?: PublishedChangeRow;
}

/** The positive weights, by version number, as one comparable string. */
function served(weights: Readonly<Record<string, number>>): string {
  return JSON.stringify(
    Object.entries(weights)
      .filter(([, weight]) => weight > 0)
      .sort(([a], [b]) => Number(a) - Number(b)),
  );
}

function sameSplit(row: PublishedChangeRow, period: Pick<ExperimentPeriod, "weights" | "control">): boolean {
  try {
    const split = JSON.parse(row.after) as { default?: unknown; weights?: Record<string, number> };
    return split.default === period.control && split.weights !== undefined && served(split.weights) === served(period.weights);
  } catch {
    return false;
  }
}

/** The recorded change that began `period` of `flowId`, if the history holds one. */
export async function periodOrigin(db: Kysely<Database>, flowId: string, period: Pick<ExperimentPeriod, "weights" | "control">): Promise<PeriodOrigin | undefined> {
  // Newest first: the last match is the change that began the period, the first the latest to return to it.
  const matches = (await flowHistory(db, flowId)).filter((row) => row.kind === "traffic" && sameSplit(row, period));
  const began = matches.at(-1);
  if (!began) return undefined;
  const latest = matches[0]!;
  return latest.change_id === began.change_id ? { began } : { began, resumed: latest };
}
