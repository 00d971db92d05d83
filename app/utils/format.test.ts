import { describe, expect, it } from "vitest";
import { formatDate, formatNumber, isoDayIn } from "./format";

describe("isoDayIn", () => {
  it("gives the day a moment is in the time zone, not in UTC", () => {
    // 23:30 UTC on 28 March is 00:30 on 29 March in Amsterdam (winter time, UTC+1).
    expect(isoDayIn(new Date("2026-03-28T23:30:00Z"), "Europe/Amsterdam")).toBe("2026-03-29");
    expect(isoDayIn(new Date("2026-03-28T23:30:00Z"), "UTC")).toBe("2026-03-28");
    // Summer time (UTC+2): 22:30 UTC on 30 June is 00:30 on 1 July.
    expect(isoDayIn(new Date("2026-06-30T22:30:00Z"))).toBe("2026-07-01");
  });

  it("answers the same for many calls and time zones (the formatter is reused per zone)", () => {
    const moment = new Date("2026-11-26T12:00:00Z");
    const days = Array.from({ length: 1000 }, (_, i) => isoDayIn(moment, i % 2 ? "Pacific/Kiritimati" : "Etc/GMT+12"));
    expect(new Set(days.filter((_, i) => i % 2))).toEqual(new Set(["2026-11-27"]));
    expect(new Set(days.filter((_, i) => i % 2 === 0))).toEqual(new Set(["2026-11-26"]));
  });
});

describe("formatDate", () => {
  it("shows moments as dd-MM-yyyy in the time zone and calendar dates as they are", () => {
    expect(formatDate(new Date("2026-03-28T23:30:00Z"))).toBe("29-03-2026");
    expect(formatDate("2026-03-01")).toBe("01-03-2026");
    expect(formatDate("not a date")).toBe("");
    expect(formatDate(null)).toBe("");
  });
});

describe("formatNumber", () => {
  it("uses the page's language", () => {
    expect(formatNumber(0.8, "nl")).toBe("0,8");
    expect(formatNumber(0.8, "en")).toBe("0.8");
  });
});
