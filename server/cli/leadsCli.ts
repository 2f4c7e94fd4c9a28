/**
 * The operator's command line: `npm run leads -- list | show ID | retry ID | deliveries … | requeue … |
 * export --since DATE | erase --email X | erase --phone X`. Reads and changes the database directly; nothing here is HTTP.
 */
import { attemptsOf, deliveriesOfLead, requeueDeliveries } from "../storage/deliveriesStore";
import { eraseContact } from "../storage/erasureStore";
import { findLead } from "../storage/leadsStore";
import { leadsSince, recentLeads, type LeadWithDeliveries } from "../storage/operatorQueries";
import { UsageError, deliveriesWord, option, parseSince, required, type CliContext } from "./cliArgs";
import { csvLine } from "./csv";
import { listDeliveries, requeueByBuyer } from "./deliveriesCommands";

export type { CliContext } from "./cliArgs";

/** What `npm run leads` without a command prints. */
export const USAGE = `Usage: npm run leads -- <command>
  list [--limit N]          the latest leads (50), newest first, with their deliveries
  show ID                   one lead: answers, consent, deliveries and every attempt
  retry ID                  send a lead's dead or rejected deliveries again
  deliveries --status S [--buyer KEY] [--since TIME] [--limit N]
                            (TIME: YYYY-MM-DD, London time; an ISO time; or 30m, 2h, 1d ago)
                            deliveries by status: dead, rejected, held (waiting for a buyer's
                            signing secret) or waiting (not yet sent), oldest first, with why
  requeue --buyer KEY [--since TIME] [--status dead|rejected] [--yes]
                            put a buyer's dead and rejected deliveries back in the queue: says
                            what it would do, and does it with --yes
  export --since DATE       CSV of leads since DATE (YYYY-MM-DD, London time, or an ISO time)
  erase --email X           delete everything held about an e-mail address (a keyed hash remains)
  erase --phone X           the same for a phone number`;

export { UsageError } from "./cliArgs";

/** Runs one command; resolves with the process exit code (0 done, 1 usage, 2 not found). */
export async function runLeadsCli(args: string[], context: CliContext): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case "list":
      return list(context, Number(option(rest, "--limit") ?? 50));
    case "show":
      return show(context, required(rest[0], "show needs a lead id"));
    case "retry":
      return retry(context, required(rest[0], "retry needs a lead id"));
    case "deliveries":
      return listDeliveries(context, rest);
    case "requeue":
      return requeueByBuyer(context, rest);
    case "export":
      return exportCsv(context, parseSince(required(option(rest, "--since"), "export needs --since DATE"), context.now()));
    case "erase":
      return erase(context, rest);
    default:
      throw new UsageError(command ? `Unknown command "${command}"` : "No command given");
  }
}

async function list({ db, out }: CliContext, limit: number): Promise<number> {
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError("--limit must be a whole number above 0");
  const rows = await recentLeads(db, limit);
  out(`${["created (UTC)".padEnd(24), "lead id".padEnd(36), "service".padEnd(26), "code", "deliveries"].join("  ")}\n`);
  for (const { lead, deliveries } of rows) {
    out(`${[lead.created_at.padEnd(24), lead.id, lead.service_type.padEnd(26), lead.response_code.padEnd(4), summary(deliveries)].join("  ")}\n`);
  }
  out(`${rows.length} lead${rows.length === 1 ? "" : "s"}\n`);
  return 0;
}

async function show({ db, out }: CliContext, id: string): Promise<number> {
  const lead = await findLead(db, id);
  if (!lead) return notFound(out, id);
  const deliveries = await deliveriesOfLead(db, lead.id);
  const attempts = await attemptsOf(db, deliveries.map((d) => d.id));
  const shown = {
    ...lead,
    answers: JSON.parse(lead.answers) as unknown,
    tracking: JSON.parse(lead.tracking) as unknown,
    consent: JSON.parse(lead.consent) as unknown,
    consented_buyers: lead.consented_buyers ? (JSON.parse(lead.consented_buyers) as unknown) : null,
    deliveries: deliveries.map((d) => ({ ...d, attempts: attempts.filter((a) => a.delivery_id === d.id) })),
  };
  out(`${JSON.stringify(shown, null, 2)}\n`);
  return 0;
}

async function retry({ db, out, now }: CliContext, id: string): Promise<number> {
  if (!(await findLead(db, id))) return notFound(out, id);
  const count = await requeueDeliveries(db, id, now());
  out(
    count > 0
      ? `${deliveriesWord(count)} back in the queue; a running worker sends ${count === 1 ? "it" : "them"} within seconds.\n`
      : "Nothing to retry: none of this lead's deliveries is dead or rejected.\n",
  );
  return 0;
}

const EXPORT_COLUMNS = [
  "id", "created_at", "flow_id", "flow_version", "service_type", "product_type", "response_code", "test_mode", "form_is_time_ooh",
  "first_name", "last_name", "email", "phone", "postcode", "consent_wording", "privacy_notice_version", "consented_buyers",
  "consented_at", "duplicate_of", "routing_note",
] as const;

async function exportCsv({ db, out }: CliContext, since: Date): Promise<number> {
  out(csvLine([...EXPORT_COLUMNS, "deliveries"]));
  for (const { lead, deliveries } of await leadsSince(db, since)) {
    const deliveryCells = deliveries.map((d) => `${d.buyer_name}: ${d.status}`).join("; ");
    out(csvLine([...EXPORT_COLUMNS.map((column) => lead[column]), deliveryCells]));
  }
  return 0;
}

async function erase({ db, out, now }: CliContext, rest: string[]): Promise<number> {
  const email = option(rest, "--email");
  const phone = option(rest, "--phone");
  if ((email === undefined) === (phone === undefined)) throw new UsageError("erase needs exactly one of --email X or --phone X");
  const kind = email !== undefined ? "email" : "phone";
  const { leadsErased, newsletterErased } = await eraseContact(db, kind, (email ?? phone)!, now());
  out(
    `Erased ${leadsErased} lead${leadsErased === 1 ? "" : "s"}${kind === "email" ? ` and ${newsletterErased} newsletter sign-up${newsletterErased === 1 ? "" : "s"}` : ""} for that ${kind === "email" ? "e-mail address" : "phone number"}. A keyed hash is kept so they are not contacted again.\n`,
  );
  return 0;
}

/** "2 delivered, 1 pending", or "none". */
function summary(deliveries: LeadWithDeliveries["deliveries"]): string {
  if (deliveries.length === 0) return "none";
  const counts = new Map<string, number>();
  for (const d of deliveries) counts.set(d.status, (counts.get(d.status) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${n} ${status}`).join(", ");
}

function notFound(out: CliContext["out"], id: string): number {
  out(`No lead with id ${id}\n`);
  return 2;
}
