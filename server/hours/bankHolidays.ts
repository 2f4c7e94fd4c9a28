/** England and Wales bank holidays, from date-holidays (GB, ENG), substitute days included. */
import Holidays from "date-holidays";

const englandAndWales = new Holidays("GB", "ENG");
const byYear = new Map<number, ReadonlySet<string>>();

/** Whether a London date (YYYY-MM-DD) is a bank holiday in England and Wales. */
export function isBankHoliday(date: string): boolean {
  const year = Number(date.slice(0, 4));
  let dates = byYear.get(year);
  if (!dates) {
    // "public" days are the bank holidays; observances such as Mother's Day are ordinary working days.
    const holidays = englandAndWales.getHolidays(year).filter((h) => h.type === "public" || h.type === "bank");
    dates = new Set(holidays.map((h) => h.date.slice(0, 10)));
    byYear.set(year, dates);
  }
  return dates.has(date);
}
