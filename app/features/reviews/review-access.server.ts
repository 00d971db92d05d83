import { and, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { reviewReviewers, reviews, reviewSubjects, reviewTeams, type ReviewType } from "#db/schema";
import { inCluster, isUuid, notFound } from "~/utils/scope.server";
import { inTeamScope, teamInScope, teamScope, type TeamScope } from "~/utils/team-scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { liveReviews } from "./live-reviews.server";
import { requireReviewSubject } from "./review-subject.server";

/**
 * Who may open which review (docs/decisions/0502, 0720). The one rule behind the evaluation, results,
 * summary, compare, report, export and API paths: `mayOpenReview` answers it for one review, and
 * `teamReviewVisibility` is the same rule as a condition for queries over many.
 */

/** Team and peer reviews: reviews.manage through a cluster-level role the cluster, a team leader his teams (0502, 1420). */
export const reviewScope = (ctx: TenantContext): TeamScope => teamScope(ctx, "reviews.manage");

/** For callers that only need to know: can ctx manage every review in this cluster. */
export function managesAllReviews(ctx: TenantContext) {
  return reviewScope(ctx).all;
}

/** Work on whole rounds (confirming, rolling back, locking, deleting): a 404 for a team leader. */
export function requireClusterWide(ctx: TenantContext) {
  if (!managesAllReviews(ctx)) notFound();
}

/**
 * Which team reviews ctx may open, as a condition on `reviews` (undefined: all of the cluster, for
 * cluster-wide reviewers): the review's team is one ctx leads, or ctx is one of its chosen reviewers.
 * Queries filter on it instead of passing a round's 800 ids as parameters.
 */
export function teamReviewVisibility(ctx: TenantContext): SQL | undefined {
  const scope = reviewScope(ctx);
  if (scope.all) return undefined;
  const chosenReviewer = ctx.membershipId
    ? sql`exists (select 1 from ${reviewReviewers} rr where rr.review_id = ${reviews.id}
        and rr.membership_id = ${ctx.membershipId})`
    : sql`false`;
  return or(inTeamScope(scope, reviews.teamId), chosenReviewer);
}

/** The team reviews of a round that ctx may open, as a condition on `reviews`. */
export function teamReviewsInScope(ctx: TenantContext, roundId: string): SQL {
  return and(liveReviews(ctx, "team"), eq(reviews.parentId, roundId), teamReviewVisibility(ctx))!;
}

/** The ids of the team reviews of a round that ctx may open. */
export async function teamReviewIdsInScope(ctx: TenantContext, roundId: string, db: DbOrTx = getDb()) {
  const rows = await db.select({ id: reviews.id }).from(reviews).where(teamReviewsInScope(ctx, roundId));
  return rows.map((r) => r.id);
}

/** Self reviews: selfReviews.manage through a cluster-level role the cluster, a team leader his teams (0942, 1420). */
export const selfReviewScope = (ctx: TenantContext): TeamScope => teamScope(ctx, "selfReviews.manage");

/** The self reviews ctx manages, as a condition on `reviews` (undefined: all of the cluster). */
export function selfReviewVisibility(ctx: TenantContext): SQL | undefined {
  return reviewOfTeams(selfReviewScope(ctx));
}

/** A review (self or peer) with one of the scope's teams among its teams; undefined for the whole cluster. */
function reviewOfTeams(scope: TeamScope): SQL | undefined {
  if (scope.all) return undefined;
  if (scope.teamIds.length === 0) return sql`false`;
  return sql`exists (select 1 from ${reviewTeams} rt where rt.review_id = ${reviews.id}
    and ${inTeamScope(scope, sql`rt.team_id`)})`;
}

/**
 * Who manages which peer rounds (docs/decisions/1021): reviews.manage through a cluster-level role (or an
 * account admin) all of the cluster; a team leader those for one of the teams they lead. A condition on
 * `reviews` (undefined: all of the cluster).
 */
export function peerReviewVisibility(ctx: TenantContext): SQL | undefined {
  return reviewOfTeams(reviewScope(ctx));
}

/**
 * Whether ctx may open a review already read from the current cluster: a team review by
 * teamReviewVisibility, a round when ctx may open one of its team reviews, a self review by
 * selfReviewVisibility (its participants open only their own questionnaire: requireParticipation), a
 * peer round by peerReviewVisibility (its reviewers open only their own questionnaires:
 * requirePeerAssignment). Calibration reviews add their rule here.
 */
export async function mayOpenReview(
  db: DbOrTx,
  ctx: TenantContext,
  review: { id: string; type: ReviewType },
): Promise<boolean> {
  if (review.type === "self" || review.type === "peer") {
    const visible = review.type === "self" ? selfReviewVisibility(ctx) : peerReviewVisibility(ctx);
    if (!visible) return true;
    const [row] = await db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.id, review.id), visible))
      .limit(1);
    return Boolean(row);
  }
  if (managesAllReviews(ctx)) return true;
  const visible =
    review.type === "team"
      ? and(eq(reviews.id, review.id), teamReviewVisibility(ctx))
      : review.type === "team-summary"
        ? teamReviewsInScope(ctx, review.id)
        : undefined;
  if (!visible) return false;
  const [row] = await db.select({ id: reviews.id }).from(reviews).where(visible).limit(1);
  return Boolean(row);
}

/**
 * Whether ctx may name a review elsewhere (a task or note "about" it, whose list shows the review's
 * name): a live review of the current cluster that ctx may open (mayOpenReview), or one in which ctx's
 * own membership is a subject (their own self review's result).
 */
export async function mayReferToReview(ctx: TenantContext, reviewId: string, db: DbOrTx = getDb()): Promise<boolean> {
  if (!isUuid(reviewId)) return false;
  const [review] = await db
    .select({ id: reviews.id, type: reviews.type })
    .from(reviews)
    .where(and(inCluster(reviews, ctx), eq(reviews.id, reviewId), isNull(reviews.deletedAt)));
  if (!review) return false;
  if (await mayOpenReview(db, ctx, review)) return true;
  if (!ctx.membershipId) return false;
  const [subject] = await db
    .select({ id: reviewSubjects.reviewId })
    .from(reviewSubjects)
    .where(and(eq(reviewSubjects.reviewId, review.id), eq(reviewSubjects.membershipId, ctx.membershipId)))
    .limit(1);
  return Boolean(subject);
}

/**
 * A review of the current cluster and of this type that ctx may open; 404 otherwise (whatever the
 * id). Inside a transaction pass it as `db`: a second pool connection there deadlocks under load.
 */
export async function requireReview(ctx: TenantContext, reviewId: string, type: ReviewType, db: DbOrTx = getDb()) {
  if (!isUuid(reviewId)) notFound();
  const [review] = await db
    .select()
    .from(reviews)
    .where(and(liveReviews(ctx, type), eq(reviews.id, reviewId)));
  if (!review || !(await mayOpenReview(db, ctx, review))) notFound();
  return review;
}

export type Review = Awaited<ReturnType<typeof requireReview>>;

/** A team review ctx may open (requireReview). */
export function requireTeamReview(ctx: TenantContext, reviewId: string, db: DbOrTx = getDb()) {
  return requireReview(ctx, reviewId, "team", db);
}

/** A round (team-summary review) ctx may open: team leaders only rounds with one of their team reviews. */
export function requireRound(ctx: TenantContext, roundId: string, db: DbOrTx = getDb()) {
  return requireReview(ctx, roundId, "team-summary", db);
}

/** The round of a team review ctx may already open (no check of its own: opening one team review of a round opens the round). */
export async function roundOf(db: DbOrTx, review: { parentId: string | null }): Promise<Review | null> {
  if (!review.parentId) return null;
  const [round] = await db.select().from(reviews).where(eq(reviews.id, review.parentId));
  return round ?? null;
}

/**
 * A participant's entry in a self review of the current cluster: ctx is that participant, or manages
 * the review (then only to read). Any other review, membership or person is a 404.
 */
export async function requireParticipation(
  ctx: TenantContext,
  reviewId: string,
  membershipId: string,
  db: DbOrTx = getDb(),
) {
  const row = await requireReviewSubject(ctx, "self", reviewId, membershipId, db);
  const own = ctx.membershipId === membershipId;
  if (!own) {
    // A team leader reads only the questionnaires of their own teams' participants.
    if (!teamInScope(selfReviewScope(ctx), row.subject.teamId)) notFound();
  }
  return { ...row, own };
}
