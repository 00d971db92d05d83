import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { memberships, reviewReviewers, reviews, reviewSubjects, users } from "#db/schema";
import { peerReviewVisibility, requireReview, reviewScope } from "~/features/reviews/review-access.server";
import { inCluster } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";

/** The peer review overview and one round's page (docs/decisions/1021): progress, never answers. */

// Qualified by hand: in a one-table select drizzle renders ${reviews.id} as a bare "id" (see self-review-admin).
const reviewId = sql.raw(`"reviews"."id"`);

/** The peer rounds ctx manages, newest first, with participants, peers asked and peers who answered. */
export async function listPeerReviews(ctx: TenantContext) {
  const rows = await getDb()
    .select({
      id: reviews.id,
      name: reviews.name,
      deadline: reviews.deadline,
      lockedAt: reviews.lockedAt,
      isFinished: reviews.isFinished,
      participants: sql<number>`(select count(*) from review_subjects s where s.review_id = ${reviewId})::int`,
      peersAsked: sql<number>`(select count(*) from review_peer_assignments a where a.review_id = ${reviewId} and a.role = 'peer')::int`,
      peersAnswered: sql<number>`(select count(*) from review_peer_assignments a where a.review_id = ${reviewId} and a.role = 'peer' and a.finished_at is not null)::int`,
      teams: sql<
        string[]
      >`coalesce((select array_agg(rt.team_name order by lower(rt.team_name)) from review_teams rt where rt.review_id = ${reviewId}), '{}')`,
    })
    .from(reviews)
    .where(and(inCluster(reviews, ctx), eq(reviews.type, "peer"), isNull(reviews.deletedAt), peerReviewVisibility(ctx)))
    .orderBy(desc(reviews.createdAt))
    .limit(200);
  return rows.map((r) => ({
    ...r,
    state: r.isFinished ? ("finished" as const) : r.lockedAt ? ("locked" as const) : ("open" as const),
  }));
}

/** A team leader sees the participants of the teams they lead only (as in self reviews, decision 0942). */
function inTeamsOf(ctx: TenantContext) {
  const scope = reviewScope(ctx);
  if (scope.all) return undefined;
  return scope.teamIds.length ? inArray(reviewSubjects.teamId, scope.teamIds) : sql`false`;
}

/**
 * One round: per participant how many peers were asked and answered, and whether the self and leader
 * questionnaires are done. Who answered what is not shown (anonymity).
 */
export async function getPeerReviewDetails(ctx: TenantContext, id: string) {
  const db = getDb();
  const review = await requireReview(ctx, id, "peer", db);
  const count = (role: string, finished: boolean) =>
    sql<number>`(select count(*) from review_peer_assignments a where a.subject_id = ${reviewSubjects.id}
      and a.role = ${role} ${finished ? sql`and a.finished_at is not null` : sql``})::int`;
  const [participants, [invites]] = await Promise.all([
    db
      .select({
        subjectId: reviewSubjects.id,
        membershipId: reviewSubjects.membershipId,
        firstName: users.firstName,
        lastName: users.lastName,
        peersAsked: count("peer", false),
        peersAnswered: count("peer", true),
        selfDone: count("self", true),
        leadersAsked: count("leader", false),
        leadersDone: count("leader", true),
      })
      .from(reviewSubjects)
      .innerJoin(memberships, eq(memberships.id, reviewSubjects.membershipId))
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(reviewSubjects.reviewId, review.id), inTeamsOf(ctx)))
      .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`)),
    db
      .select({
        reviewers: sql<number>`count(*)::int`,
        invited: sql<number>`count(${reviewReviewers.invitedAt})::int`,
      })
      .from(reviewReviewers)
      .where(eq(reviewReviewers.reviewId, review.id)),
  ]);
  return {
    review,
    participants: participants.map((p) => ({
      subjectId: p.subjectId,
      membershipId: p.membershipId,
      name: `${p.firstName} ${p.lastName}`.trim(),
      peersAsked: p.peersAsked,
      peersAnswered: p.peersAnswered,
      selfDone: p.selfDone > 0,
      leadersAsked: p.leadersAsked,
      leadersDone: p.leadersDone,
    })),
    reviewers: invites?.reviewers ?? 0,
    invited: invites?.invited ?? 0,
  };
}
