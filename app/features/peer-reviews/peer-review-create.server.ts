import type { WriteFailedStatus } from "~/utils/action-failed.server";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx, type Tx } from "#db/client.server";
import { reviewPeerAnswers, reviewPeerAssignments, reviewReviewers, reviewSubjects, reviewTeams } from "#db/schema";
import { requireReview, reviewScope } from "~/features/reviews/review-access.server";
import { auditReviews } from "~/features/reviews/review-audit.server";
import { createQuestionnaireRound, type CreateSelfReviewInput } from "~/features/reviews/self-review-create.server";
import { teamReviewCandidates } from "~/features/reviews/team-review-create.server";
import { notFound } from "~/utils/scope.server";
import { teamInScope } from "~/utils/team-scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { inTeamsOf } from "./peer-review-admin.server";

/**
 * Creating a peer round (docs/decisions/1020, 1021): the self review wizard's details, participants and
 * criteria; every participant answers about themselves (`self`) and their team's leaders about them
 * (`leader`); the peers are chosen afterwards per participant (`setPeers`). One transaction each.
 */

export type CreatePeerReviewResult =
  | { ok: true; reviewId: string }
  | {
      ok: false;
      field: "deadline" | "setId" | "participantIds" | "criterionIds" | null;
      code: "date" | "deadlinePast" | "setRequired" | "participantsRequired" | "flexExceeded" | "failed";
      status?: WriteFailedStatus;
      writeFailed?: true;
    };

/** A peer round from scratch: the self review's checks and rows, then a `self` and `leader` questionnaire each. */
export function createPeerReview(
  ctx: TenantContext,
  input: CreateSelfReviewInput,
  now: Date = new Date(),
): Promise<CreatePeerReviewResult> {
  const created = createQuestionnaireRound(
    ctx,
    "peer",
    input,
    (tx, { reviewId, subjects, leaders }) =>
      insertAssignments(
        tx,
        ctx,
        reviewId,
        subjects.flatMap((s) => [
          { subjectId: s.id, reviewerId: s.membershipId, role: "self" as const },
          ...leaders
            .filter((l) => l.teamId === s.teamId && l.membershipId !== s.membershipId)
            .map((l) => ({ subjectId: s.id, reviewerId: l.membershipId, role: "leader" as const })),
        ]),
      ),
    now,
  );
  // From scratch a round is never refused for its name, a source round or a round without members.
  return created as Promise<CreatePeerReviewResult>;
}

export type NewAssignment = { subjectId: string; reviewerId: string; role: "self" | "peer" | "leader" };

/** Assignments plus one review_reviewers row per reviewer (the invitation state, shared with the other types). */
export async function insertAssignments(tx: Tx, ctx: TenantContext, reviewId: string, rows: NewAssignment[]) {
  if (rows.length === 0) return;
  const scope = { accountId: ctx.accountId, clusterId: ctx.clusterId };
  await tx
    .insert(reviewPeerAssignments)
    .values(rows.map((r) => ({ ...scope, reviewId, ...r })))
    .onConflictDoNothing();
  await tx
    .insert(reviewReviewers)
    .values([...new Set(rows.map((r) => r.reviewerId))].map((membershipId) => ({ ...scope, reviewId, membershipId })))
    .onConflictDoNothing();
}

/**
 * The peers page: per participant the colleagues who may be chosen (members and leaders of the round's
 * teams, not the participant) and who is chosen now.
 */
export async function peerChoices(ctx: TenantContext, reviewId: string, db: DbOrTx = getDb()) {
  const review = await requireReview(ctx, reviewId, "peer", db);
  const candidates = await roundCandidates(ctx, review.id, db);
  // A team leader chooses for the participants of the teams they lead, from those teams (decision 1200).
  const subjects = await db
    .select({ id: reviewSubjects.id, membershipId: reviewSubjects.membershipId })
    .from(reviewSubjects)
    .where(and(eq(reviewSubjects.reviewId, review.id), inTeamsOf(ctx)));
  const assigned = await db
    .select({
      subjectId: reviewPeerAssignments.subjectId,
      reviewerId: reviewPeerAssignments.reviewerId,
      role: reviewPeerAssignments.role,
      answered: sql<boolean>`exists (select 1 from ${reviewPeerAnswers} a where a.assignment_id = ${reviewPeerAssignments.id})`,
    })
    .from(reviewPeerAssignments)
    .where(eq(reviewPeerAssignments.reviewId, review.id))
    .orderBy(asc(reviewPeerAssignments.createdAt));
  const nameOf = new Map(candidates.map((c) => [c.membershipId, c.name]));
  return {
    review,
    participants: subjects
      .map((s) => ({
        subjectId: s.id,
        membershipId: s.membershipId,
        name: nameOf.get(s.membershipId) ?? "",
        options: candidates.filter((c) => c.membershipId !== s.membershipId),
        peerIds: assigned.filter((a) => a.subjectId === s.id && a.role === "peer").map((a) => a.reviewerId),
        answeredPeerIds: assigned
          .filter((a) => a.subjectId === s.id && a.role === "peer" && a.answered)
          .map((a) => a.reviewerId),
      }))
      .sort((a, b) => a.name.localeCompare(b.name, "nl")),
  };
}

/** Everyone in the round's teams ctx sees (members and leaders, once each), by name. */
async function roundCandidates(ctx: TenantContext, reviewId: string, db: DbOrTx) {
  const scope = reviewScope(ctx);
  const teamIds = (
    await db.select({ teamId: reviewTeams.teamId }).from(reviewTeams).where(eq(reviewTeams.reviewId, reviewId))
  )
    .map((r) => r.teamId)
    .filter((id) => teamInScope(scope, id));
  const { leaders, members } = await teamReviewCandidates(ctx, { teamIds, tagIds: [] }, db);
  const people = new Map<string, { membershipId: string; name: string }>();
  for (const p of [...members, ...leaders])
    if (!people.has(p.membershipId)) people.set(p.membershipId, { membershipId: p.membershipId, name: p.name });
  return [...people.values()].sort((a, b) => a.name.localeCompare(b.name, "nl"));
}

export type SetPeersResult = { ok: true; kept: number } | { ok: false; code: "locked" };

/**
 * Replaces the chosen peers of every participant (`peers` maps subject ids to membership ids). Someone
 * who is not a colleague in the round's teams, or a subject of another round, is a 404 and nothing is
 * written; a peer who already answered stays (counted in `kept`).
 */
export async function setPeers(
  ctx: TenantContext,
  reviewId: string,
  peers: Record<string, string[]>,
): Promise<SetPeersResult> {
  const db = getDb();
  const review = await requireReview(ctx, reviewId, "peer", db);
  if (review.lockedAt || review.isFinished) return { ok: false, code: "locked" };
  const choices = await peerChoices(ctx, review.id, db);
  const bySubject = new Map(choices.participants.map((p) => [p.subjectId, p]));
  for (const [subjectId, ids] of Object.entries(peers)) {
    const participant = bySubject.get(subjectId) ?? notFound();
    const allowed = new Set(participant.options.map((o) => o.membershipId));
    if (ids.some((id) => !allowed.has(id))) notFound();
  }
  return db.transaction(async (tx) => {
    let kept = 0;
    const added: NewAssignment[] = [];
    for (const participant of choices.participants) {
      const wanted = new Set(peers[participant.subjectId] ?? []);
      const removable = participant.peerIds.filter(
        (id) => !wanted.has(id) && !participant.answeredPeerIds.includes(id),
      );
      kept += participant.peerIds.filter((id) => !wanted.has(id) && participant.answeredPeerIds.includes(id)).length;
      if (removable.length)
        await tx
          .delete(reviewPeerAssignments)
          .where(
            and(
              eq(reviewPeerAssignments.subjectId, participant.subjectId),
              eq(reviewPeerAssignments.role, "peer"),
              inArray(reviewPeerAssignments.reviewerId, removable),
              isNull(reviewPeerAssignments.finishedAt),
            ),
          );
      for (const id of wanted)
        if (!participant.peerIds.includes(id))
          added.push({ subjectId: participant.subjectId, reviewerId: id, role: "peer" });
    }
    await insertAssignments(tx, ctx, review.id, added);
    // A reviewer left without any questionnaire in this round needs no invitation any more.
    await tx.execute(sql`delete from ${reviewReviewers} rr where rr.review_id = ${review.id}
      and not exists (select 1 from ${reviewPeerAssignments} pa where pa.review_id = rr.review_id
        and pa.reviewer_id = rr.membership_id)`);
    await auditReviews(tx, ctx, "review.peerreview.peers", [review.id], { added: added.length });
    return { ok: true as const, kept };
  });
}
