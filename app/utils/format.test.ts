import { describe, expect, it } from "vitest";
import { formatDate as formatDateFromDates } from "./dates";
import { DEFAULT_TIME_ZONE, formatDate, formatNumber, isoDayIn } from "./format";

describe("formatDate: one time zone on server and browser", () => {
  it("shows a moment as the day it is in Amsterdam, whatever the process's time zone", () => {
    // 23:30 UTC on 1 March is 00:30 on 2 March in Amsterdam (winter time), 01:30 in summer.
    expect(formatDate(new Date("2026-03-01T23:30:00Z"))).toBe("02-03-2026");
    expect(formatDate("2026-07-01T22:30:00.000Z")).toBe("02-07-2026");
    expect(formatDateFromDates(new Date("2026-03-01T23:30:00Z"))).toBe("02-03-2026");
    expect(DEFAULT_TIME_ZONE).toBe("Europe/Amsterdam");
  });

  it("takes another time zone when an account has one", () => {
    expect(formatDate(new Date("2026-03-01T23:30:00Z"), "UTC")).toBe("01-03-2026");
  });

  it("shows a calendar date as it is, without shifting it through a time zone", () => {
    expect(formatDate("2026-03-01")).toBe("01-03-2026");
    expect(formatDate("2026-03-01", "America/Los_Angeles")).toBe("01-03-2026");
  });

  it("gives an empty text for nothing or nonsense", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate(undefined)).toBe("");
    expect(formatDate("not a date")).toBe("");
  });
});

describe("formatNumber: the page's language, not the process's", () => {
  it("writes a decimal comma in Dutch and German and a point in English", () => {
    const fte = { minimumFractionDigits: 1, maximumFractionDigits: 2 };
    expect(formatNumber(0.8, "nl", fte)).toBe("0,8");
    expect(formatNumber(0.8, "de", fte)).toBe("0,8");
    expect(formatNumber(0.8, "en", fte)).toBe("0.8");
    expect(formatNumber(0.889, "nl", fte)).toBe("0,89");
    expect(formatNumber(1, "nl", fte)).toBe("1,0");
  });
});

describe("isoDayIn: the day a moment is in a time zone, as yyyy-MM-dd", () => {
  it("gives the day in the time zone, not in UTC", () => {
    // 23:30 UTC on 28 March is 00:30 on 29 March in Amsterdam (winter time, UTC+1).
    expect(isoDayIn(new Date("2026-03-28T23:30:00Z"), "Europe/Amsterdam")).toBe("2026-03-29");
    expect(isoDayIn(new Date("2026-03-28T23:30:00Z"), "UTC")).toBe("2026-03-28");
    // Summer time (UTC+2): 22:30 UTC on 30 June is 00:30 on 1 July; Amsterdam is the default.
    expect(isoDayIn(new Date("2026-06-30T22:30:00Z"))).toBe("2026-07-01");
  });

  it("answers right for many calls across time zones (one formatter is kept per zone)", () => {
    const moment = new Date("2026-11-26T12:00:00Z");
    const days = Array.from({ length: 1000 }, (_, i) => isoDayIn(moment, i % 2 ? "Pacific/Kiritimati" : "Etc/GMT+12"));
    expect(new Set(days.filter((_, i) => i % 2 === 1))).toEqual(new Set(["2026-11-27"]));
    expect(new Set(days.filter((_, i) => i % 2 === 0))).toEqual(new Set(["2026-11-26"]));
  });
});
