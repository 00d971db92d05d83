import { describe, expect, it } from "vitest";
import { defaultRoleThresholds } from "~/features/criteria/development-roles";
import type { Dimension } from "~/features/criteria/scales";
import {
  dimensionScores,
  levelCountKeys,
  levelOf,
  progressState,
  roleCountKeys,
  summariseSubject,
  teamReviewStats,
} from "./review-scoring";

describe("dimension scores", () => {
  it("averages per dimension and leaves out not-rated", () => {
    expect(
      dimensionScores([
        { dimension: 1, score: 5 },
        { dimension: 1, score: 4 },
        { dimension: 1, score: 0 },
        { dimension: 2, score: 2 },
      ]),
    ).toEqual({ performance: 4.5, potential: 2, employability: null });
  });

  it("has no score for a dimension with only not-rated criteria", () => {
    expect(dimensionScores([{ dimension: 3, score: 0 }]).employability).toBeNull();
  });
});

describe("subject summary", () => {
  /** One answer per dimension: performance, potential, employability. */
  const perDimension = (...scores: number[]) => scores.map((score, i) => ({ dimension: (i + 1) as Dimension, score }));

  it("places high performance and high potential as star (role 5)", () => {
    const summary = summariseSubject(perDimension(5, 5, 3), 5, defaultRoleThresholds);
    expect(summary).toMatchObject({
      performance: 5,
      potential: 5,
      employability: 3,
      developmentRole: 5,
      scoredCount: 3,
    });
  });

  it("places low performance, low potential and low employability as changeofcareer (role 1)", () => {
    const summary = summariseSubject(perDimension(1, 1, 1), 3, defaultRoleThresholds);
    expect(summary.developmentRole).toBe(1);
  });

  it("gives no role while a dimension is unscored", () => {
    const summary = summariseSubject([{ dimension: 1, score: 4 }], 5, defaultRoleThresholds);
    expect(summary.developmentRole).toBeNull();
    expect(summary.scoredCount).toBe(1);
  });
});

describe("team review stats", () => {
  it("counts started and complete subjects, roles and levels", () => {
    const stats = teamReviewStats(
      [
        { performance: 4.6, potential: 4, employability: 3, developmentRole: 5, scoredCount: 3 },
        { performance: 2, potential: null, employability: null, developmentRole: null, scoredCount: 1 },
        { performance: null, potential: null, employability: null, developmentRole: null, scoredCount: 0 },
      ],
      3,
    );
    expect(stats).toEqual({
      subjects: 3,
      startedSubjects: 2,
      completeSubjects: 1,
      roleCounts: { "5": 1, none: 2 },
      levelCounts: { 1: { "5": 1, "2": 1, "0": 1 }, 2: { "4": 1, "0": 2 }, 3: { "3": 1, "0": 2 } },
    });
  });

  it("counts only under the keys the round summary sums (every role, every level of the largest scale)", () => {
    const subjects = [null, 1, 2, 3, 4, 5].map((role, i) => ({
      performance: i === 0 ? null : i,
      potential: i === 0 ? null : i - 0.4,
      employability: i === 0 ? null : i,
      developmentRole: role,
      scoredCount: 1,
    }));
    const stats = teamReviewStats(subjects, 3);
    expect(Object.keys(stats.roleCounts).sort()).toEqual([...roleCountKeys].sort());
    for (const d of [1, 2, 3] as const) expect(Object.keys(stats.levelCounts[d]).sort()).toEqual([...levelCountKeys]);
  });

  it("rounds a dimension score to its level", () => {
    expect(levelOf(3.5)).toBe(4);
    expect(levelOf(null)).toBe(0);
  });

  it("names the progress of a team review", () => {
    expect(progressState({ isFinished: true }, { startedSubjects: 0 })).toBe("finished");
    expect(progressState({ isFinished: false }, { startedSubjects: 1 })).toBe("inProgress");
    expect(progressState({ isFinished: false }, { startedSubjects: 0 })).toBe("notStarted");
  });
});
