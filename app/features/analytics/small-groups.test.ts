import { describe, expect, it } from "vitest";
import {
  DEFAULT_MIN_GROUP_SIZE,
  effectiveMinGroupSize,
  filteredGroup,
  filteredSiblings,
  filteredTeamGroups,
  hiddenSummary,
  isTooSmall,
  SEVERAL_TEAMS,
  suppressSiblings,
  suppressTable,
  type FilterRow,
} from "./small-groups";

describe("threshold suppression", () => {
  it("hides 1 to min − 1 people, shows 0 and min or more", () => {
    expect([0, 1, 4, 5, 9].map((n) => isTooSmall(n, 5))).toEqual([false, true, true, false, false]);
  });

  it("reads the setting within its bounds: default 5, never below 3", () => {
    expect(effectiveMinGroupSize(null)).toBe(DEFAULT_MIN_GROUP_SIZE);
    expect(effectiveMinGroupSize(1)).toBe(3);
    expect(effectiveMinGroupSize(7)).toBe(7);
  });
});

describe("sibling suppression", () => {
  it("hides the smallest group above the threshold when the parent would reveal a small one", () => {
    // Total 19: teams of 3, 6, 10. Hiding 3 alone leaves 19 − 6 − 10 = 3: the next smallest goes too.
    expect(suppressSiblings(19, [3, 6, 10], 5)).toEqual(["small", "sibling", null]);
  });

  it("hides nothing more when the remainder is already large enough", () => {
    expect(suppressSiblings(20, [2, 3, 7, 8], 5)).toEqual(["small", "small", null, null]);
  });

  it("treats people in no child as a group of their own", () => {
    expect(suppressSiblings(14, [6, 7], 5)).toEqual(["sibling", null]);
  });

  it("hides no sibling when the parent itself is not shown", () => {
    expect(suppressSiblings(null, [3, 6], 5)).toEqual(["small", null]);
  });

  it("keeps hiding until the remainder is safe", () => {
    // 1 hidden; 1 + 5 = 6 is safe after hiding the 5.
    expect(suppressSiblings(21, [1, 5, 7, 8], 5)).toEqual(["small", "sibling", null, null]);
  });

  it("never reveals a hidden group as parent minus the shown ones", () => {
    const sizes = [3, 5, 6, 2, 9, 0, 12];
    const parent = sizes.reduce((a, b) => a + b, 0);
    for (const min of [3, 4, 5, 6, 7]) {
      const hidden = suppressSiblings(parent, sizes, min);
      const remainder = parent - sizes.reduce((sum, n, i) => (hidden[i] ? sum : sum + n), 0);
      expect(isTooSmall(remainder, min)).toBe(false);
    }
  });
});

describe("a transition table", () => {
  it("hides small cells and enough others that no row or column total gives them away", () => {
    const cells = [
      [10, 2, 0],
      [6, 8, 5],
      [0, 5, 9],
    ];
    const { cells: hidden, rowTotals, columnTotals } = suppressTable(cells, 5);
    expect(hidden[0][1]).toBe("small");
    for (const [i, row] of cells.entries()) {
      if (rowTotals[i]) continue;
      const remainder = row.reduce((sum, n, j) => (hidden[i][j] ? sum + n : sum), 0);
      expect(isTooSmall(remainder, 5)).toBe(false);
    }
    for (let j = 0; j < 3; j++) {
      if (columnTotals[j]) continue;
      const remainder = cells.reduce((sum, row, i) => (hidden[i][j] ? sum + row[j] : sum), 0);
      expect(isTooSmall(remainder, 5)).toBe(false);
    }
  });

  it("hides a row whose total is hidden when all its cells would add up to it", () => {
    // Row totals 3 and 6 over a total of 9: the 6 is hidden to protect the 3, so its one cell must go too.
    const { cells: hidden, rowTotals } = suppressTable(
      [
        [3, 0],
        [0, 6],
      ],
      5,
    );
    expect(rowTotals).toEqual(["small", "sibling"]);
    expect(hidden[1][1]).not.toBeNull();
  });

  it("summarises the reasons for the page's notice", () => {
    expect(hiddenSummary([null, "sibling"])).toEqual({ small: false, sibling: true });
  });
});

describe("filtered views", () => {
  const row = (team: string, inTag: boolean, n: number, round?: { in_round: boolean; in_period: boolean }) => ({
    team_id: team,
    in_tag: inTag,
    in_position: true,
    n,
    ...round,
  });
  const byTag = { team: null, tag: "t", position: null };

  it("hides a child whose tag-filtered view leaves a small group of the child out", () => {
    // Team A: 5 tagged, 1 not; team B: 6 tagged. A's 5 against the unfiltered A (6) would give the sixth away.
    const a = [row("A", true, 5), row("A", false, 1)];
    const b = [row("B", true, 6)];
    expect(filteredSiblings(11, [a, b], byTag, 5).map((g) => g.hidden)).toEqual(["sibling", null]);
  });

  it("counts every row that only one of a round's view and the period's view holds as their difference", () => {
    const same = row("A", true, 8, { in_round: true, in_period: true });
    const roundOnly = row("A", true, 1, { in_round: true, in_period: false });
    const periodOnly = row("A", true, 2, { in_round: false, in_period: true });
    const filter = { team: null, tag: null, position: null, round: "r" };
    expect(filteredGroup([same, roundOnly, periodOnly], filter, 5)).toEqual({
      rows: [same, roundOnly],
      hidden: "sibling",
    });
    const periodMore = row("A", true, 4, { in_round: false, in_period: true });
    expect(filteredGroup([same, roundOnly, periodMore], filter, 5).hidden).toBeNull();
    expect(filteredGroup([same], filter, 5).hidden).toBeNull();
  });

  it("answers for many teams at once exactly as for each team alone", () => {
    // A: 6 tagged, 1 not (its complement is small, as is the whole view's); B: 3 (small); C: 5 and D: 7 stay
    // (B and the 2 without a team together are 5); E has nobody.
    const rows = [
      row("A", true, 6),
      row("A", false, 1),
      row("B", true, 3),
      row("C", true, 5),
      row("D", true, 7),
      { team_id: null, in_tag: true, in_position: true, n: 2 },
    ];
    const teams = [null, "A", "B", "C", "D", "E"];
    const each = teams.map((team) => filteredGroup(rows, { ...byTag, team }, 5));
    expect(filteredTeamGroups(rows, byTag, teams, 5)).toEqual(each);
    expect(each.map((g) => g.hidden)).toEqual(["sibling", "sibling", "small", null, null, null]);
  });

  describe("team rows of the people tabs (docs/decisions/1990)", () => {
    const everyone = { team: null, tag: null, position: null };
    const hiddenOf = (rows: FilterRow[], team: string) => filteredGroup(rows, { ...everyone, team }, 5).hidden;

    it("hides the smaller of two teams when the people in no team are few", () => {
      // A 6, B 7, 2 in no team: each team's complement (9, 8) is large, the cluster minus A minus B is not.
      const rows: FilterRow[] = [row("A", true, 6), row("B", true, 7), { ...row("", true, 2), team_id: null }];
      expect([hiddenOf(rows, "A"), hiddenOf(rows, "B")]).toEqual(["sibling", null]);
      expect(hiddenOf(rows.slice(0, 2), "A")).toBeNull();
    });

    it("counts the people in several teams as a group of their own", () => {
      // One person in A and B (counted in both, and once as several): the cluster (12) minus A minus B is minus them.
      const rows = [row("A", true, 6), row("B", true, 7), row(SEVERAL_TEAMS, true, 1)];
      expect([hiddenOf(rows, "A"), hiddenOf(rows, "B")]).toEqual(["sibling", null]);
      // Five or more in several teams: no one person is singled out.
      expect(hiddenOf([row("A", true, 6), row("B", true, 7), row(SEVERAL_TEAMS, true, 5)], "A")).toBeNull();
    });

    it("hides a big team whose only hidden sibling is a small team", () => {
      // C (3) is hidden as small; the cluster minus A minus B would show it: A goes too.
      const rows = [row("A", true, 6), row("B", true, 7), row("C", true, 3)];
      expect(["A", "B", "C"].map((team) => hiddenOf(rows, team))).toEqual(["sibling", null, "small"]);
    });
  });
});
