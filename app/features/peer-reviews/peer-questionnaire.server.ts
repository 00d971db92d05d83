import { and, asc, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";

import { liveReviews, reviewListColumns } from "~/features/reviews/live-reviews.server";
import { getDb, type DbOrTx, type Tx } from "#db/client.server";
import { memberships, reviewPeerAnswers, reviewPeerAssignments, reviews, reviewSubjects, users } from "#db/schema";
import { getReviewSettings } from "~/features/criteria/review-settings.server";
import type { ScaleSize } from "~/features/criteria/scales";
import { formValueOf } from "~/features/reviews/evaluation-form";
import {
  answerTransaction,
  saveAnswers,
  storedAnswers,
  type AnswerPart,
} from "~/features/reviews/questionnaire-answers.server";
import { auditChangeAfterFinish, auditReviews } from "~/features/reviews/review-audit.server";
import { questionnaireReadOnly } from "~/features/reviews/self-review-questionnaire.server";
import { reviewCriteriaRows } from "~/features/reviews/review-criteria.server";
import { isUuid, notFound } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { PEER_COMMENT_MAX } from "./peer-review.schema";
import { releasesBatch } from "./peer-results";
import { formatDate } from "~/utils/dates";
import { personNameSql } from "~/utils/person-name.server";

/**
 * One reviewer's questionnaire about one reviewed person in a peer round (docs/decisions/1021): only the
 * assigned reviewer opens it — nobody else, not even HR, reads a single peer's answers; anything else is
 * a 404. Same criteria, scale, score toggle and read-only rules as a self review.
 */

/** The assignment of the signed-in reviewer, with its round and reviewed person; a 404 for anyone else. */
export async function requirePeerAssignment(ctx: TenantContext, assignmentId: string, db: DbOrTx = getDb()) {
  if (!isUuid(assignmentId) || !ctx.membershipId) notFound();
  const [row] = await db
    .select({ assignment: reviewPeerAssignments, review: reviews, subject: reviewSubjects })
    .from(reviewPeerAssignments)
    .innerJoin(reviews, eq(reviews.id, reviewPeerAssignments.reviewId))
    .innerJoin(reviewSubjects, eq(reviewSubjects.id, reviewPeerAssignments.subjectId))
    .where(
      and(
        eq(reviewPeerAssignments.id, assignmentId),
        liveReviews(ctx, "peer"),
        eq(reviewPeerAssignments.reviewerId, ctx.membershipId),
      ),
    );
  return row ?? notFound();
}

const peerPart = (assignmentId: string): AnswerPart => ({ table: reviewPeerAnswers, ownerId: assignmentId });

/** A person's name as the questionnaire and the result head it. */
export async function personName(db: DbOrTx, membershipId: string) {
  const [person] = await db
    .select({ name: personNameSql(users) })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.id, membershipId));
  return person?.name ?? "";
}

export async function getPeerQuestionnaire(ctx: TenantContext, assignmentId: string) {
  const db = getDb();
  const { assignment, review, subject } = await requirePeerAssignment(ctx, assignmentId, db);
  const [criteriaRows, stored, name] = await Promise.all([
    reviewCriteriaRows(db, review.id),
    storedAnswers(db, peerPart(assignment.id)),
    personName(db, subject.membershipId),
  ]);
  return {
    assignment,
    review,
    personName: name,
    scale: review.scale as ScaleSize,
    readOnly: questionnaireReadOnly(review, assignment, true),
    criteria: criteriaRows,
    /** The reviewer's own remark (peers only); nobody else's is ever read here. */
    comment: assignment.role === "peer" ? (assignment.comment ?? "") : null,
    values: Object.fromEntries(criteriaRows.map((c) => [c.criterionId, formValueOf(stored.get(c.criterionId))])),
    missing: criteriaRows.filter((c) => !stored.has(c.criterionId)).map((c) => c.name),
  };
}

export type PeerQuestionnaireResult =
  | { ok: true; changed: number }
  | {
      ok: false;
      code: "locked" | "finished" | "unknownCriterion" | "invalidScore" | "commentTooLong";
      criterionId?: string;
    };

const answer = answerTransaction<Extract<PeerQuestionnaireResult, { ok: false }>>();

async function lockForAnswer(tx: Tx, assignmentId: string) {
  const [row] = await tx
    .select({
      finishedAt: reviewPeerAssignments.finishedAt,
      lockedAt: reviews.lockedAt,
      isFinished: reviews.isFinished,
    })
    .from(reviewPeerAssignments)
    .innerJoin(reviews, eq(reviews.id, reviewPeerAssignments.reviewId))
    .where(eq(reviewPeerAssignments.id, assignmentId))
    .for("update", { of: reviewPeerAssignments });
  answer.closed(row);
}

/** Saves the reviewer's answers (criterion id → "off" | "0".."scale"), all or nothing. */
export async function savePeerQuestionnaire(
  ctx: TenantContext,
  assignmentId: string,
  input: Record<string, string>,
  /** A peer's remark: undefined leaves it, "" clears it (decision 1203). */
  comment?: string,
): Promise<PeerQuestionnaireResult> {
  const db = getDb();
  const { assignment, review } = await requirePeerAssignment(ctx, assignmentId, db);
  return answer.run(async (tx) => {
    await lockForAnswer(tx, assignment.id);
    const saved = await saveAnswers(tx, review, { peer: { part: peerPart(assignment.id), input } });
    if (!saved.ok) return answer.refuse({ ok: false, code: saved.code, criterionId: saved.criterionId });
    await auditChangeAfterFinish(tx, ctx, review.id, { scores: saved.changed.peer });
    if (comment !== undefined && assignment.role === "peer") {
      const text = comment.trim();
      if (text.length > PEER_COMMENT_MAX) answer.refuse({ ok: false, code: "commentTooLong" });
      await tx
        .update(reviewPeerAssignments)
        .set({ comment: text === "" ? null : text })
        .where(eq(reviewPeerAssignments.id, assignment.id));
    }
    return { ok: true as const, changed: saved.changed.peer };
  });
}

/** Finishes the questionnaire (confirmed on the finish page): read-only from then on. */
export async function finishPeerQuestionnaire(
  ctx: TenantContext,
  assignmentId: string,
): Promise<PeerQuestionnaireResult> {
  const db = getDb();
  const { assignment, review } = await requirePeerAssignment(ctx, assignmentId, db);
  return answer.run(async (tx) => {
    await lockForAnswer(tx, assignment.id);
    await tx
      .update(reviewPeerAssignments)
      .set({ finishedAt: sql`now()` })
      .where(eq(reviewPeerAssignments.id, assignment.id));
    if (assignment.role === "peer") await releaseFinishedPeers(ctx, tx, assignment.subjectId);
    await auditReviews(tx, ctx, "review.peerreview.finish", [review.id], { assignmentId: assignment.id });
    return { ok: true as const, changed: 1 };
  });
}

/**
 * Releases a reviewed person's finished, unreleased peers into the results once they are a batch of at
 * least the threshold (docs/decisions/1430). The subject row is locked first, so two peers finishing at
 * the same moment are counted one after the other and never released as two batches of one.
 */
async function releaseFinishedPeers(ctx: TenantContext, tx: Tx, subjectId: string) {
  await tx.select({ id: reviewSubjects.id }).from(reviewSubjects).where(eq(reviewSubjects.id, subjectId)).for("update");
  const waiting = and(
    eq(reviewPeerAssignments.subjectId, subjectId),
    eq(reviewPeerAssignments.role, "peer"),
    isNotNull(reviewPeerAssignments.finishedAt),
    isNull(reviewPeerAssignments.releasedAt),
  );
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(reviewPeerAssignments)
    .where(waiting);
  const settings = await getReviewSettings(ctx, tx);
  if (releasesBatch(n, settings.peerAnonymityThreshold))
    await tx
      .update(reviewPeerAssignments)
      .set({ releasedAt: sql`now()` })
      .where(waiting);
}

/** The signed-in person's questionnaires in peer rounds (my/reviews): about whom, progress, state. */
export async function listMyPeerQuestionnaires(ctx: TenantContext) {
  if (!ctx.membershipId) return [];
  const subjectUser = sql<string>`(select ${personNameSql("u")} from memberships m
    join users u on u.id = m.user_id where m.id = ${reviewSubjects.membershipId})`;
  const rows = await getDb()
    .select({
      assignmentId: reviewPeerAssignments.id,
      reviewId: reviews.id,
      ...reviewListColumns,
      role: reviewPeerAssignments.role,
      finishedAt: reviewPeerAssignments.finishedAt,
      subjectMembershipId: reviewSubjects.membershipId,
      personName: subjectUser,
      answered: sql<number>`(select count(*) from review_peer_answers a where a.assignment_id = ${reviewPeerAssignments.id})::int`,
      questions: sql<number>`(select count(*) from review_criteria c where c.review_id = ${reviews.id})::int`,
    })
    .from(reviewPeerAssignments)
    .innerJoin(reviews, eq(reviews.id, reviewPeerAssignments.reviewId))
    .innerJoin(reviewSubjects, eq(reviewSubjects.id, reviewPeerAssignments.subjectId))
    .where(and(liveReviews(ctx, "peer"), eq(reviewPeerAssignments.reviewerId, ctx.membershipId)))
    .orderBy(desc(reviews.createdAt), asc(subjectUser));
  return rows.map((r) => ({
    ...r,
    state: r.finishedAt || r.isFinished ? ("finished" as const) : r.lockedAt ? ("locked" as const) : ("open" as const),
  }));
}

/** What the questionnaire lists (my/reviews, /peerreview) hand the page of each row, the deadline written out. */
export function peerQuestionnaireRows(rows: Awaited<ReturnType<typeof listMyPeerQuestionnaires>>) {
  return rows.map((r) => ({
    assignmentId: r.assignmentId,
    reviewId: r.reviewId,
    name: r.name,
    deadline: formatDate(r.deadline),
    role: r.role,
    personName: r.personName,
    subjectMembershipId: r.subjectMembershipId,
    answered: r.answered,
    questions: r.questions,
    state: r.state,
  }));
}
