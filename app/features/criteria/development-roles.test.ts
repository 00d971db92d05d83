import { describe, expect, it } from "vitest";
import { placeDevelopmentRole, scorePercent, validThresholds } from "./development-roles";

const place = (performance: number, potential: number, employability: number, scale: 3 | 4 | 5 = 5) =>
  placeDevelopmentRole({ performance, potential, employability }, scale);

describe("development role placement", () => {
  it("maps scores to a percentage of the scale", () => {
    expect(scorePercent(1, 5)).toBe(0);
    expect(scorePercent(5, 5)).toBe(100);
    expect(scorePercent(2, 3)).toBe(50);
  });

  it("high performance and high potential is a star", () => {
    expect(place(5, 5, 1)).toBe("star");
    expect(place(3.7, 3.7, 1)).toBe("star"); // 67.5 % ≥ 67 %
  });

  it("high potential only is potential; high performance only is achiever", () => {
    expect(place(3, 5, 3)).toBe("potential");
    expect(place(5, 3, 3)).toBe("achiever");
    expect(place(1, 5, 1)).toBe("potential");
  });

  it("employability separates changeofcareer from midfield in the low thirds", () => {
    expect(place(1, 1, 2)).toBe("changeofcareer"); // 25 % < 50 %
    expect(place(1, 1, 4)).toBe("midfield");
    expect(place(2, 3, 1)).toBe("changeofcareer"); // performance low (25 %)
  });

  it("the middle box is midfield whatever the employability", () => {
    expect(place(3, 3, 1)).toBe("midfield");
  });

  it("works on the 3-scale", () => {
    expect(place(3, 3, 1, 3)).toBe("star");
    expect(place(1, 2, 1, 3)).toBe("changeofcareer");
    expect(place(2, 2, 1, 3)).toBe("midfield");
  });

  it("follows configured thresholds", () => {
    const t = { lowerPercent: 20, upperPercent: 90, employabilityPercent: 10 };
    expect(placeDevelopmentRole({ performance: 4, potential: 4, employability: 1 }, 5, t)).toBe("midfield");
    expect(placeDevelopmentRole({ performance: 1, potential: 1, employability: 1 }, 5, t)).toBe("changeofcareer");
    expect(placeDevelopmentRole({ performance: 1, potential: 1, employability: 2 }, 5, t)).toBe("midfield");
  });

  it("gives no role while a dimension is not rated", () => {
    expect(placeDevelopmentRole({ performance: 0, potential: 4, employability: 4 }, 5)).toBeNull();
    expect(placeDevelopmentRole({ performance: 4, potential: null, employability: 4 }, 5)).toBeNull();
  });

  it("accepts only thresholds 1–99 with lower below upper", () => {
    expect(validThresholds({ lowerPercent: 33, upperPercent: 67, employabilityPercent: 50 })).toBe(true);
    expect(validThresholds({ lowerPercent: 70, upperPercent: 67, employabilityPercent: 50 })).toBe(false);
    expect(validThresholds({ lowerPercent: 0, upperPercent: 67, employabilityPercent: 50 })).toBe(false);
  });
});
