import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import {
  criteria,
  criteriaSetCriteria,
  criteriaSets,
  reviewCriteria,
  reviews,
  reviewScores,
  reviewSubjects,
} from "#db/schema";
import {
  addCriterion,
  removeCriterion,
  remainingPerDimension,
  type ReviewCriterionEntry,
  type RuleSet,
} from "~/features/criteria/review-criteria-rules";
import { getReviewSettings } from "~/features/criteria/review-settings.server";
import type { Dimension, ScaleSize } from "~/features/criteria/scales";
import { notFound } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { planSelection } from "./criteria-selection";
import { diffScores, formValueOf, type ScoreChange } from "./evaluation-form";
import {
  finishTeamReview,
  getEvaluation,
  refreshSubject,
  refreshTeamStats,
  requireTeamReview,
  saveEvaluation,
  saveScoresInTransaction,
  EvaluationRefused,
} from "./team-reviews.server";
import { developmentRoleKey } from "./review-scoring";

type Tenant = Pick<TenantContext, "accountId" | "clusterId">;

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

/** A refusal of the API's evaluate save, thrown to roll its transaction back. */
class ApiSaveRefused extends Error {
  constructor(readonly result: Extract<EvaluationResult, { ok: false }>) {
    super(`evaluate save refused: ${result.code}`);
  }
}

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

async function storedScores(db: DbOrTx, subjectId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ criterionId: reviewScores.criterionId, score: reviewScores.score })
    .from(reviewScores)
    .where(eq(reviewScores.subjectId, subjectId));
  return new Map(rows.map((r) => [r.criterionId, r.score]));
}

// ─── Criteria of a review (spec §5 flex rules, docs/decisions/0302) ─────────────────────────────

async function loadSet(db: DbOrTx, ctx: Tenant, setId: string | null): Promise<RuleSet | null> {
  if (!setId) return null;
  const [set] = await db
    .select({ flex: criteriaSets.flex, basic: criteriaSets.basic })
    .from(criteriaSets)
    .where(
      and(
        eq(criteriaSets.accountId, ctx.accountId),
        eq(criteriaSets.clusterId, ctx.clusterId),
        eq(criteriaSets.id, setId),
      ),
    );
  if (!set) return null;
  const rows = await db
    .select({ id: criteria.id, dimension: criteria.dimension })
    .from(criteriaSetCriteria)
    .innerJoin(criteria, eq(criteria.id, criteriaSetCriteria.criterionId))
    .where(and(eq(criteriaSetCriteria.setId, setId), isNull(criteria.archivedAt)));
  return { ...set, criteria: rows.map((r) => ({ id: r.id, dimension: r.dimension as Dimension })) };
}

async function loadEntries(db: DbOrTx, reviewId: string): Promise<ReviewCriterionEntry[]> {
  const rows = await db
    .select({
      id: reviewCriteria.criterionId,
      dimension: reviewCriteria.dimension,
      belongsToSet: reviewCriteria.belongsToSet,
      locked: reviewCriteria.locked,
    })
    .from(reviewCriteria)
    .where(eq(reviewCriteria.reviewId, reviewId));
  return rows.map((r) => ({ ...r, dimension: r.dimension as Dimension }));
}

async function bookCriterion(db: DbOrTx, ctx: Tenant, criterionId: string) {
  const [row] = await db
    .select({ id: criteria.id, dimension: criteria.dimension, archivedAt: criteria.archivedAt })
    .from(criteria)
    .where(
      and(eq(criteria.accountId, ctx.accountId), eq(criteria.clusterId, ctx.clusterId), eq(criteria.id, criterionId)),
    );
  return row ? { id: row.id, dimension: row.dimension as Dimension, archived: Boolean(row.archivedAt) } : null;
}

/** The review's criteria with whether each can be removed, 'you can still add {n}' and what can be added. */
export async function getReviewCriteria(ctx: TenantContext, reviewId: string) {
  const evaluation = await getEvaluation(ctx, reviewId);
  const db = getDb();
  const [set, entries] = await Promise.all([
    loadSet(db, ctx, evaluation.review.setId),
    loadEntries(db, evaluation.review.id),
  ]);
  const inReview = new Set(entries.map((e) => e.id));
  const book = await db
    .select({ id: criteria.id, name: criteria.name, dimension: criteria.dimension })
    .from(criteria)
    .where(
      and(eq(criteria.accountId, ctx.accountId), eq(criteria.clusterId, ctx.clusterId), isNull(criteria.archivedAt)),
    )
    .orderBy(asc(criteria.dimension), asc(sql`lower(${criteria.name})`));
  return {
    ...evaluation,
    flex: set?.flex ?? null,
    remaining: remainingPerDimension(set, entries),
    addable: book.filter((c) => !inReview.has(c.id)).map((c) => ({ ...c, dimension: c.dimension as Dimension })),
  };
}

async function lockForChange(tx: DbOrTx, reviewId: string): Promise<EvaluationResult> {
  await tx.execute(sql`select 1 from review_team_stats where review_id = ${reviewId} for update`);
  const [current] = await tx
    .select({ lockedAt: reviews.lockedAt, isFinished: reviews.isFinished })
    .from(reviews)
    .where(eq(reviews.id, reviewId));
  if (current.lockedAt) return { ok: false, code: "locked" };
  if (current.isFinished) return { ok: false, code: "finished" };
  return { ok: true };
}

/** Adds an extra criterion of the cluster's book, within the set's flex per dimension. */
export async function addReviewCriterion(
  ctx: TenantContext,
  reviewId: string,
  criterionId: string,
): Promise<EvaluationResult> {
  const review = await requireTeamReview(ctx, reviewId);
  return getDb().transaction(async (tx) => {
    const state = await lockForChange(tx, review.id);
    if (!state.ok) return state;
    const criterion = await bookCriterion(tx, ctx, criterionId);
    if (!criterion) return { ok: false, code: "unknownCriterion", criterionId };
    const [set, entries] = await Promise.all([loadSet(tx, ctx, review.setId), loadEntries(tx, review.id)]);
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
    const state = await lockForChange(tx, review.id);
    if (!state.ok) return state;
    const entries = await loadEntries(tx, review.id);
    const result = removeCriterion(entries, criterionId);
    if (!result.ok) return { ok: false, code: result.code, criterionId };
    await deleteCriteria(tx, review.id, [criterionId], review.scale as ScaleSize, settings.thresholds);
    return { ok: true };
  });
}

async function insertCriteria(tx: DbOrTx, reviewId: string, added: readonly ReviewCriterionEntry[]) {
  if (added.length === 0) return;
  const [{ max }] = await tx
    .select({ max: sql<number>`coalesce(max(${reviewCriteria.position}), -1)::int` })
    .from(reviewCriteria)
    .where(eq(reviewCriteria.reviewId, reviewId));
  await tx.insert(reviewCriteria).values(
    added.map((e, i) => ({
      reviewId,
      criterionId: e.id,
      dimension: e.dimension,
      belongsToSet: e.belongsToSet,
      locked: e.locked,
      position: max + 1 + i,
    })),
  );
}

async function deleteCriteria(
  tx: DbOrTx,
  reviewId: string,
  criterionIds: string[],
  scale: ScaleSize,
  thresholds: Parameters<typeof refreshSubject>[3],
) {
  if (criterionIds.length > 0) {
    const removed = await tx
      .delete(reviewScores)
      .where(and(eq(reviewScores.reviewId, reviewId), inArray(reviewScores.criterionId, criterionIds)))
      .returning({ subjectId: reviewScores.subjectId });
    await tx
      .delete(reviewCriteria)
      .where(and(eq(reviewCriteria.reviewId, reviewId), inArray(reviewCriteria.criterionId, criterionIds)));
    for (const subjectId of new Set(removed.map((r) => r.subjectId)))
      await refreshSubject(tx, subjectId, scale, thresholds);
  }
  await refreshTeamStats(tx, reviewId);
}

// ─── The JSON API (spec §7) ─────────────────────────────────────────────────────────────────────

type Evaluation = Awaited<ReturnType<typeof getEvaluation>>;

function memberEntryOf(evaluation: Evaluation, subject: Evaluation["subjects"][number]) {
  const byId = new Map(evaluation.criteria.map((c) => [c.criterionId, c]));
  return {
    id: subject.id,
    reviewId: evaluation.review.id,
    membershipId: subject.membershipId,
    firstName: subject.firstName,
    lastName: subject.lastName,
    score: { 1: subject.performance, 2: subject.potential, 3: subject.employability },
    developmentRole: developmentRoleKey(subject.developmentRole),
    developmentGoal: subject.developmentGoal,
    criteriaScores: evaluation.scores
      .filter((s) => s.subjectId === subject.id && byId.has(s.criterionId))
      .map((s) => ({
        id: `${s.subjectId}:${s.criterionId}`,
        criterionId: s.criterionId,
        dimension: byId.get(s.criterionId)!.dimension,
        isManual: true,
        name: byId.get(s.criterionId)!.name,
        score: s.score,
      })),
  };
}

function reviewJson(evaluation: Evaluation) {
  const { review } = evaluation;
  return {
    id: review.id,
    name: review.name,
    type: review.type,
    team: { id: review.teamId, name: review.teamName },
    deadline: review.deadline,
    scale: review.scale,
    isFinished: review.isFinished ? 1 : 0,
    locked: Boolean(review.lockedAt),
    completionConfirmed: Boolean(review.completionConfirmedAt),
    criteria: ([1, 2, 3] as const).map((dimension) => ({
      dimension,
      criteria: evaluation.criteria
        .filter((c) => c.dimension === dimension)
        .map((c) => ({ id: c.criterionId, name: c.name, belongsToSet: c.belongsToSet, locked: c.locked })),
    })),
    memberships: evaluation.subjects.map((s) => memberEntryOf(evaluation, s)),
  };
}

export async function reviewForApi(ctx: TenantContext, reviewId: string) {
  return reviewJson(await getEvaluation(ctx, reviewId));
}

/** One member's entry, by the person's membership id (POST api/reviews/{id}/member). */
export async function memberForApi(ctx: TenantContext, reviewId: string, membershipId: string) {
  const evaluation = await getEvaluation(ctx, reviewId);
  const subject = evaluation.subjects.find((s) => s.membershipId === membershipId);
  if (!subject) notFound();
  return memberEntryOf(evaluation, subject);
}

/** One member's entry by its entry (review subject) id. */
export async function memberEntryForApi(ctx: TenantContext, reviewId: string, subjectId: string) {
  const evaluation = await getEvaluation(ctx, reviewId);
  const subject = evaluation.subjects.find((s) => s.id === subjectId);
  if (!subject) notFound();
  return memberEntryOf(evaluation, subject);
}

export type ApiMemberInput = {
  id: string;
  criteriaScores?: { criterionId: string; score: number | null }[];
  developmentGoal?: string;
};
export type ApiSaveInput = {
  isFinished?: boolean;
  criteria?: { id: string; dimension: number }[];
  memberships?: ApiMemberInput[];
};

/**
 * The evaluate save of the API (docs/decisions/0521): checks everything it can before writing, then
 * changes the criteria selection, saves the changed scores and finishes when asked, in one transaction.
 */
export async function saveReviewFromApi(
  ctx: TenantContext,
  reviewId: string,
  input: ApiSaveInput,
): Promise<EvaluationResult> {
  const review = await requireTeamReview(ctx, reviewId);
  if (review.lockedAt) return { ok: false, code: "locked" };
  if (review.isFinished) return { ok: false, code: "finished" };
  const db = getDb();
  const [set, entries] = await Promise.all([loadSet(db, ctx, review.setId), loadEntries(db, review.id)]);

  let criteriaAfter = entries.map((e) => e.id);
  let added: ReviewCriterionEntry[] = [];
  let removedIds: string[] = [];
  if (input.criteria) {
    const selected = [];
    for (const c of input.criteria) {
      const known = entries.find((e) => e.id === c.id) ?? (await bookCriterion(db, ctx, c.id));
      if (!known) return { ok: false, code: "unknownCriterion", criterionId: c.id };
      if (known.dimension !== c.dimension) return { ok: false, code: "dimensionMismatch", criterionId: c.id };
      if ("archived" in known && known.archived) return { ok: false, code: "archived", criterionId: c.id };
      selected.push({ id: c.id, dimension: known.dimension });
    }
    const plan = planSelection(set, entries, selected);
    if (!plan.ok) return plan;
    added = plan.added;
    removedIds = plan.removedIds;
    criteriaAfter = selected.map((c) => c.id);
  }

  const subjects = await db
    .select({ id: reviewSubjects.id })
    .from(reviewSubjects)
    .where(eq(reviewSubjects.reviewId, review.id));
  const changes: (ScoreChange & { subjectId: string })[] = [];
  const goals: { subjectId: string; goal: string }[] = [];
  for (const member of input.memberships ?? []) {
    if (!subjects.some((s) => s.id === member.id)) return { ok: false, code: "unknownSubject", subjectId: member.id };
    const submitted: Record<string, string> = {};
    for (const s of member.criteriaScores ?? []) {
      if (!criteriaAfter.includes(s.criterionId))
        return { ok: false, code: "unknownCriterion", subjectId: member.id, criterionId: s.criterionId };
      if (s.score !== null && (!Number.isInteger(s.score) || s.score < 0 || s.score > review.scale))
        return { ok: false, code: "invalidScore", subjectId: member.id, criterionId: s.criterionId };
      submitted[s.criterionId] = formValueOf(s.score);
    }
    const stored = await storedScores(db, member.id);
    const { changes: memberChanges } = diffScores(submitted, stored, criteriaAfter, review.scale);
    changes.push(...memberChanges.map((c) => ({ ...c, subjectId: member.id })));
    if (member.developmentGoal !== undefined) goals.push({ subjectId: member.id, goal: member.developmentGoal });
  }

  // Criteria, scores and finishing in one transaction: a refusal anywhere writes nothing.
  const settings = await getReviewSettings(ctx);
  try {
    await db.transaction(async (tx) => {
      if (added.length || removedIds.length) {
        const state = await lockForChange(tx, review.id);
        if (!state.ok) throw new ApiSaveRefused(state);
        await insertCriteria(tx, review.id, added);
        await deleteCriteria(tx, review.id, removedIds, review.scale as ScaleSize, settings.thresholds);
      }
      if (changes.length || goals.length)
        await saveScoresInTransaction(
          tx,
          ctx,
          review,
          { scores: changes, developmentGoals: goals },
          settings.thresholds,
        );
      if (input.isFinished) {
        const finished = await finishTeamReview(ctx, review.id, tx);
        if (!finished.ok)
          throw new ApiSaveRefused({ ok: false, code: finished.code === "locked" ? "locked" : "finished" });
      }
    });
  } catch (error) {
    if (error instanceof ApiSaveRefused || error instanceof EvaluationRefused) return error.result;
    throw error;
  }
  return { ok: true };
}
