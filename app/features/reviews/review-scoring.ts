import {
  developmentRoles,
  placeDevelopmentRole,
  type DevelopmentRoleKey,
  type RoleThresholds,
} from "~/features/criteria/development-roles";
import { dimensionKeys, isScaleSize, type Dimension, type ScaleSize } from "~/features/criteria/scales";

/**
 * Pure scoring rules of a review (browser-safe): dimension scores are the average of the criteria
 * scores of that dimension, not-rated (0) excluded; the development role follows from them.
 */
/** A stored scale as a scale size; a value the scales do not know counts as the default of 5. */
export function scaleOf(value: number): ScaleSize {
  return isScaleSize(value) ? value : 5;
}

export type CriterionScore = { dimension: Dimension; score: number };
export type DimensionScores = { performance: number | null; potential: number | null; employability: number | null };

export function dimensionScores(scores: readonly CriterionScore[]): DimensionScores {
  const result: DimensionScores = { performance: null, potential: null, employability: null };
  for (const d of [1, 2, 3] as const) {
    const rated = scores.filter((s) => s.dimension === d && s.score > 0);
    if (rated.length > 0) result[dimensionKeys[d]] = rated.reduce((sum, s) => sum + s.score, 0) / rated.length;
  }
  return result;
}

export function developmentRoleId(key: DevelopmentRoleKey | null): number | null {
  return key ? developmentRoles.find((r) => r.key === key)!.id : null;
}

export function developmentRoleKey(id: number | null | undefined): DevelopmentRoleKey | null {
  return developmentRoles.find((r) => r.id === id)?.key ?? null;
}

/** Averages, development role and how many criteria have a score (not-rated counts as a score). */
export function summariseSubject(scores: readonly CriterionScore[], scale: ScaleSize, thresholds: RoleThresholds) {
  const averages = dimensionScores(scores);
  return {
    ...averages,
    developmentRole: developmentRoleId(placeDevelopmentRole(averages, scale, thresholds)),
    scoredCount: scores.length,
  };
}

export type SubjectSummary = {
  performance: number | null;
  potential: number | null;
  employability: number | null;
  developmentRole: number | null;
  scoredCount: number;
};

/** A dimension score rounded to the scale level it falls on (0 when not rated). */
export function levelOf(average: number | null): number {
  return average === null ? 0 : Math.round(average);
}

/** The keys of review_team_stats' counts: a development role (1–5) or none; a level (0 = not rated, up to 5). */
export const roleCountKeys = ["1", "2", "3", "4", "5", "none"] as const;
export const levelCountKeys = ["0", "1", "2", "3", "4", "5"] as const;

/** Progress and distributions of one team review, as stored in review_team_stats (keys as above). */
export function teamReviewStats(subjects: readonly SubjectSummary[], criteriaCount: number) {
  const roleCounts: Record<string, number> = {};
  const levelCounts: Record<"1" | "2" | "3", Record<string, number>> = { 1: {}, 2: {}, 3: {} };
  let startedSubjects = 0;
  let completeSubjects = 0;
  for (const s of subjects) {
    if (s.scoredCount > 0) startedSubjects++;
    if (criteriaCount > 0 && s.scoredCount >= criteriaCount) completeSubjects++;
    const role = s.developmentRole ? String(s.developmentRole) : "none";
    roleCounts[role] = (roleCounts[role] ?? 0) + 1;
    for (const d of [1, 2, 3] as const) {
      const level = String(levelOf(s[dimensionKeys[d]]));
      levelCounts[d][level] = (levelCounts[d][level] ?? 0) + 1;
    }
  }
  return { subjects: subjects.length, startedSubjects, completeSubjects, roleCounts, levelCounts };
}

export type ProgressState = "notStarted" | "inProgress" | "finished";

export function progressState(review: { isFinished: boolean }, stats: { startedSubjects: number }): ProgressState {
  if (review.isFinished) return "finished";
  return stats.startedSubjects > 0 ? "inProgress" : "notStarted";
}
