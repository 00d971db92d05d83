import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { reviewSubjects } from "#db/schema";
import { getReviewSettings } from "~/features/criteria/review-settings.server";
import type { ReviewCriterionEntry } from "~/features/criteria/review-criteria-rules";
import type { ScaleSize } from "~/features/criteria/scales";
import { getServerT } from "~/utils/i18n.server";
import type { TenantContext } from "~/utils/tenant.server";
import { planSelection } from "./criteria-selection";
import { diffScores, formValueOf, type ScoreChange } from "./evaluation-form";
import { storedScores, type EvaluationResult } from "./evaluation.server";
import { requireTeamReview } from "./review-access.server";
import { auditChangeAfterFinish } from "./review-audit.server";
import { bookCriterion, deleteCriteria, insertCriteria, loadEntries, loadRuleSet } from "./review-criteria.server";
import { EvaluationRefused, lockReviewForChange, saveScoresInTransaction } from "./review-scores.server";
import { finishTeamReview } from "./review-state.server";

/** The review JSON API (spec §7, docs/decisions/0513, 0521): the evaluate save; answers are review-api.server.ts. */

/** The review API's answer to a broken rule: 422 with a translated message and where it broke. */
export async function ruleFailure(request: Request, result: Exclude<EvaluationResult, { ok: true }>) {
  const t = await getServerT(request);
  return Response.json(
    {
      error: result.code,
      message: t(`evaluation:errors.${result.code}`),
      code: result.code,
      subjectId: result.subjectId,
      criterionId: result.criterionId,
    },
    { status: 422 },
  );
}

/** A refusal of the API's evaluate save, thrown to roll its transaction back. */
class ApiSaveRefused extends Error {
  constructor(readonly result: Extract<EvaluationResult, { ok: false }>) {
    super(`evaluate save refused: ${result.code}`);
  }
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
 * changes the criteria selection, saves the changed scores and finishes when asked, in one transaction
 * (a savepoint of `db` when that is a caller's transaction). Every step runs on that transaction: a
 * second pool connection while it holds the review's locks would deadlock under load.
 */
export async function saveReviewFromApi(
  ctx: TenantContext,
  reviewId: string,
  input: ApiSaveInput,
  db: DbOrTx = getDb(),
): Promise<EvaluationResult> {
  const review = await requireTeamReview(ctx, reviewId, db);
  if (review.lockedAt) return { ok: false, code: "locked" };
  if (review.isFinished) return { ok: false, code: "finished" };
  // One after the other: `db` may be the caller's transaction, whose statements share one connection.
  const set = await loadRuleSet(db, ctx, review.setId);
  const entries = await loadEntries(db, review.id);

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
  const settings = await getReviewSettings(ctx, db);
  try {
    await db.transaction(async (tx) => {
      if (added.length || removedIds.length) {
        const state = await lockReviewForChange(tx, review.id);
        if (!state.ok) throw new ApiSaveRefused(state);
        await insertCriteria(tx, review.id, added);
        await deleteCriteria(tx, review.id, removedIds, review.scale as ScaleSize, settings.thresholds);
        await auditChangeAfterFinish(tx, ctx, review.id, { scores: 0, criteria: removedIds.length });
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
