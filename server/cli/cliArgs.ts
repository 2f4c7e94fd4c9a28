/** Reading the operator's command lines: options with values, required words, and times. */
import type { Kysely } from "kysely";
import { londonInstant } from "../hours/londonClock";
import type { Database } from "../storage/schema";

/** Where a command writes and what time it is. */
export interface CliContext {
  db: Kysely<Database>;
  out: (text: string) => void;
  now: () => Date;
}

/** A mistake in the command line: the message and the usage are shown, and the exit code is 1. */
export class UsageError extends Error {}

/** The value after `--name`, or undefined when the option is not given. */
export function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  if (index < 0) return undefined;
  const value = args[index + 1];
  if (value === undefined || value.startsWith("--")) throw new UsageError(`${name} needs a value`);
  return value;
}

/** `value`, or a UsageError with `message` when it is missing. */
export function required(value: string | undefined, message: string): string {
  if (value === undefined || value.startsWith("--")) throw new UsageError(message);
  return value;
}

const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * A date is London midnight at its start; a full ISO time (an alert's runbook fills one in) is taken as it is; a
 * duration, `30m`, `2h` or `1d`, is that long before `now`.
 */
export function parseSince(text: string, now: Date): Date {
  const ago = /^(\d{1,5})([mhd])$/.exec(text);
  const when = ago ? new Date(now.getTime() - Number(ago[1]) * UNIT_MS[ago[2]!]!) : /^\d{4}-\d{2}-\d{2}$/.test(text) ? londonInstant(text, 0) : new Date(text);
  if (Number.isNaN(when.getTime())) throw new UsageError(`--since "${text}" is not a date (YYYY-MM-DD), an ISO time (2026-03-04T10:30:00Z) or a time ago (30m, 2h, 1d)`);
  return when;
}

/** "1 delivery", "2 deliveries". */
export function deliveriesWord(count: number): string {
  return `${count} deliver${count === 1 ? "y" : "ies"}`;
}
