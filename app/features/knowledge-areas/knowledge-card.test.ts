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
    // The card names the levels: an expert place is open, an advanced and a basic carrier are left over.
    expect(card).toMatchObject({ shortageLevels: [3], surplusLevels: [2, 1] });
  });

  it("lets a higher level fill a lower place, the most demanding places first", () => {
    const card = computeAreaCard(area({ 1: 1, 2: 1 }), [member("Ann", 3), member("Bo", 1)]);
    expect(card).toMatchObject({ shortage: 0, surplus: 0 });
  });

  it("fills a place with the lowest carrier who qualifies, leaving the best over for other teams", () => {
    const card = computeAreaCard(area({ 1: 1 }), [member("Ann", 3), member("Bo", 1)]);
    expect(card).toMatchObject({ shortage: 0, surplus: 1, surplusLevels: [3] });
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

  it("never lets a team's surplus fill its own shortage, nor a lower level fill a higher place", () => {
    const wound = (needed: Record<number, number>, levels: number[]) =>
      computeAreaCard(
        area(needed),
        levels.map((level, i) => member(`p${i}`, level)),
      );
    // Noord needs an expert and has an advanced carrier left over: a shortage and a surplus at once.
    const noord = { teamName: "Noord", areas: [wound({ 3: 1 }, [2])] };
    expect(surplusMatches([noord])).toEqual([]);
    // Zuid's basic surplus cannot fill Noord's expert place; West's expert can, and Noord's advanced one fills Oost.
    const zuid = { teamName: "Zuid", areas: [wound({}, [1])] };
    const west = { teamName: "West", areas: [wound({}, [3])] };
    const oost = { teamName: "Oost", areas: [wound({ 2: 1 }, [])] };
    expect(surplusMatches([noord, zuid, west, oost])).toEqual([
      { areaId: "a", areaName: "Wondzorg", surplusTeams: ["West"], shortageTeams: ["Noord"] },
      { areaId: "a", areaName: "Wondzorg", surplusTeams: ["Noord", "West"], shortageTeams: ["Oost"] },
    ]);
  });
});
