import { describe, expect, it } from "vitest";
import { combinedRequirements, competenceGap, effectiveRequirements, isCompetenceLevel } from "./levels";

describe("competenceGap", () => {
  it("is actual minus required with a status", () => {
    expect(competenceGap(2, 4)).toEqual({ gap: -2, status: "below" });
    expect(competenceGap(3, 3)).toEqual({ gap: 0, status: "meets" });
    expect(competenceGap(5, 3)).toEqual({ gap: 2, status: "above" });
  });
  it("has no gap when nothing is required or nothing is scored", () => {
    expect(competenceGap(3, null)).toEqual({ gap: null, status: "notRequired" });
    expect(competenceGap(null, 3)).toEqual({ gap: null, status: "notScored" });
  });
});

describe("isCompetenceLevel", () => {
  it("accepts whole levels 1 to 5 only", () => {
    expect([1, 5].every(isCompetenceLevel)).toBe(true);
    expect([0, 6, 2.5, "3", null].some(isCompetenceLevel)).toBe(false);
  });
});

describe("effectiveRequirements", () => {
  const positions = [
    { id: "root", parentId: null },
    { id: "mid", parentId: "root" },
    { id: "leaf", parentId: "mid" },
    { id: "other", parentId: null },
  ];
  const own = [
    { positionId: "root", competenceId: "a", requiredLevel: 2 },
    { positionId: "root", competenceId: "b", requiredLevel: 3 },
    { positionId: "mid", competenceId: "b", requiredLevel: 4 },
    { positionId: "leaf", competenceId: "c", requiredLevel: 1 },
  ];
  it("inherits from every ancestor and lets the nearest position override", () => {
    const leaf = effectiveRequirements(positions, own).get("leaf")!;
    expect(Object.fromEntries([...leaf].map(([k, v]) => [k, v]))).toEqual({
      a: { level: 2, fromPositionId: "root" },
      b: { level: 4, fromPositionId: "mid" },
      c: { level: 1, fromPositionId: "leaf" },
    });
  });
  it("gives a parent nothing of its children and an unrelated position nothing at all", () => {
    const map = effectiveRequirements(positions, own);
    expect([...map.get("root")!.keys()].sort()).toEqual(["a", "b"]);
    expect(map.get("other")!.size).toBe(0);
  });
  it("stops at a cycle", () => {
    const map = effectiveRequirements(
      [
        { id: "x", parentId: "y" },
        { id: "y", parentId: "x" },
      ],
      [{ positionId: "y", competenceId: "a", requiredLevel: 3 }],
    );
    expect(map.get("x")!.get("a")!.level).toBe(3);
  });
});

describe("combinedRequirements", () => {
  it("takes the highest level per competence", () => {
    const a = new Map([["k", { level: 2, fromPositionId: "p" }]]);
    const b = new Map([["k", { level: 4, fromPositionId: "q" }]]);
    expect(combinedRequirements([a, b]).get("k")).toEqual({ level: 4, fromPositionId: "q" });
  });
});
