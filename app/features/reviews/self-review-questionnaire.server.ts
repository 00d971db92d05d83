import { and, eq, sql } from "drizzle-orm";
import { getDb, type DbOrTx, type Tx } from "#db/client.server";
import { memberships, reviews, reviewScores, reviewSubjects, reviewTeamAnswers, reviewTeams, users } from "#db/schema";
import { getReviewSettings } from "~/features/criteria/review-settings.server";
import type { Dimension, ScaleSize } from "~/features/criteria/scales";
import type { TenantContext } from "~/utils/tenant.server";
import { formValueOf } from "./evaluation-form";
import { answerTransaction, saveAnswers, storedAnswers, type AnswerPart } from "./questionnaire-answers.server";
import { requireParticipation } from "./review-access.server";
import { reviewCriteriaRows } from "./review-criteria.server";
import { auditChangeAfterFinish, auditReviews } from "./review-audit.server";
import { refreshSubject } from "./review-scores.server";
import { personName } from "~/utils/person-name";

/**
 * A participant's questionnaire in a self review (docs/decisions/0940): the answers about the team
 * (review_team_answers) and about yourself (review_scores). Only the participant writes; someone who
 * manages the review reads. Finished, locked or confirmed: read-only.
 */

export type QuestionnaireReadOnly = "locked" | "finished" | "reviewFinished" | "notOwn" | null;

export function questionnaireReadOnly(
  review: { lockedAt: Date | string | null; isFinished: boolean },
  subject: { finishedAt: Date | string | null },
  own: boolean,
): QuestionnaireReadOnly {
  if (review.lockedAt) return "locked";
  if (subject.finishedAt) return "finished";
  if (review.isFinished) return "reviewFinished";
  return own ? null : "notOwn";
}

/** A participant's two parts: about the team, and about themselves (scores they gave themselves). */
const parts = (ctx: TenantContext, subjectId: string) => ({
  team: { table: reviewTeamAnswers, ownerId: subjectId } satisfies AnswerPart,
  own: { table: reviewScores, ownerId: subjectId, scoredBy: ctx.membershipId } satisfies AnswerPart,
});

/** Both parts' answers; one statement after the other, as `db` may be a transaction (one connection). */
async function answers(ctx: TenantContext, db: DbOrTx, subjectId: string) {
  const { team, own } = parts(ctx, subjectId);
  return { own: await storedAnswers(db, own), team: await storedAnswers(db, team) };
}

/** The questionnaire page: the review, the person, the criteria, both parts' answers as form values. */
export async function getQuestionnaire(ctx: TenantContext, reviewId: string, membershipId: string) {
  const db = getDb();
  const { review, subject, own } = await requireParticipation(ctx, reviewId, membershipId, db);
  const [criteriaRows, stored, [person], [team]] = await Promise.all([
    reviewCriteriaRows(db, review.id),
    answers(ctx, db, subject.id),
    db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.id, subject.membershipId)),
    subject.teamId
      ? db
          .select({ name: reviewTeams.teamName })
          .from(reviewTeams)
          .where(and(eq(reviewTeams.reviewId, review.id), eq(reviewTeams.teamId, subject.teamId)))
      : Promise.resolve([]),
  ]);
  const values = (map: Map<string, number>) =>
    Object.fromEntries(criteriaRows.map((c) => [c.criterionId, formValueOf(map.get(c.criterionId))]));
  return {
    review,
    subject,
    own,
    personName: person ? personName(person.firstName, person.lastName) : "",
    teamName: team?.name ?? null,
    scale: review.scale as ScaleSize,
    readOnly: questionnaireReadOnly(review, subject, own),
    criteria: criteriaRows,
    teamValues: values(stored.team),
    ownValues: values(stored.own),
    missing: missingAnswers(criteriaRows, stored),
  };
}

/** The criteria without an answer, per part (not rated counts as an answer). */
export function missingAnswers(
  criteriaRows: readonly { criterionId: string; name: string; dimension: Dimension }[],
  stored: { own: ReadonlyMap<string, number>; team: ReadonlyMap<string, number> },
) {
  return {
    team: criteriaRows.filter((c) => !stored.team.has(c.criterionId)).map((c) => c.name),
    own: criteriaRows.filter((c) => !stored.own.has(c.criterionId)).map((c) => c.name),
  };
}

export type QuestionnaireErrorCode = "locked" | "finished" | "notOwn" | "unknownCriterion" | "invalidScore";
export type QuestionnaireResult =
  | { ok: true; changed: number }
  | { ok: false; code: QuestionnaireErrorCode; part?: "team" | "own"; criterionId?: string };

const answer = answerTransaction<Extract<QuestionnaireResult, { ok: false }>>();

/** Locks the participant's row, then says whether the questionnaire may still change. */
async function lockForAnswer(tx: Tx, reviewId: string, subjectId: string) {
  const [row] = await tx
    .select({ finishedAt: reviewSubjects.finishedAt, lockedAt: reviews.lockedAt, isFinished: reviews.isFinished })
    .from(reviewSubjects)
    .innerJoin(reviews, eq(reviews.id, reviewSubjects.reviewId))
    .where(and(eq(reviewSubjects.id, subjectId), eq(reviews.id, reviewId)))
    .for("update", { of: reviewSubjects });
  answer.closed(row);
}

/**
 * Saves a participant's answers: `team` and `own` map criterion ids to "off" or "0".."scale", only for
 * the criteria the form sent. All of it or nothing (one transaction); only the participant may.
 */
export async function saveQuestionnaire(
  ctx: TenantContext,
  reviewId: string,
  membershipId: string,
  input: { team: Record<string, string>; own: Record<string, string> },
): Promise<QuestionnaireResult> {
  const db = getDb();
  const { review, subject, own } = await requireParticipation(ctx, reviewId, membershipId, db);
  if (!own) return { ok: false, code: "notOwn" };
  const settings = await getReviewSettings(ctx, db);
  return answer.run(async (tx) => {
    await lockForAnswer(tx, review.id, subject.id);
    const { team, own: mine } = parts(ctx, subject.id);
    const saved = await saveAnswers(tx, review, {
      team: { part: team, input: input.team },
      own: { part: mine, input: input.own },
    });
    if (!saved.ok) return answer.refuse(saved);
    const { changed } = saved;
    await auditChangeAfterFinish(tx, ctx, review.id, { scores: changed.team + changed.own, subjects: 1 });
    if (changed.own) await refreshSubject(tx, subject.id, review.scale as ScaleSize, settings.thresholds);
    else if (changed.team)
      await tx.update(reviewSubjects).set({ updatedAt: new Date() }).where(eq(reviewSubjects.id, subject.id));
    return { ok: true as const, changed: changed.team + changed.own };
  });
}

/** Finishes the participant's questionnaire (confirmed on the finish page): read-only from then on. */
export async function finishQuestionnaire(
  ctx: TenantContext,
  reviewId: string,
  membershipId: string,
): Promise<QuestionnaireResult> {
  const db = getDb();
  const { review, subject, own } = await requireParticipation(ctx, reviewId, membershipId, db);
  if (!own) return { ok: false, code: "notOwn" };
  return answer.run(async (tx) => {
    await lockForAnswer(tx, review.id, subject.id);
    await tx
      .update(reviewSubjects)
      .set({ finishedAt: sql`now()`, updatedAt: new Date() })
      .where(eq(reviewSubjects.id, subject.id));
    await auditReviews(tx, ctx, "review.selfreview.finish", [review.id], { membershipId });
    return { ok: true as const, changed: 1 };
  });
}
