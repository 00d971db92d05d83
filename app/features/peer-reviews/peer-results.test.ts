import { describe, expect, it } from "vitest";
import {
  averageOf,
  comparePeerSides,
  effectiveThreshold,
  peerAveragesVisible,
  peerComments,
  releasesBatch,
  type PeerAnswerRow,
} from "./peer-results";

const row = (assignmentId: string, role: PeerAnswerRow["role"], score: number, finished = true): PeerAnswerRow => ({
  assignmentId,
  role,
  criterionId: "c1",
  score,
  finished,
  released: finished,
});

/** Peers counted, the cluster's setting, and whether they reach the threshold (never below 3). */
const thresholdCases = [
  [2, 3, false],
  [3, 3, true],
  [2, 1, false],
  [4, 5, false],
] as const;

describe("anonymity threshold", () => {
  it("is the cluster's setting but never below 3", () => {
    expect(effectiveThreshold(5)).toBe(5);
    expect(effectiveThreshold(3)).toBe(3);
    expect(effectiveThreshold(2)).toBe(3);
    expect(effectiveThreshold(0)).toBe(3);
    expect(effectiveThreshold(null)).toBe(3);
    expect(effectiveThreshold(Number.NaN)).toBe(3);
  });

  it.each(thresholdCases)(
    "shows peer averages of %i peers with setting %i only from the threshold on: %s",
    (n, setting, shown) => {
      expect(peerAveragesVisible(n, setting)).toBe(shown);
    },
  );
});

describe("averages", () => {
  it("leave out not rated (0) and round to two decimals", () => {
    expect(averageOf([3, 4, 0, 4])).toBe(3.67);
    expect(averageOf([0, 0])).toBeNull();
    expect(averageOf([])).toBeNull();
  });
});

describe("comparePeerSides", () => {
  it("hides the peers' average below the threshold and counts only finished peers", () => {
    const rows = [
      row("s", "self", 4),
      row("l", "leader", 3),
      row("p1", "peer", 5),
      row("p2", "peer", 1),
      row("p3", "peer", 2, false),
    ];
    const result = comparePeerSides(["c1"], rows, 3);
    expect(result.peersAnswered).toBe(2);
    expect(result.peersShown).toBe(false);
    expect(result.criteria).toEqual([{ criterionId: "c1", self: 4, peers: null, leader: 3 }]);
  });

  it("averages finished peers at the threshold", () => {
    const rows = [row("p1", "peer", 5), row("p2", "peer", 1), row("p3", "peer", 3), row("p4", "peer", 1, false)];
    const result = comparePeerSides(["c1", "c2"], rows, 3);
    expect(result.peersShown).toBe(true);
    expect(result.criteria).toEqual([
      { criterionId: "c1", self: null, peers: 3, leader: null },
      { criterionId: "c2", self: null, peers: null, leader: null },
    ]);
  });

  it("never goes below 3 even when the setting says 1", () => {
    const rows = [row("p1", "peer", 5), row("p2", "peer", 1)];
    expect(comparePeerSides(["c1"], rows, 1).peersShown).toBe(false);
  });
});

describe("releasing peers in batches (decision 1430)", () => {
  it.each(thresholdCases)(
    "releases %i unreleased finished peers with setting %i only once they reach the threshold: %s",
    (n, setting, released) => {
      expect(releasesBatch(n, setting)).toBe(released);
    },
  );

  it("averages released peers only: a finished peer waiting for their batch changes nothing", () => {
    const released = [row("p1", "peer", 5), row("p2", "peer", 1), row("p3", "peer", 3)];
    const waiting = { ...row("p4", "peer", 1), released: false };
    const before = comparePeerSides(["c1"], released, 3);
    const after = comparePeerSides(["c1"], [...released, waiting], 3);
    expect(after.criteria).toEqual(before.criteria);
    expect(after).toMatchObject({ peersAnswered: 4, peersReleased: 3, peersShown: true });
  });
});

describe("peer comments", () => {
  it("are withheld below the threshold", () => {
    expect(peerComments(["Fijn", "Goed"], false)).toEqual([]);
  });

  it("come without blanks and in alphabetical order, not in the order they were written", () => {
    expect(peerComments(["Zorgvuldig", "  ", "behulpzaam ", "Attent"], true)).toEqual([
      "Attent",
      "behulpzaam",
      "Zorgvuldig",
    ]);
  });
});
