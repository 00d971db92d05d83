import { and, eq, sql } from "drizzle-orm";
import { getDb, type DbOrTx, type Tx } from "#db/client.server";
import { reviewCriteria, reviews, reviewScores, reviewSubjects, reviewTeamStats, users } from "#db/schema";
import { getReviewSettings } from "~/features/criteria/review-settings.server";
import type { Dimension, ScaleSize } from "~/features/criteria/scales";
import type { TenantContext } from "~/utils/tenant.server";
import { placedRole } from "./placement.server";
import { requireTeamReview } from "./review-access.server";
import { auditChangeAfterFinish } from "./review-audit.server";
import { summariseSubject, teamReviewStats } from "./review-scoring";

/** A person's results in a review, for queries from review_subjects joined to memberships and users. */
export const subjectResultColumns = {
  membershipId: reviewSubjects.membershipId,
  firstName: users.firstName,
  lastName: users.lastName,
  performance: reviewSubjects.performance,
  potential: reviewSubjects.potential,
  employability: reviewSubjects.employability,
  /** The placement shown: calibrated, else computed (1610). */
  developmentRole: placedRole,
  developmentGoal: reviewSubjects.developmentGoal,
};

export type ScoreChange = { subjectId: string; criterionId: string; score: number | null };
export type SaveEvaluationInput = {
  scores: ScoreChange[];
  developmentGoals?: { subjectId: string; goal: string }[];
};
export type SaveEvaluationResult =
  | { ok: true }
  | {
      ok: false;
      code: "locked" | "finished" | "scoreOfOther" | "unknownCriterion" | "unknownSubject" | "invalidScore";
      subjectId?: string;
      criterionId?: string;
    };

/** A refused save: thrown inside the transaction so that nothing of it is written. */
export class EvaluationRefused extends Error {
  constructor(readonly result: Extract<SaveEvaluationResult, { ok: false }>) {
    super(`evaluation refused: ${result.code}`);
  }
}

/**
 * Serialises the changes of one team review on its stats row (two sessions scoring different criteria
 * of the same person both keep their scores), then says whether the review may still change.
 */
export async function lockReviewForChange(
  db: DbOrTx,
  reviewId: string,
): Promise<{ ok: true } | { ok: false; code: "locked" | "finished" }> {
  await db.execute(sql`select 1 from review_team_stats where review_id = ${reviewId} for update`);
  const [current] = await db
    .select({ lockedAt: reviews.lockedAt, isFinished: reviews.isFinished })
    .from(reviews)
    .where(eq(reviews.id, reviewId));
  if (current.lockedAt) return { ok: false, code: "locked" };
  if (current.isFinished) return { ok: false, code: "finished" };
  return { ok: true };
}

/**
 * Saves what changed in an evaluation: `score: null` switches a score off (deletes it), which only
 * the person who gave it may do (spec §5). Dimension scores, role and the team's stats are rewritten
 * in the same transaction (a savepoint of `db` when that is a caller's transaction).
 */
export async function saveEvaluation(
  ctx: TenantContext,
  reviewId: string,
  input: SaveEvaluationInput,
  db: DbOrTx = getDb(),
): Promise<SaveEvaluationResult> {
  const review = await requireTeamReview(ctx, reviewId, db);
  const settings = await getReviewSettings(ctx, db);
  try {
    await db.transaction((tx) => saveScoresInTransaction(tx, ctx, review, input, settings.thresholds));
    return { ok: true };
  } catch (error) {
    if (error instanceof EvaluationRefused) return error.result;
    throw error;
  }
}

/**
 * The work of saveEvaluation inside a caller's transaction (the API's evaluate save runs criteria,
 * scores and finishing in one). Throws EvaluationRefused, which rolls the whole transaction back.
 */
export async function saveScoresInTransaction(
  tx: Tx,
  ctx: TenantContext,
  review: { id: string; scale: number },
  input: SaveEvaluationInput,
  thresholds: Parameters<typeof summariseSubject>[2],
): Promise<void> {
  const scale = review.scale as ScaleSize;
  function refuse(result: Extract<SaveEvaluationResult, { ok: false }>): never {
    throw new EvaluationRefused(result);
  }
  const state = await lockReviewForChange(tx, review.id);
  if (!state.ok) refuse(state);

  const criteriaRows = await tx
    .select({ criterionId: reviewCriteria.criterionId, dimension: reviewCriteria.dimension })
    .from(reviewCriteria)
    .where(eq(reviewCriteria.reviewId, review.id));
  const subjectRows = await tx
    .select({ id: reviewSubjects.id })
    .from(reviewSubjects)
    .where(eq(reviewSubjects.reviewId, review.id));
  const dimensionOf = new Map(criteriaRows.map((c) => [c.criterionId, c.dimension]));
  const subjectIds = new Set(subjectRows.map((s) => s.id));
  const touched = new Set<string>();

  for (const change of input.scores) {
    if (!subjectIds.has(change.subjectId)) refuse({ ok: false, code: "unknownSubject", ...change });
    const dimension = dimensionOf.get(change.criterionId);
    if (!dimension) refuse({ ok: false, code: "unknownCriterion", ...change });
    touched.add(change.subjectId);
    const cell = { subjectId: change.subjectId, criterionId: change.criterionId };
    const key = and(eq(reviewScores.subjectId, change.subjectId), eq(reviewScores.criterionId, change.criterionId));
    if (change.score === null) {
      const [existing] = await tx.select({ scoredBy: reviewScores.scoredBy }).from(reviewScores).where(key);
      if (!existing) continue;
      if (existing.scoredBy && existing.scoredBy !== ctx.membershipId)
        refuse({ ok: false, code: "scoreOfOther", ...cell });
      await tx.delete(reviewScores).where(key);
      continue;
    }
    if (!Number.isInteger(change.score) || change.score < 0 || change.score > scale)
      refuse({ ok: false, code: "invalidScore", ...cell });
    await tx
      .insert(reviewScores)
      .values({ ...cell, reviewId: review.id, dimension, score: change.score, scoredBy: ctx.membershipId })
      .onConflictDoUpdate({
        target: [reviewScores.subjectId, reviewScores.criterionId],
        set: { score: change.score, scoredBy: ctx.membershipId, updatedAt: new Date() },
      });
  }
  for (const goal of input.developmentGoals ?? []) {
    if (!subjectIds.has(goal.subjectId)) refuse({ ok: false, code: "unknownSubject", subjectId: goal.subjectId });
    await tx
      .update(reviewSubjects)
      .set({ developmentGoal: goal.goal, updatedAt: new Date() })
      .where(eq(reviewSubjects.id, goal.subjectId));
  }
  for (const subjectId of touched) await refreshSubject(tx, subjectId, scale, thresholds);
  await refreshTeamStats(tx, review.id, criteriaRows.length);
  await auditChangeAfterFinish(tx, ctx, review.id, {
    scores: input.scores.length,
    subjects: touched.size,
    goals: input.developmentGoals?.length ?? 0,
  });
}

/** Recomputes a subject's dimension scores and role from its scores. */
export async function refreshSubject(
  db: DbOrTx,
  subjectId: string,
  scale: ScaleSize,
  thresholds: Parameters<typeof summariseSubject>[2],
) {
  const rows = await db
    .select({ dimension: reviewScores.dimension, score: reviewScores.score })
    .from(reviewScores)
    .where(eq(reviewScores.subjectId, subjectId));
  const summary = summariseSubject(
    rows.map((r) => ({ dimension: r.dimension as Dimension, score: r.score })),
    scale,
    thresholds,
  );
  await db
    .update(reviewSubjects)
    .set({ ...summary, updatedAt: new Date() })
    .where(eq(reviewSubjects.id, subjectId));
}

/** Rewrites a team review's precomputed progress and distributions. */
export async function refreshTeamStats(db: DbOrTx, reviewId: string, criteriaCount?: number) {
  const count =
    criteriaCount ??
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(reviewCriteria)
        .where(eq(reviewCriteria.reviewId, reviewId))
    )[0].n;
  const subjects = await db
    .select({
      performance: reviewSubjects.performance,
      potential: reviewSubjects.potential,
      employability: reviewSubjects.employability,
      developmentRole: placedRole,
      scoredCount: reviewSubjects.scoredCount,
    })
    .from(reviewSubjects)
    .where(eq(reviewSubjects.reviewId, reviewId));
  await db
    .update(reviewTeamStats)
    .set({ ...teamReviewStats(subjects, count), updatedAt: new Date() })
    .where(eq(reviewTeamStats.reviewId, reviewId));
}
