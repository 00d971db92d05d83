import { describe, expect, it } from "vitest";
import { gapOf, horizonDate, parseHorizon } from "./planning";

describe("horizonDate", () => {
  it("looks at today, one year and five years ahead", () => {
    expect(horizonDate("current", "2026-11-29")).toBe("2026-11-29");
    expect(horizonDate("1y", "2026-11-29")).toBe("2027-11-29");
    expect(horizonDate("5y", "2026-11-29")).toBe("2031-11-29");
  });
  it("keeps February for a leap day", () => {
    expect(horizonDate("1y", "2028-02-29")).toBe("2029-02-28");
  });
});

describe("gapOf", () => {
  it("is negative when fewer are available than needed, positive for a surplus", () => {
    expect(gapOf(4, 2.4)).toBe(-1.6);
    expect(gapOf(2, 2.8)).toBe(0.8);
    expect(gapOf(3, 3)).toBe(0);
  });
  it("has no gap without a need", () => {
    expect(gapOf(null, 2)).toBeNull();
  });
  it("sums part-time FTE without floating-point noise", () => {
    expect(gapOf(1, 0.1 + 0.2 + 0.7)).toBe(0);
  });
});

describe("parseHorizon", () => {
  it("knows the three horizons only", () => {
    expect(parseHorizon("5y")).toBe("5y");
    expect(parseHorizon("10y")).toBeNull();
    expect(parseHorizon(null)).toBeNull();
  });
});
