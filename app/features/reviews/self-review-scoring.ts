import type { RoleThresholds } from "~/features/criteria/development-roles";
import type { Dimension, ScaleSize } from "~/features/criteria/scales";
import { summariseSubject, type CriterionScore } from "./review-scoring";

/**
 * Own score against the team's score in a self review (browser-safe, docs/decisions/0940): the team
 * score is the team review's score for the person when the self review came from a round and the person
 * was scored there, otherwise the average of the answers about the team of the participants of the same
 * team. Not rated (0) counts in neither average.
 */

export type TeamScoreSource = "teamReview" | "teamAnswers";

export type OwnVersusTeamInput = {
  criteria: readonly { criterionId: string; dimension: Dimension }[];
  /** The person's answers about themselves, by criterion id. */
  own: ReadonlyMap<string, number>;
  /** The answers about the team of everyone in the person's team (the person included). */
  teamAnswers: readonly { criterionId: string; score: number }[];
  /** The linked team review's scores for the person, or null when there is none. */
  teamReview: ReadonlyMap<string, number> | null;
};

export type CriterionComparison = {
  criterionId: string;
  dimension: Dimension;
  own: number | null;
  team: number | null;
};

const rated = (score: number | undefined) => (score !== undefined && score > 0 ? score : null);

function average(values: readonly number[]): number | null {
  const scored = values.filter((v) => v > 0);
  return scored.length ? scored.reduce((sum, v) => sum + v, 0) / scored.length : null;
}

/** Per criterion the own score and the team score (null: not answered or not rated). */
export function compareOwnWithTeam(input: OwnVersusTeamInput): {
  source: TeamScoreSource;
  criteria: CriterionComparison[];
} {
  const source: TeamScoreSource = input.teamReview ? "teamReview" : "teamAnswers";
  return {
    source,
    criteria: input.criteria.map((c) => ({
      criterionId: c.criterionId,
      dimension: c.dimension,
      own: rated(input.own.get(c.criterionId)),
      team: input.teamReview
        ? rated(input.teamReview.get(c.criterionId))
        : average(input.teamAnswers.filter((a) => a.criterionId === c.criterionId).map((a) => a.score)),
    })),
  };
}

/** Dimension averages and the development role of each side, as team reviews compute them. */
export function summariseComparison(
  criteria: readonly CriterionComparison[],
  scale: ScaleSize,
  thresholds: RoleThresholds,
) {
  const side = (pick: (c: CriterionComparison) => number | null): CriterionScore[] =>
    criteria.flatMap((c) => {
      const score = pick(c);
      return score === null ? [] : [{ dimension: c.dimension, score }];
    });
  return {
    own: summariseSubject(
      side((c) => c.own),
      scale,
      thresholds,
    ),
    team: summariseSubject(
      side((c) => c.team),
      scale,
      thresholds,
    ),
  };
}
