import { describe, expect, it } from "vitest";
import { meanOfShown, TEAMS_SHOWN, teamsShown } from "./teams-shown";

const teams = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `t${i}`, value: (i * 37) % 11 }));

describe("teamsShown", () => {
  it("keeps every team, in the given order, up to the limit", () => {
    const list = teams(TEAMS_SHOWN);
    const page = teamsShown(list, (t) => -t.value);
    expect(page.teams).toEqual(list);
    expect(page.teamsInAll).toBe(TEAMS_SHOWN);
  });

  it("above the limit shows the lowest ranked first and counts them all", () => {
    const list = teams(800);
    const page = teamsShown(list, (t) => t.value);
    expect(page.teams).toHaveLength(TEAMS_SHOWN);
    expect(page.teamsInAll).toBe(800);
    const values = page.teams.map((t) => t.value);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(Math.max(...values)).toBeLessThanOrEqual(
      Math.min(...list.filter((t) => !page.teams.includes(t)).map((t) => t.value)),
    );
  });

  it("breaks ties in the given order and puts teams without a rank (hidden) last", () => {
    const list = [
      { id: "a", r: null },
      { id: "b", r: 2 },
      { id: "c", r: 1 },
      { id: "d", r: 2 },
      { id: "e", r: null },
    ];
    expect(teamsShown(list, (t) => t.r, 4).teams.map((t) => t.id)).toEqual(["c", "b", "d", "a"]);
    expect(teamsShown(list, (t) => t.r, 3).teams.map((t) => t.id)).toEqual(["c", "b", "d"]);
  });

  it("never adds or changes a team", () => {
    const list = teams(120);
    const page = teamsShown(list, (t) => t.value, 10);
    for (const team of page.teams) expect(list).toContain(team);
  });
});

describe("meanOfShown", () => {
  it("averages the shown values and is null when all are hidden", () => {
    expect(meanOfShown([10, null, 30])).toBe(20);
    expect(meanOfShown([null, null])).toBeNull();
    expect(meanOfShown([])).toBeNull();
  });
});
