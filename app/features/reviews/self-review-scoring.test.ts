import { describe, expect, it } from "vitest";
import { defaultRoleThresholds } from "~/features/criteria/development-roles";
import { compareOwnWithTeam, summariseComparison } from "./self-review-scoring";

const criteria = [
  { criterionId: "a", dimension: 1 as const },
  { criterionId: "b", dimension: 1 as const },
  { criterionId: "c", dimension: 2 as const },
  { criterionId: "d", dimension: 3 as const },
];

/** Scores per criterion id, as the own answers and a linked team review give them. */
const scoresOf = (scores: Record<string, number>) => new Map(Object.entries(scores));
/** The team's answers: per criterion id every answer given, in order. */
const answersOf = (answers: Record<string, number[]>) =>
  Object.entries(answers).flatMap(([criterionId, scores]) => scores.map((score) => ({ criterionId, score })));

describe("own score versus team score", () => {
  it("averages the team's answers about the team, leaving not rated out", () => {
    const result = compareOwnWithTeam({
      criteria,
      own: scoresOf({ a: 4, b: 0, c: 2 }),
      teamAnswers: answersOf({ a: [3, 4, 0], c: [5], d: [0] }),
      teamReview: null,
    });
    expect(result.source).toBe("teamAnswers");
    expect(result.criteria).toEqual([
      { criterionId: "a", dimension: 1, own: 4, team: 3.5 },
      { criterionId: "b", dimension: 1, own: null, team: null },
      { criterionId: "c", dimension: 2, own: 2, team: 5 },
      { criterionId: "d", dimension: 3, own: null, team: null },
    ]);
  });

  it("takes the linked team review's score for the person when there is one", () => {
    const result = compareOwnWithTeam({
      criteria,
      own: scoresOf({ a: 2 }),
      teamAnswers: answersOf({ a: [5] }),
      teamReview: scoresOf({ a: 4, c: 0 }),
    });
    expect(result.source).toBe("teamReview");
    expect(result.criteria.map((c) => c.team)).toEqual([4, null, null, null]);
  });

  it("gives dimension averages and a development role per side", () => {
    const { criteria: compared } = compareOwnWithTeam({
      criteria,
      own: scoresOf({ a: 5, b: 3, c: 5, d: 5 }),
      teamAnswers: answersOf({ a: [1], c: [1], d: [1] }),
      teamReview: null,
    });
    const summary = summariseComparison(compared, 5, defaultRoleThresholds);
    expect(summary.own).toMatchObject({ performance: 4, potential: 5, employability: 5, developmentRole: 5 });
    expect(summary.team).toMatchObject({ performance: 1, potential: 1, employability: 1, developmentRole: 1 });
  });
});
