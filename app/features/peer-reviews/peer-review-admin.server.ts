import { and, asc, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { reviewListColumns } from "~/features/reviews/live-reviews.server";
import { joinPerson } from "~/features/people/person-query.server";
import { getDb } from "#db/client.server";
import { reviewReviewers, reviews, reviewSubjects, users } from "#db/schema";
import { peerReviewVisibility, requireReview, reviewScope } from "~/features/reviews/review-access.server";
import { inCluster, notFound } from "~/utils/scope.server";
import { inTeamScope } from "~/utils/team-scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { personName } from "~/utils/person-name";

/** The peer review overview and one round's page (docs/decisions/1021): progress, never answers. */

// Qualified by hand: in a one-table select drizzle renders ${reviews.id} as a bare "id" (see self-review-admin).
const reviewId = sql.raw(`"reviews"."id"`);
const rrReviewId = sql.raw(`"review_reviewers"."review_id"`);
const rrMembershipId = sql.raw(`"review_reviewers"."membership_id"`);

/** A condition on a subject's team column (raw SQL alias) limiting it to reviewScope (1200); empty when all. */
export function subjectTeamInScope(ctx: TenantContext, teamColumn: SQL) {
  const inTeams = inTeamScope(reviewScope(ctx), teamColumn);
  return inTeams ? sql` and ${inTeams}` : sql``;
}

/**
 * Whether ctx manages the whole round (every team in it is one ctx leads, or ctx is cluster-wide):
 * locking, unlocking and deleting touch every participant, so a leader of a round with other teams
 * gets a 404 for them (docs/decisions/1200).
 */
export async function requireWholePeerRound(ctx: TenantContext, id: string) {
  const review = await requireReview(ctx, id, "peer");
  const whole = wholePeerRounds(ctx);
  if (!whole) return review;
  const [row] = await getDb()
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.id, review.id), whole));
  if (!row) notFound();
  return review;
}

/**
 * requireWholePeerRound's rule as a condition on `reviews`, for many rounds in one statement: no participant of
 * the round outside ctx's teams (a participant without a team is outside). Undefined for the whole cluster.
 */
export function wholePeerRounds(ctx: TenantContext): SQL | undefined {
  const inTeams = inTeamScope(reviewScope(ctx), sql`ws.team_id`);
  if (!inTeams) return undefined;
  return sql`not exists (select 1 from ${reviewSubjects} ws where ws.review_id = ${reviewId}
    and not coalesce(${inTeams}, false))`;
}

/** The peer rounds ctx manages, newest first, with participants, peers asked and peers who answered. */
export async function listPeerReviews(ctx: TenantContext) {
  const andSubjectTeamInScope = subjectTeamInScope(ctx, sql.raw("s.team_id"));
  const rows = await getDb()
    .select({
      id: reviews.id,
      ...reviewListColumns,
      participants: sql<number>`(select count(*) from review_subjects s where s.review_id = ${reviewId}${andSubjectTeamInScope})::int`,
      peersAsked: sql<number>`(select count(*) from review_peer_assignments a join review_subjects s on s.id = a.subject_id
        where a.review_id = ${reviewId} and a.role = 'peer'${andSubjectTeamInScope})::int`,
      peersAnswered: sql<number>`(select count(*) from review_peer_assignments a join review_subjects s on s.id = a.subject_id
        where a.review_id = ${reviewId} and a.role = 'peer' and a.finished_at is not null${andSubjectTeamInScope})::int`,
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
export function inTeamsOf(ctx: TenantContext) {
  return inTeamScope(reviewScope(ctx), reviewSubjects.teamId);
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
  const [participants, [invites], [all]] = await Promise.all([
    joinPerson(
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
        .$dynamic(),
      reviewSubjects.membershipId,
    )
      .where(and(eq(reviewSubjects.reviewId, review.id), inTeamsOf(ctx)))
      .orderBy(asc(users.lastNameSort), asc(sql`lower(${users.firstName})`)),
    db
      .select({
        reviewers: sql<number>`count(*)::int`,
        invited: sql<number>`count(${reviewReviewers.invitedAt})::int`,
      })
      .from(reviewReviewers)
      .where(
        and(
          eq(reviewReviewers.reviewId, review.id),
          sql`exists (select 1 from review_peer_assignments a join review_subjects s on s.id = a.subject_id
            where a.review_id = ${rrReviewId} and a.reviewer_id = ${rrMembershipId}${subjectTeamInScope(ctx, sql.raw("s.team_id"))})`,
        ),
      ),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(reviewSubjects)
      .where(eq(reviewSubjects.reviewId, review.id)),
  ]);
  return {
    review,
    participants: participants.map((p) => ({
      subjectId: p.subjectId,
      membershipId: p.membershipId,
      name: personName(p.firstName, p.lastName),
      peersAsked: p.peersAsked,
      peersAnswered: p.peersAnswered,
      selfDone: p.selfDone > 0,
      leadersAsked: p.leadersAsked,
      leadersDone: p.leadersDone,
    })),
    reviewers: invites?.reviewers ?? 0,
    invited: invites?.invited ?? 0,
    /** Whether ctx sees every participant: only then lock, unlock and delete are offered. */
    wholeRound: (all?.n ?? 0) === participants.length,
  };
}
