import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { liveReviews } from "~/features/reviews/live-reviews.server";
import { getDb, type DbOrTx } from "#db/client.server";
import { reviewPeerAssignments, reviewPeerNominations, reviews, reviewSubjects } from "#db/schema";
import { requireReview } from "~/features/reviews/review-access.server";
import { auditReviews } from "~/features/reviews/review-audit.server";
import { isUuid, notFound } from "~/utils/scope.server";
import { requireReviewSubject } from "~/features/reviews/review-subject.server";
import type { TenantContext } from "~/utils/tenant.server";
import { inTeamsOf } from "./peer-review-admin.server";
import { insertAssignments } from "./peer-review-create.server";
import { personNameSql } from "~/utils/person-name.server";
import { personName } from "~/utils/person-name";
import { teamPlaces } from "~/features/teams/team-places.server";

/**
 * Participants propose their own peers; the leader or HR approves or rejects (docs/decisions/1202).
 * A participant proposes colleagues of the team they were picked from (not themselves, nor the leaders
 * who already answer about them as leader); an approved proposal becomes a `peer` assignment in the same transaction.
 */

/** The signed-in person's place in an open or closed peer round; a 404 when they are not reviewed in it. */
function requireOwnSubject(ctx: TenantContext, reviewId: string, db: DbOrTx) {
  return requireReviewSubject(ctx, "peer", reviewId, ctx.membershipId, db);
}

/** Colleagues of one team (members and leaders, active), once each, by name. */
async function teamColleagues(ctx: TenantContext, teamId: string | null, db: DbOrTx) {
  if (!teamId) return [];
  const places = await teamPlaces(ctx, [teamId], db);
  const rows = [...new Map(places.map((r) => [r.membershipId, r])).values()];
  return rows
    .map((r) => ({ membershipId: r.membershipId, name: personName(r.firstName, r.lastName) }))
    .sort((a, b) => a.name.localeCompare(b.name, "nl"));
}

export type NominationState = "none" | "proposed" | "approved" | "rejected" | "chosen";

/** The nomination page: the colleagues the participant may propose and where each stands. */
export async function myNominationChoices(ctx: TenantContext, reviewId: string, db: DbOrTx = getDb()) {
  const { review, subject } = await requireOwnSubject(ctx, reviewId, db);
  const [colleagues, nominations, peers] = await Promise.all([
    teamColleagues(ctx, subject.teamId, db),
    db
      .select({ nomineeId: reviewPeerNominations.nomineeId, status: reviewPeerNominations.status })
      .from(reviewPeerNominations)
      .where(eq(reviewPeerNominations.subjectId, subject.id)),
    db
      .select({ reviewerId: reviewPeerAssignments.reviewerId, role: reviewPeerAssignments.role })
      .from(reviewPeerAssignments)
      .where(eq(reviewPeerAssignments.subjectId, subject.id)),
  ]);
  const statusOf = new Map(nominations.map((n) => [n.nomineeId, n.status]));
  const chosen = new Set(peers.filter((p) => p.role === "peer").map((p) => p.reviewerId));
  // Their leaders already answer about them as leader: not proposable as a peer.
  const answersOtherwise = new Set(peers.filter((p) => p.role !== "peer").map((p) => p.reviewerId));
  return {
    review,
    subject,
    open: !review.lockedAt && !review.isFinished,
    colleagues: colleagues
      .filter((c) => c.membershipId !== subject.membershipId && !answersOtherwise.has(c.membershipId))
      .map((c) => ({
        ...c,
        state: (chosen.has(c.membershipId) ? "chosen" : (statusOf.get(c.membershipId) ?? "none")) as NominationState,
      })),
  };
}

export type NominateResult = { ok: true; proposed: number } | { ok: false; code: "locked" };

/**
 * Saves the participant's proposals: ticked colleagues become `proposed` (once), unticked proposals
 * still waiting are withdrawn; decided ones and chosen peers stay. Someone who is not a colleague of
 * the participant's team is a 404 and nothing is written.
 */
export async function nominatePeers(
  ctx: TenantContext,
  reviewId: string,
  nomineeIds: string[],
): Promise<NominateResult> {
  const db = getDb();
  const choices = await myNominationChoices(ctx, reviewId, db);
  const byId = new Map(choices.colleagues.map((c) => [c.membershipId, c]));
  if (nomineeIds.some((id) => !byId.has(id))) notFound();
  if (!choices.open) return { ok: false, code: "locked" };
  const wanted = new Set(nomineeIds);
  const scope = { accountId: ctx.accountId, clusterId: ctx.clusterId };
  return db.transaction(async (tx) => {
    const withdrawn = choices.colleagues.filter((c) => c.state === "proposed" && !wanted.has(c.membershipId));
    if (withdrawn.length)
      await tx.delete(reviewPeerNominations).where(
        and(
          eq(reviewPeerNominations.subjectId, choices.subject.id),
          eq(reviewPeerNominations.status, "proposed"),
          inArray(
            reviewPeerNominations.nomineeId,
            withdrawn.map((c) => c.membershipId),
          ),
        ),
      );
    const added = [...wanted].filter((id) => byId.get(id)!.state === "none");
    if (added.length)
      await tx
        .insert(reviewPeerNominations)
        .values(
          added.map((nomineeId) => ({
            ...scope,
            reviewId: choices.review.id,
            subjectId: choices.subject.id,
            nomineeId,
          })),
        )
        .onConflictDoNothing();
    await auditReviews(tx, ctx, "review.peerreview.nominate", [choices.review.id], {
      added: added.length,
      withdrawn: withdrawn.length,
    });
    const proposed = choices.colleagues.filter((c) => c.state === "proposed" && wanted.has(c.membershipId)).length;
    return { ok: true as const, proposed: proposed + added.length };
  });
}

/** The proposals waiting for a decision in a round ctx manages (their own teams' participants for a leader). */
export async function pendingNominations(ctx: TenantContext, reviewId: string, db: DbOrTx = getDb()) {
  const review = await requireReview(ctx, reviewId, "peer", db);
  const name = (column: typeof reviewSubjects.membershipId | typeof reviewPeerNominations.nomineeId) =>
    sql<string>`(select ${personNameSql("u")} from memberships m
      join users u on u.id = m.user_id where m.id = ${column})`;
  return db
    .select({
      id: reviewPeerNominations.id,
      subjectName: name(reviewSubjects.membershipId),
      nomineeName: name(reviewPeerNominations.nomineeId),
    })
    .from(reviewPeerNominations)
    .innerJoin(reviewSubjects, eq(reviewSubjects.id, reviewPeerNominations.subjectId))
    .where(
      and(eq(reviewPeerNominations.reviewId, review.id), eq(reviewPeerNominations.status, "proposed"), inTeamsOf(ctx)),
    )
    .orderBy(asc(name(reviewSubjects.membershipId)), asc(reviewPeerNominations.createdAt));
}

export type DecideResult = { ok: true; changed: boolean } | { ok: false; code: "locked" };

/**
 * Approves (a `peer` assignment and the reviewer's invitation row, in one transaction) or rejects a
 * proposal. A proposal of another round, team or tenant is a 404; one already decided changes nothing.
 */
export async function decideNomination(
  ctx: TenantContext,
  reviewId: string,
  nominationId: string,
  approve: boolean,
): Promise<DecideResult> {
  const db = getDb();
  const review = await requireReview(ctx, reviewId, "peer", db);
  if (!isUuid(nominationId)) notFound();
  const [nomination] = await db
    .select({ nomination: reviewPeerNominations })
    .from(reviewPeerNominations)
    .innerJoin(reviewSubjects, eq(reviewSubjects.id, reviewPeerNominations.subjectId))
    .where(
      and(eq(reviewPeerNominations.id, nominationId), eq(reviewPeerNominations.reviewId, review.id), inTeamsOf(ctx)),
    );
  if (!nomination) notFound();
  if (review.lockedAt || review.isFinished) return { ok: false, code: "locked" };
  return db.transaction(async (tx) => {
    const [decided] = await tx
      .update(reviewPeerNominations)
      .set({ status: approve ? "approved" : "rejected", decidedBy: ctx.membershipId, decidedAt: new Date() })
      .where(and(eq(reviewPeerNominations.id, nominationId), eq(reviewPeerNominations.status, "proposed")))
      .returning();
    if (!decided) return { ok: true as const, changed: false };
    if (approve)
      await insertAssignments(tx, ctx, review.id, [
        { subjectId: decided.subjectId, reviewerId: decided.nomineeId, role: "peer" },
      ]);
    await auditReviews(tx, ctx, approve ? "review.peerreview.approve" : "review.peerreview.reject", [review.id], {
      nominationId,
    });
    return { ok: true as const, changed: true };
  });
}

/** Open peer rounds in which the signed-in person is reviewed (the link to propose peers). */
export async function myNominationRounds(ctx: TenantContext) {
  if (!ctx.membershipId) return [];
  return getDb()
    .select({ reviewId: reviews.id, name: reviews.name })
    .from(reviewSubjects)
    .innerJoin(reviews, eq(reviews.id, reviewSubjects.reviewId))
    .where(
      and(
        liveReviews(ctx, "peer"),
        isNull(reviews.lockedAt),
        eq(reviews.isFinished, false),
        eq(reviewSubjects.membershipId, ctx.membershipId),
      ),
    );
}
