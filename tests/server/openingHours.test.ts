import { describe, expect, it } from "vitest";
import { londonDate, londonInstant } from "../../server/hours/londonClock";
import { parseOpeningHours } from "../../server/hours/openingHours";

const office = parseOpeningHours("mon-fri 09:00-17:30; sat 10:00-13:00", "test");

describe("opening hours in Europe/London", () => {
  it.each([
    ["a Wednesday morning in winter (GMT)", "2026-03-04T09:00:00Z", true],
    ["a Wednesday at half past five, closing time", "2026-03-04T17:30:00Z", false],
    ["a summer morning at 08:30 UTC, 09:30 in London (BST)", "2026-06-10T08:30:00Z", true],
    ["a summer evening at 16:45 UTC, 17:45 in London (BST)", "2026-06-10T16:45:00Z", false],
    ["Saturday late morning", "2026-03-07T11:00:00Z", true],
    ["Sunday", "2026-03-08T11:00:00Z", false],
    ["Christmas Day, a Friday", "2026-12-25T11:00:00Z", false],
    ["the substitute Boxing Day, Monday 28 December", "2026-12-28T11:00:00Z", false],
    ["Good Friday", "2026-04-03T11:00:00Z", false],
    ["Mother's Day is an ordinary Sunday", "2026-03-15T11:00:00Z", false],
    ["the Tuesday after the summer bank holiday", "2026-09-01T11:00:00Z", true],
  ])("on %s (%s): open = %s", (_name, iso, open) => {
    expect(office.isOpen(new Date(iso))).toBe(open);
  });

  it("opens on a bank holiday only when a bankhol entry says so", () => {
    const withHoliday = parseOpeningHours("mon-fri 09:00-17:30; bankhol 10:00-14:00", "test");

    expect(withHoliday.isOpen(new Date("2026-08-31T10:30:00Z"))).toBe(true); // 11:30 BST, summer bank holiday
    expect(withHoliday.isOpen(new Date("2026-08-31T08:30:00Z"))).toBe(false); // 09:30 BST: not yet open on the holiday
  });

  it("knows when it next opens: after Friday's close, Saturday; after Saturday's, Monday; over Christmas, the next working day", () => {
    expect(office.nextOpening(new Date("2026-03-06T18:00:00Z"))?.toISOString()).toBe("2026-03-07T10:00:00.000Z");
    expect(office.nextOpening(new Date("2026-03-07T14:00:00Z"))?.toISOString()).toBe("2026-03-09T09:00:00.000Z");
    // Christmas Day (Friday), Boxing Day (Saturday) and its substitute (Monday 28th) are all closed.
    expect(office.nextOpening(new Date("2026-12-24T18:00:00Z"))?.toISOString()).toBe("2026-12-29T09:00:00.000Z");
    expect(office.nextOpening(new Date("2026-03-04T12:00:00Z"))?.toISOString()).toBe("2026-03-04T12:00:00.000Z");
  });

  it("gives the next opening in British Summer Time across the spring clock change", () => {
    // Saturday 28 March 2026 after close; the clocks go forward on Sunday 29th; Monday opens 09:00 BST = 08:00 UTC.
    expect(office.nextOpening(new Date("2026-03-28T15:00:00Z"))?.toISOString()).toBe("2026-03-30T08:00:00.000Z");
  });

  it("is always open when written 'always', bank holidays included", () => {
    const always = parseOpeningHours("always", "test");

    expect(always.isOpen(new Date("2026-12-25T03:00:00Z"))).toBe(true);
  });

  it("reads the London date, which is the next day late on a summer evening in UTC", () => {
    expect(londonDate(new Date("2026-05-31T23:30:00Z"))).toBe("2026-06-01");
    expect(londonInstant("2026-06-01", 0).toISOString()).toBe("2026-05-31T23:00:00.000Z");
  });

  it.each([
    ["", 'test: opening hours are empty'],
    ["mon-fri", 'test: cannot read "mon-fri"'],
    ["mon-fry 09:00-17:00", 'test: unknown day "fry"'],
    ["mon 09:00-25:00", 'test: "09:00-25:00" in "mon 09:00-25:00" is not a time range'],
  ])("refuses %j, saying where and what", (text, message) => {
    expect(() => parseOpeningHours(text, "test")).toThrow(message);
  });
});
