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

/** A date is London midnight at its start; a full ISO time is taken as it is. */
export function parseSince(text: string): Date {
  const when = /^\d{4}-\d{2}-\d{2}$/.test(text) ? londonInstant(text, 0) : new Date(text);
  if (Number.isNaN(when.getTime())) throw new UsageError(`--since "${text}" is not a date (YYYY-MM-DD) or an ISO time`);
  return when;
}

/** "1 delivery", "2 deliveries". */
export function deliveriesWord(count: number): string {
  return `${count} deliver${count === 1 ? "y" : "ies"}`;
}
