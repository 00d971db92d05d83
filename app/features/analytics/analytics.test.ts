import { describe, expect, it } from "vitest";
import { ageBandOf, dimensionOfKey, parsePeriod, percentText, periodStart } from "./analytics";

describe("analytics rules", () => {
  it("start a period that many months back, on the same day; all has no start", () => {
    expect(periodStart("12", "2026-11-27")).toBe("2025-11-27");
    expect(periodStart("24", "2026-03-01")).toBe("2024-03-01");
    // 29 February of a year without one rolls over, as the calendar does.
    expect(periodStart("12", "2028-02-29")).toBe("2027-03-01");
    expect(periodStart("all", "2026-11-27")).toBeNull();
  });

  it("read an unknown period as the last 12 months", () => {
    expect(parsePeriod("24")).toBe("24");
    expect(parsePeriod("all")).toBe("all");
    expect(parsePeriod("36")).toBe("12");
    expect(parsePeriod(null)).toBe("12");
  });

  it("put ages in bands by their lower bound, and no birthday in unknown", () => {
    expect([24, 25, 34, 35, 44, 45, 54, 55, 67].map(ageBandOf)).toEqual([
      "under25",
      "25to34",
      "25to34",
      "35to44",
      "35to44",
      "45to54",
      "45to54",
      "55plus",
      "55plus",
    ]);
    expect(ageBandOf(null)).toBe("unknown");
  });

  it("number the dimension tabs as the review settings do, and write shares in the page's language", () => {
    expect([dimensionOfKey("performance"), dimensionOfKey("potential"), dimensionOfKey("employability")]).toEqual([
      1, 2, 3,
    ]);
    expect(percentText(62.5, "nl")).toBe("63 %");
    expect(percentText(null, "en")).toBe("–");
  });
});
