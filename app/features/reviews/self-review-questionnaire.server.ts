import { and, eq, sql } from "drizzle-orm";
import { getDb, type DbOrTx, type Tx } from "#db/client.server";
import {
  memberships,
  reviewCriteria,
  reviews,
  reviewScores,
  reviewSubjects,
  reviewTeamAnswers,
  reviewTeams,
  users,
} from "#db/schema";
import { getReviewSettings } from "~/features/criteria/review-settings.server";
import type { Dimension, ScaleSize } from "~/features/criteria/scales";
import { notFound } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { diffScores, formValueOf } from "./evaluation-form";
import { requireParticipation } from "./review-access.server";
import { reviewCriteriaRows } from "./review-criteria.server";
import { auditReviews } from "./review-audit.server";
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

/** Both parts' answers; one statement after the other, as `db` may be a transaction (one connection). */
async function answers(db: DbOrTx, subjectId: string) {
  const own = await db
    .select({ criterionId: reviewScores.criterionId, score: reviewScores.score })
    .from(reviewScores)
    .where(eq(reviewScores.subjectId, subjectId));
  const team = await db
    .select({ criterionId: reviewTeamAnswers.criterionId, score: reviewTeamAnswers.score })
    .from(reviewTeamAnswers)
    .where(eq(reviewTeamAnswers.subjectId, subjectId));
  return {
    own: new Map(own.map((r) => [r.criterionId, r.score])),
    team: new Map(team.map((r) => [r.criterionId, r.score])),
  };
}

/** The questionnaire page: the review, the person, the criteria, both parts' answers as form values. */
export async function getQuestionnaire(ctx: TenantContext, reviewId: string, membershipId: string) {
  const db = getDb();
  const { review, subject, own } = await requireParticipation(ctx, reviewId, membershipId, db);
  const [criteriaRows, stored, [person], [team]] = await Promise.all([
    reviewCriteriaRows(db, review.id),
    answers(db, subject.id),
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

class Refused extends Error {
  constructor(readonly result: Extract<QuestionnaireResult, { ok: false }>) {
    super(`questionnaire refused: ${result.code}`);
  }
}

/** Locks the participant's row, then says whether the questionnaire may still change. */
async function lockForAnswer(tx: Tx, reviewId: string, subjectId: string) {
  const [row] = await tx
    .select({ finishedAt: reviewSubjects.finishedAt, lockedAt: reviews.lockedAt, isFinished: reviews.isFinished })
    .from(reviewSubjects)
    .innerJoin(reviews, eq(reviews.id, reviewSubjects.reviewId))
    .where(and(eq(reviewSubjects.id, subjectId), eq(reviews.id, reviewId)))
    .for("update", { of: reviewSubjects });
  if (!row) notFound();
  if (row.lockedAt) throw new Refused({ ok: false, code: "locked" });
  if (row.finishedAt || row.isFinished) throw new Refused({ ok: false, code: "finished" });
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
  try {
    return await db.transaction(async (tx) => {
      await lockForAnswer(tx, review.id, subject.id);
      const criteriaRows = await tx
        .select({ criterionId: reviewCriteria.criterionId, dimension: reviewCriteria.dimension })
        .from(reviewCriteria)
        .where(eq(reviewCriteria.reviewId, review.id));
      const ids = criteriaRows.map((c) => c.criterionId);
      const dimensionOf = new Map(criteriaRows.map((c) => [c.criterionId, c.dimension]));
      for (const part of ["team", "own"] as const) {
        const unknown = Object.keys(input[part]).find((id) => !dimensionOf.has(id));
        if (unknown) throw new Refused({ ok: false, code: "unknownCriterion", part, criterionId: unknown });
      }
      const stored = await answers(tx, subject.id);
      const team = diffScores(input.team, stored.team, ids, review.scale);
      const mine = diffScores(input.own, stored.own, ids, review.scale);
      if (team.invalid.length)
        throw new Refused({ ok: false, code: "invalidScore", part: "team", criterionId: team.invalid[0] });
      if (mine.invalid.length)
        throw new Refused({ ok: false, code: "invalidScore", part: "own", criterionId: mine.invalid[0] });
      for (const change of team.changes) {
        const key = and(
          eq(reviewTeamAnswers.subjectId, subject.id),
          eq(reviewTeamAnswers.criterionId, change.criterionId),
        );
        if (change.score === null) await tx.delete(reviewTeamAnswers).where(key);
        else
          await tx
            .insert(reviewTeamAnswers)
            .values({
              subjectId: subject.id,
              criterionId: change.criterionId,
              reviewId: review.id,
              dimension: dimensionOf.get(change.criterionId)!,
              score: change.score,
            })
            .onConflictDoUpdate({
              target: [reviewTeamAnswers.subjectId, reviewTeamAnswers.criterionId],
              set: { score: change.score, updatedAt: new Date() },
            });
      }
      for (const change of mine.changes) {
        const key = and(eq(reviewScores.subjectId, subject.id), eq(reviewScores.criterionId, change.criterionId));
        if (change.score === null) await tx.delete(reviewScores).where(key);
        else
          await tx
            .insert(reviewScores)
            .values({
              subjectId: subject.id,
              criterionId: change.criterionId,
              reviewId: review.id,
              dimension: dimensionOf.get(change.criterionId)!,
              score: change.score,
              scoredBy: ctx.membershipId,
            })
            .onConflictDoUpdate({
              target: [reviewScores.subjectId, reviewScores.criterionId],
              set: { score: change.score, scoredBy: ctx.membershipId, updatedAt: new Date() },
            });
      }
      if (mine.changes.length) await refreshSubject(tx, subject.id, review.scale as ScaleSize, settings.thresholds);
      else if (team.changes.length)
        await tx.update(reviewSubjects).set({ updatedAt: new Date() }).where(eq(reviewSubjects.id, subject.id));
      return { ok: true as const, changed: team.changes.length + mine.changes.length };
    });
  } catch (error) {
    if (error instanceof Refused) return error.result;
    throw error;
  }
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
  try {
    return await db.transaction(async (tx) => {
      await lockForAnswer(tx, review.id, subject.id);
      await tx
        .update(reviewSubjects)
        .set({ finishedAt: sql`now()`, updatedAt: new Date() })
        .where(eq(reviewSubjects.id, subject.id));
      await auditReviews(tx, ctx, "review.selfreview.finish", [review.id], { membershipId });
      return { ok: true as const, changed: 1 };
    });
  } catch (error) {
    if (error instanceof Refused) return error.result;
    throw error;
  }
}
