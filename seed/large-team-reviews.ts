/**
 * Benchmark data for team reviews: one round over all teams of Groot BV with every member scored on
 * five criteria per dimension (about 150,000 scores), and its team reviews finished, so that the
 * overview, the summary and an evaluation page work on realistic volumes.
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { defaultRoleThresholds } from "~/features/criteria/development-roles";
import type { Dimension } from "~/features/criteria/scales";
import { summariseSubject, teamReviewStats } from "~/features/reviews/review-scoring";
import type { Database } from "#db/client.server";
import {
  criteria,
  reviewCriteria,
  reviewReviewers,
  reviews,
  reviewScores,
  reviewSubjects,
  reviewTeamStats,
} from "#db/schema";

export const LARGE_ROUND_NAME = "Teamreview groot";
const PER_DIMENSION = 5;
const SCALE = 5;

export async function seedLargeTeamReviews(db: Database, ids: { accountId: string; clusterId: string }) {
  const [existing] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.clusterId, ids.clusterId), eq(reviews.name, LARGE_ROUND_NAME)));
  if (existing) return existing.id;
  const book = await db
    .select({ id: criteria.id, dimension: criteria.dimension })
    .from(criteria)
    .where(and(eq(criteria.clusterId, ids.clusterId), isNull(criteria.archivedAt)))
    .orderBy(asc(criteria.dimension), asc(criteria.sourceKey));
  const chosen = ([1, 2, 3] as const).flatMap((d) => book.filter((c) => c.dimension === d).slice(0, PER_DIMENSION));
  const places = await db.execute<{ team_id: string; team_name: string; membership_id: string; role_key: string }>(sql`
    select t.id as team_id, t.name as team_name, ra.membership_id, ra.role_key
    from role_assignments ra join teams t on t.id = ra.team_id
    where ra.cluster_id = ${ids.clusterId} and ra.role_key in ('team_admin', 'team_member')
    order by t.name, ra.membership_id`);
  const byTeam = new Map<string, { name: string; leaders: string[]; members: string[] }>();
  for (const p of places.rows) {
    const team = byTeam.get(p.team_id) ?? { name: p.team_name, leaders: [], members: [] };
    (p.role_key === "team_admin" ? team.leaders : team.members).push(p.membership_id);
    byTeam.set(p.team_id, team);
  }

  return db.transaction(async (tx) => {
    const base = { ...ids, name: LARGE_ROUND_NAME, deadline: "2026-06-30", scale: SCALE };
    const [round] = await tx
      .insert(reviews)
      .values({ ...base, type: "team-summary" })
      .returning({ id: reviews.id });
    const placed = new Set<string>();
    let n = 0;
    const scoreRows: (typeof reviewScores.$inferInsert)[] = [];
    const flush = async (force = false) => {
      if (scoreRows.length >= 5000 || (force && scoreRows.length))
        await tx.insert(reviewScores).values(scoreRows.splice(0));
    };
    for (const [teamId, team] of byTeam) {
      const members = team.members.filter((m) => !placed.has(m));
      if (team.leaders.length === 0 || members.length === 0) continue;
      members.forEach((m) => placed.add(m));
      const [review] = await tx
        .insert(reviews)
        .values({
          ...base,
          type: "team",
          parentId: round.id,
          teamId,
          teamName: team.name,
          isFinished: true,
          finishedAt: new Date(),
        })
        .returning({ id: reviews.id });
      await tx
        .insert(reviewReviewers)
        .values(team.leaders.map((membershipId) => ({ ...ids, reviewId: review.id, membershipId })));
      await tx.insert(reviewCriteria).values(
        chosen.map((c, position) => ({
          reviewId: review.id,
          criterionId: c.id,
          dimension: c.dimension,
          belongsToSet: false,
          locked: false,
          position,
        })),
      );
      const summaries = [];
      const subjects = await tx
        .insert(reviewSubjects)
        .values(members.map((membershipId) => ({ ...ids, reviewId: review.id, roundId: round.id, membershipId })))
        .returning({ id: reviewSubjects.id });
      for (const subject of subjects) {
        n++;
        const scores = chosen.map((c, j) => ({
          criterionId: c.id,
          dimension: c.dimension as Dimension,
          score: 1 + ((n * 7 + j * 3 + (n % 11)) % SCALE),
        }));
        const summary = summariseSubject(scores, SCALE, defaultRoleThresholds);
        summaries.push(summary);
        await tx.update(reviewSubjects).set(summary).where(eq(reviewSubjects.id, subject.id));
        for (const s of scores)
          scoreRows.push({
            subjectId: subject.id,
            reviewId: review.id,
            criterionId: s.criterionId,
            dimension: s.dimension,
            score: s.score,
            scoredBy: team.leaders[0],
          });
        await flush();
      }
      await tx
        .insert(reviewTeamStats)
        .values({ reviewId: review.id, roundId: round.id, ...teamReviewStats(summaries, chosen.length) });
    }
    await flush(true);
    return round.id;
  });
}
