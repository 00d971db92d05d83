import type { Dimension, LevelName, ScaleSize } from "~/features/criteria/scales";
import { formatDate } from "~/utils/dates";
import { formValueOf, isComplete, nextSubjectId, selectedSubjectId, type ScoreValue } from "./evaluation-form";
import { personName } from "~/utils/person-name";

/**
 * What the evaluation pages show (client-safe): the loaders shape the service's rows with these, the
 * components receive the result as loader data.
 */

/** Why a team review can no longer be changed, if it cannot: locked round first, then finished. */
export function readOnlyReason(review: { lockedAt: Date | string | null; isFinished: boolean }) {
  return review.lockedAt ? ("locked" as const) : review.isFinished ? ("finished" as const) : null;
}

export type ReadOnlyReason = ReturnType<typeof readOnlyReason>;

/** The heading data of the criteria and finish pages. */
export function reviewHeading(review: {
  id: string;
  name: string;
  teamName: string | null;
  lockedAt: Date | string | null;
  isFinished: boolean;
}) {
  return { id: review.id, name: review.name, teamName: review.teamName, readOnly: readOnlyReason(review) };
}

export type ReviewHeadingData = ReturnType<typeof reviewHeading>;

type DimensionText = { dimension: Dimension; name: string; label: string };
type RoleText = { id: number; label: string };

type CriterionRow = {
  criterionId: string;
  dimension: Dimension;
  name: string;
  description: string;
  characteristics: Partial<Record<LevelName, string>>;
};

export type EvaluationInput = {
  review: {
    id: string;
    name: string;
    teamName: string | null;
    deadline: Date | string | null;
    lockedAt: Date | string | null;
    isFinished: boolean;
  };
  round: { name: string } | null;
  scale: ScaleSize;
  criteria: readonly CriterionRow[];
  subjects: readonly {
    id: string;
    firstName: string;
    lastName: string;
    scoredCount: number;
    developmentRole: number | null;
    developmentGoal: string;
    performance: number | null;
    potential: number | null;
    employability: number | null;
  }[];
  scores: readonly { subjectId: string; criterionId: string; score: ScoreValue }[];
};

const fullName = (s: { firstName: string; lastName: string }) => personName(s.firstName, s.lastName);

/**
 * The evaluation page: the review, its criteria, every member with progress and the selected member's
 * form values (the member asked for, else the first one not yet complete).
 */
export function evaluationView(
  evaluation: EvaluationInput,
  texts: { dimensions: DimensionText[]; roles: RoleText[] },
  requestedMember: string | null,
) {
  const { review, criteria, subjects, scores } = evaluation;
  const roleLabel = (id: number | null) => texts.roles.find((r) => r.id === id)?.label ?? null;
  const selectedId = selectedSubjectId(subjects, criteria.length, requestedMember);
  const selected = subjects.find((s) => s.id === selectedId) ?? null;
  const own = scores.filter((s) => s.subjectId === selectedId);
  return {
    review: {
      id: review.id,
      name: evaluation.round?.name ?? review.name,
      teamName: review.teamName,
      deadline: formatDate(review.deadline),
      scale: evaluation.scale,
      readOnly: readOnlyReason(review),
    },
    dimensions: texts.dimensions,
    criteria: criteria.map((c) => ({
      criterionId: c.criterionId,
      dimension: c.dimension,
      name: c.name,
      description: c.description,
      characteristics: c.characteristics,
    })),
    members: subjects.map((s) => ({
      id: s.id,
      name: fullName(s),
      scoredCount: s.scoredCount,
      complete: isComplete(s.scoredCount, criteria.length),
      role: roleLabel(s.developmentRole),
    })),
    selected: selected
      ? {
          id: selected.id,
          name: fullName(selected),
          values: Object.fromEntries(
            criteria.map((c) => [c.criterionId, formValueOf(own.find((s) => s.criterionId === c.criterionId)?.score)]),
          ),
          developmentGoal: selected.developmentGoal,
          dimensionScores: [selected.performance, selected.potential, selected.employability],
          role: roleLabel(selected.developmentRole),
          nextId: nextSubjectId(subjects, selected.id),
        }
      : null,
  };
}

export type EvaluationView = ReturnType<typeof evaluationView>;
