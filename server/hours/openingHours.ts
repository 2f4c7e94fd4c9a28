/**
 * Opening hours written as text, e.g. "mon-fri 09:00-17:30; sat 10:00-13:00" or "always", read in
 * Europe/London time. England and Wales bank holidays are closed unless a "bankhol" entry opens them.
 */
import { isBankHoliday } from "./bankHolidays";
import { addDays, londonInstant, londonTime, weekdayOf } from "./londonClock";

/** When something is open. */
export interface OpeningHours {
  /** The hours as written. */
  readonly text: string;
  /** Whether it is open at this instant. */
  isOpen(instant: Date): boolean;
  /** The first instant at or after `from` when it is open; undefined when it opens on none of the next 14 days. */
  nextOpening(from: Date): Date | undefined;
}

/** One span of a day: minutes since midnight, end exclusive. */
interface Span {
  from: number;
  to: number;
}

const DAY_NAMES = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
/** The key bank holidays are filed under, after the seven weekdays. */
const BANK_HOLIDAY = 7;
const WHOLE_DAY: Span = { from: 0, to: 24 * 60 };
const LOOK_AHEAD_DAYS = 14;

/** Reads opening hours; throws an Error that starts with `where` and says what is wrong. */
export function parseOpeningHours(text: string, where: string): OpeningHours {
  const spans = parseSpans(text.trim().toLowerCase(), where);
  const spansOn = (date: string): Span[] => spans[isBankHoliday(date) ? BANK_HOLIDAY : weekdayOf(date)] ?? [];
  return {
    text,
    isOpen(instant) {
      const now = londonTime(instant);
      return spansOn(now.date).some((s) => s.from <= now.minutes && now.minutes < s.to);
    },
    nextOpening(from) {
      const now = londonTime(from);
      for (let day = 0; day <= LOOK_AHEAD_DAYS; day++) {
        const date = addDays(now.date, day);
        for (const span of spansOn(date).toSorted((a, b) => a.from - b.from)) {
          if (day === 0 && span.to <= now.minutes) continue;
          if (day === 0 && span.from <= now.minutes) return from;
          return londonInstant(date, span.from);
        }
      }
      return undefined;
    },
  };
}

function parseSpans(text: string, where: string): Span[][] {
  const byDay: Span[][] = Array.from({ length: 8 }, () => []);
  if (text === "always") {
    for (const day of byDay) day.push(WHOLE_DAY);
    return byDay;
  }
  const entries = text.split(";").map((e) => e.trim()).filter(Boolean);
  if (entries.length === 0) throw new Error(`${where}: opening hours are empty; write e.g. "mon-fri 09:00-17:30" or "always"`);
  for (const entry of entries) {
    const match = /^([a-z,-]+)\s+([0-9:,\s-]+)$/.exec(entry);
    if (!match) throw new Error(`${where}: cannot read "${entry}"; write days then times, e.g. "mon-fri 09:00-17:30"`);
    const days = parseDays(match[1]!, entry, where);
    const spans = match[2]!.split(",").map((range) => parseSpan(range.trim(), entry, where));
    for (const day of days) byDay[day]!.push(...spans);
  }
  return byDay;
}

function parseDays(text: string, entry: string, where: string): number[] {
  const days = new Set<number>();
  for (const part of text.split(",")) {
    if (part === "bankhol") {
      days.add(BANK_HOLIDAY);
      continue;
    }
    const [first, last = first] = part.split("-");
    const from = dayIndex(first!, entry, where);
    const to = dayIndex(last!, entry, where);
    // A range may wrap past Sunday: "fri-mon" is Friday to Monday.
    for (let day = from; ; day = (day + 1) % 7) {
      days.add(day);
      if (day === to) break;
    }
  }
  return [...days];
}

function dayIndex(name: string, entry: string, where: string): number {
  const index = (DAY_NAMES as readonly string[]).indexOf(name);
  if (index < 0) throw new Error(`${where}: unknown day "${name}" in "${entry}"; use mon, tue, wed, thu, fri, sat, sun or bankhol`);
  return index;
}

function parseSpan(range: string, entry: string, where: string): Span {
  const match = /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/.exec(range);
  const [from, to] = match ? [Number(match[1]) * 60 + Number(match[2]), Number(match[3]) * 60 + Number(match[4])] : [NaN, NaN];
  const valid = match && Number(match[2]) < 60 && Number(match[4]) < 60 && from < to && to <= 24 * 60;
  if (!valid) throw new Error(`${where}: "${range}" in "${entry}" is not a time range such as 09:00-17:30`);
  return { from, to };
}
