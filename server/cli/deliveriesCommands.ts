/**
 * `npm run leads -- deliveries` and `requeue`: the deliveries of every lead by status, buyer and time, and a buyer's
 * dead or rejected deliveries put back in the queue at once (after a dry run), as the alerts' runbooks name them.
 */
import { WAITING_FOR_SECRET_PATTERN } from "../delivery/holdReasons";
import { countDeliveries, findDeliveries, requeueMatching, type DeliveryFilter } from "../storage/operatorDeliveries";
import type { DeliveryStatus } from "../storage/schema";
import { UsageError, deliveriesWord, option, parseSince, required, type CliContext } from "./cliArgs";

/** What each `--status` word finds. */
const STATUS_WORDS: Record<string, Pick<DeliveryFilter, "statuses" | "reasonLike">> = {
  dead: { statuses: ["dead"] },
  rejected: { statuses: ["rejected"] },
  held: { statuses: ["pending"], reasonLike: WAITING_FOR_SECRET_PATTERN },
  waiting: { statuses: ["pending", "sending"] },
};

const REQUEUED: DeliveryStatus[] = ["dead", "rejected"];

/** `deliveries --status S [--buyer KEY] [--since TIME] [--limit N]`: oldest first, each with its last error. */
export async function listDeliveries({ db, out, now }: CliContext, args: string[]): Promise<number> {
  const word = required(option(args, "--status"), `deliveries needs --status ${Object.keys(STATUS_WORDS).join("|")}`);
  const status = STATUS_WORDS[word];
  if (!status) throw new UsageError(`--status "${word}" is not one of ${Object.keys(STATUS_WORDS).join(", ")}`);
  const limit = Number(option(args, "--limit") ?? 100);
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError("--limit must be a whole number above 0");
  const { rows, total } = await findDeliveries(db, { ...status, ...buyerAndSince(args, now()) }, limit);
  out(`${["created (UTC)".padEnd(24), "delivery id".padEnd(36), "lead id".padEnd(36), "buyer".padEnd(16), "status".padEnd(8), "tries", "last error"].join("  ")}\n`);
  for (const row of rows) {
    out(`${[row.created_at.padEnd(24), row.id, row.lead_id, row.buyer_key.padEnd(16), row.status.padEnd(8), String(row.attempts).padEnd(5), row.last_error ?? ""].join("  ").trimEnd()}\n`);
  }
  out(`${deliveriesWord(total)}${total > rows.length ? ` (the oldest ${rows.length} shown; --limit N for more)` : ""}\n`);
  return 0;
}

/** `requeue --buyer KEY [--since TIME] [--status dead|rejected] [--yes]`: says what it would do, and does it with --yes. */
export async function requeueByBuyer({ db, out, now }: CliContext, args: string[]): Promise<number> {
  const buyerKey = required(option(args, "--buyer"), "requeue needs --buyer KEY");
  const word = option(args, "--status");
  if (word !== undefined && !REQUEUED.includes(word as DeliveryStatus)) throw new UsageError(`--status "${word}" is not one of ${REQUEUED.join(", ")}`);
  const filter: DeliveryFilter = { statuses: word ? [word as DeliveryStatus] : REQUEUED, ...buyerAndSince(args, now()), buyerKey };
  const what = `to ${buyerKey}${filter.since ? ` stored since ${filter.since.toISOString()}` : ""}`;
  const counts = await countDeliveries(db, filter);
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  if (total === 0) {
    out(`Nothing to requeue: no ${filter.statuses.join(" or ")} delivery ${what}.\n`);
    return 0;
  }
  if (!args.includes("--yes")) {
    const byStatus = [...counts].map(([status, n]) => `${n} ${status}`).join(", ");
    out(`Would put ${deliveriesWord(total)} ${what} back in the queue (${byStatus}), attempts reset.\nRun the same command with --yes to do it.\n`);
    return 0;
  }
  const requeued = await requeueMatching(db, filter, now());
  out(`${deliveriesWord(requeued)} ${what} back in the queue; a running worker sends ${requeued === 1 ? "it" : "them"} within seconds.\n`);
  return 0;
}

function buyerAndSince(args: string[], now: Date): Pick<DeliveryFilter, "buyerKey" | "since"> {
  const buyerKey = option(args, "--buyer");
  const since = option(args, "--since");
  return { ...(buyerKey === undefined ? {} : { buyerKey }), ...(since === undefined ? {} : { since: parseSince(since, now) }) };
}
