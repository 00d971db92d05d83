import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { joinPerson } from "~/features/people/person-query.server";
import { getDb, type DbOrTx } from "#db/client.server";
import { criteria, reviewCriteria, reviewReviewers, reviewScores, reviewSubjects, users } from "#db/schema";
import type { Characteristics } from "#db/schema";
import { addCriterion, remainingPerDimension, removeCriterion } from "~/features/criteria/review-criteria-rules";
import { getReviewSettings } from "~/features/criteria/review-settings.server";
import type { Dimension, ScaleSize } from "~/features/criteria/scales";
import { inCluster } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { diffScores } from "./evaluation-form";
import { requireTeamReview, roundOf } from "./review-access.server";
import { auditChangeAfterFinish } from "./review-audit.server";
import {
  bookCriterion,
  deleteCriteria,
  insertCriteria,
  loadEntries,
  loadRuleSet,
  reviewCriteriaRows,
} from "./review-criteria.server";
import { lockReviewForChange, refreshTeamStats, saveEvaluation, subjectResultColumns } from "./review-scores.server";

/** The evaluation page of one team review: what it shows, its member form and its criteria. */

export type EvaluationErrorCode =
  | "locked"
  | "finished"
  | "scoreOfOther"
  | "unknownCriterion"
  | "unknownSubject"
  | "invalidScore"
  | "alreadyAdded"
  | "flexExceeded"
  | "fromSet"
  | "archived"
  | "notInReview"
  | "dimensionMismatch";

export type EvaluationResult =
  { ok: true } | { ok: false; code: EvaluationErrorCode; subjectId?: string; criterionId?: string };

export type EvaluationCriterion = {
  criterionId: string;
  dimension: Dimension;
  name: string;
  description: string;
  characteristics: Characteristics;
  belongsToSet: boolean;
  locked: boolean;
};

/** Everything the evaluation page and the API need of one team review. */
export async function getEvaluation(ctx: TenantContext, reviewId: string, db: DbOrTx = getDb()) {
  const review = await requireTeamReview(ctx, reviewId, db);
  const [round, criteriaRows, subjectRows, scoreRows, reviewerRows, set] = await Promise.all([
    roundOf(db, review),
    reviewCriteriaRows(db, review.id),
    joinPerson(
      db
        .select({ id: reviewSubjects.id, ...subjectResultColumns, scoredCount: reviewSubjects.scoredCount })
        .from(reviewSubjects)
        .$dynamic(),
      reviewSubjects.membershipId,
    )
      .where(eq(reviewSubjects.reviewId, review.id))
      .orderBy(asc(users.lastNameSort), asc(sql`lower(${users.firstName})`)),
    db
      .select({
        subjectId: reviewScores.subjectId,
        criterionId: reviewScores.criterionId,
        score: reviewScores.score,
        scoredBy: reviewScores.scoredBy,
      })
      .from(reviewScores)
      .where(eq(reviewScores.reviewId, review.id)),
    joinPerson(
      db
        .select({ membershipId: reviewReviewers.membershipId, firstName: users.firstName, lastName: users.lastName })
        .from(reviewReviewers)
        .$dynamic(),
      reviewReviewers.membershipId,
    ).where(eq(reviewReviewers.reviewId, review.id)),
    loadRuleSet(db, ctx, review.setId),
  ]);
  return {
    review,
    round,
    set,
    scale: review.scale as ScaleSize,
    readOnly: Boolean(review.lockedAt || review.isFinished),
    criteria: criteriaRows,
    subjects: subjectRows,
    scores: scoreRows,
    reviewers: reviewerRows,
  };
}

export type Evaluation = Awaited<ReturnType<typeof getEvaluation>>;

// ─── Saving one member's form ───────────────────────────────────────────────────────────────────

/**
 * Saves a member form: `scores` maps criterion ids to the submitted value ("off" or "0".."scale"),
 * only for the criteria the form sent. Only what differs from the stored scores goes to
 * saveEvaluation, so an unchanged score keeps who gave it.
 */
export async function saveMemberForm(
  ctx: TenantContext,
  reviewId: string,
  input: { subjectId: string; scores: Record<string, string>; developmentGoal?: string },
): Promise<EvaluationResult & { changed?: number }> {
  const review = await requireTeamReview(ctx, reviewId);
  const db = getDb();
  const [subject] = await db
    .select({ id: reviewSubjects.id, developmentGoal: reviewSubjects.developmentGoal })
    .from(reviewSubjects)
    .where(and(eq(reviewSubjects.reviewId, review.id), eq(reviewSubjects.id, input.subjectId)));
  if (!subject) return { ok: false, code: "unknownSubject", subjectId: input.subjectId };
  const [criteriaRows, stored] = await Promise.all([
    db
      .select({ criterionId: reviewCriteria.criterionId })
      .from(reviewCriteria)
      .where(eq(reviewCriteria.reviewId, review.id)),
    storedScores(db, subject.id),
  ]);
  const criterionIds = criteriaRows.map((c) => c.criterionId);
  const unknown = Object.keys(input.scores).find((id) => !criterionIds.includes(id));
  if (unknown) return { ok: false, code: "unknownCriterion", subjectId: subject.id, criterionId: unknown };
  const { changes, invalid } = diffScores(input.scores, stored, criterionIds, review.scale);
  if (invalid.length) return { ok: false, code: "invalidScore", subjectId: subject.id, criterionId: invalid[0] };
  const goalChanged = input.developmentGoal !== undefined && input.developmentGoal !== subject.developmentGoal;
  if (changes.length === 0 && !goalChanged) {
    if (review.lockedAt) return { ok: false, code: "locked" };
    if (review.isFinished) return { ok: false, code: "finished" };
    return { ok: true, changed: 0 };
  }
  const result = await saveEvaluation(ctx, review.id, {
    scores: changes.map((c) => ({ subjectId: subject.id, ...c })),
    developmentGoals: goalChanged ? [{ subjectId: subject.id, goal: input.developmentGoal! }] : [],
  });
  return result.ok ? { ok: true, changed: changes.length + (goalChanged ? 1 : 0) } : result;
}

/** A person's stored scores by criterion id. */
export async function storedScores(db: DbOrTx, subjectId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ criterionId: reviewScores.criterionId, score: reviewScores.score })
    .from(reviewScores)
    .where(eq(reviewScores.subjectId, subjectId));
  return new Map(rows.map((r) => [r.criterionId, r.score]));
}

// ─── Criteria of a review (spec §5 flex rules, docs/decisions/0302) ─────────────────────────────

/** The review's criteria with whether each can be removed, 'you can still add {n}' and what can be added. */
export async function getReviewCriteria(ctx: TenantContext, reviewId: string) {
  const evaluation = await getEvaluation(ctx, reviewId);
  const db = getDb();
  const entries = await loadEntries(db, evaluation.review.id);
  const inReview = new Set(entries.map((e) => e.id));
  const book = await db
    .select({ id: criteria.id, name: criteria.name, dimension: criteria.dimension })
    .from(criteria)
    .where(and(inCluster(criteria, ctx), isNull(criteria.archivedAt)))
    .orderBy(asc(criteria.dimension), asc(sql`lower(${criteria.name})`));
  return {
    ...evaluation,
    flex: evaluation.set?.flex ?? null,
    remaining: remainingPerDimension(evaluation.set, entries),
    addable: book.filter((c) => !inReview.has(c.id)).map((c) => ({ ...c, dimension: c.dimension as Dimension })),
  };
}

/** Adds an extra criterion of the cluster's book, within the set's flex per dimension. */
export async function addReviewCriterion(
  ctx: TenantContext,
  reviewId: string,
  criterionId: string,
): Promise<EvaluationResult> {
  const review = await requireTeamReview(ctx, reviewId);
  return getDb().transaction(async (tx) => {
    const state = await lockReviewForChange(tx, review.id);
    if (!state.ok) return state;
    const criterion = await bookCriterion(tx, ctx, criterionId);
    if (!criterion) return { ok: false, code: "unknownCriterion", criterionId };
    const set = await loadRuleSet(tx, ctx, review.setId);
    const entries = await loadEntries(tx, review.id);
    const result = addCriterion(set, entries, criterion);
    if (!result.ok) return { ok: false, code: result.code, criterionId };
    await insertCriteria(tx, review.id, [result.entries.at(-1)!]);
    await refreshTeamStats(tx, review.id);
    return { ok: true };
  });
}

/** Removes a criterion that is not locked by a set; its scores go with it. */
export async function removeReviewCriterion(
  ctx: TenantContext,
  reviewId: string,
  criterionId: string,
): Promise<EvaluationResult> {
  const review = await requireTeamReview(ctx, reviewId);
  const settings = await getReviewSettings(ctx);
  return getDb().transaction(async (tx) => {
    const state = await lockReviewForChange(tx, review.id);
    if (!state.ok) return state;
    const entries = await loadEntries(tx, review.id);
    const result = removeCriterion(entries, criterionId);
    if (!result.ok) return { ok: false, code: result.code, criterionId };
    await deleteCriteria(tx, review.id, [criterionId], review.scale as ScaleSize, settings.thresholds);
    await auditChangeAfterFinish(tx, ctx, review.id, { scores: 0, criteria: 1 });
    return { ok: true };
  });
}
