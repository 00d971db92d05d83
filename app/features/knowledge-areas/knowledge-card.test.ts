import { describe, expect, it } from "vitest";
import { computeAreaCard, computeTeamCard, surplusMatches, type MemberLevel } from "./knowledge-card";

const area = (needed: Record<number, number>) => ({ areaId: "a", areaName: "Wondzorg", needed });
const member = (name: string, level: number, areaId = "a"): MemberLevel => ({
  membershipId: name,
  name,
  areaId,
  level,
});

describe("computeAreaCard", () => {
  it("counts needed places, available carriers and their difference", () => {
    const card = computeAreaCard(area({ 1: 2, 3: 1 }), [member("Ann", 3), member("Bo", 1), member("Cas", 0)]);
    expect(card).toMatchObject({ needed: 3, available: 2, discrepancy: -1, shortage: 1, surplus: 0 });
    expect(card.carriers.map((c) => c.name)).toEqual(["Ann", "Bo"]);
    expect(card.byLevel).toEqual([
      { level: 1, needed: 2, available: 1 },
      { level: 2, needed: 0, available: 0 },
      { level: 3, needed: 1, available: 1 },
    ]);
  });

  it("reports a surplus for carriers who fill no place", () => {
    const card = computeAreaCard(area({ 1: 1 }), [member("Ann", 2), member("Bo", 1), member("Cas", 3)]);
    expect(card).toMatchObject({ needed: 1, available: 3, discrepancy: 2, shortage: 0, surplus: 2 });
  });

  it("has a shortage and a surplus at once when the levels do not match", () => {
    const card = computeAreaCard(area({ 3: 1 }), [member("Ann", 1), member("Bo", 2)]);
    expect(card).toMatchObject({ needed: 1, available: 2, discrepancy: 1, shortage: 1, surplus: 2 });
    expect(card.discrepancy).toBe(card.surplus - card.shortage);
  });

  it("lets a higher level fill a lower place, the most demanding places first", () => {
    const card = computeAreaCard(area({ 1: 1, 2: 1 }), [member("Ann", 3), member("Bo", 1)]);
    expect(card).toMatchObject({ shortage: 0, surplus: 0 });
  });

  it("ignores other areas' levels", () => {
    const card = computeAreaCard(area({ 1: 1 }), [member("Ann", 3, "b")]);
    expect(card).toMatchObject({ available: 0, shortage: 1, surplus: 0 });
  });

  it("warns when one person alone carries the highest level needed", () => {
    expect(computeAreaCard(area({ 1: 2, 3: 1 }), [member("Ann", 3), member("Bo", 1)]).busFactorWarning).toBe(true);
    expect(computeAreaCard(area({ 1: 2, 3: 1 }), [member("Ann", 3), member("Bo", 3)]).busFactorWarning).toBe(false);
    expect(computeAreaCard(area({}), [member("Ann", 2)]).busFactorWarning).toBe(true);
    expect(computeAreaCard(area({ 2: 1 }), []).busFactorWarning).toBe(false);
  });
});

describe("computeTeamCard", () => {
  it("sums the areas", () => {
    const { totals, areas } = computeTeamCard(
      [area({ 1: 2 }), { areaId: "b", areaName: "Medicatie", needed: { 1: 1 } }],
      [member("Ann", 1), member("Bo", 2, "b"), member("Cas", 1, "b")],
    );
    expect(areas).toHaveLength(2);
    expect(totals).toEqual({ needed: 3, available: 3, shortage: 1, surplus: 1 });
  });
});

describe("surplusMatches", () => {
  it("pairs the teams with a surplus and those with a shortage per area", () => {
    const wound = (needed: Record<number, number>, levels: number[]) =>
      computeAreaCard(
        area(needed),
        levels.map((level, i) => member(`p${i}`, level)),
      );
    const matches = surplusMatches([
      { teamName: "Noord", areas: [wound({ 1: 1 }, [2, 2])] },
      { teamName: "Zuid", areas: [wound({ 2: 1 }, [])] },
      { teamName: "Oost", areas: [wound({ 1: 1 }, [1])] },
    ]);
    expect(matches).toEqual([{ areaId: "a", areaName: "Wondzorg", surplusTeams: ["Noord"], shortageTeams: ["Zuid"] }]);
    expect(surplusMatches([{ teamName: "Noord", areas: [wound({ 1: 1 }, [2, 2])] }])).toEqual([]);
  });
});
