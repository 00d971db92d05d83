/**
 * Benchmark data for team reviews: one round over all teams of Groot BV with every member scored on
 * five criteria per dimension (about 150,000 scores; 1.5 million at 100,000 people), and its team reviews
 * finished, so that the overview, the summary and an evaluation page work on realistic volumes. The
 * development roles and team statistics come from the product's own scoring (review-scoring.ts).
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

  // Each member is placed once, in the first team (by name) that has them and a leader.
  const placed = new Set<string>();
  const teams: { teamId: string; name: string; leaders: string[]; members: string[] }[] = [];
  for (const [teamId, team] of byTeam) {
    const members = team.members.filter((m) => !placed.has(m));
    if (team.leaders.length === 0 || members.length === 0) continue;
    members.forEach((m) => placed.add(m));
    teams.push({ teamId, ...team, members });
  }

  // A few multi-row statements per table (not a round trip per team or person): 100,000 people in seconds.
  return db.transaction(async (tx) => {
    const base = { ...ids, name: LARGE_ROUND_NAME, deadline: "2026-06-30", scale: SCALE };
    const [round] = await tx
      .insert(reviews)
      .values({ ...base, type: "team-summary" })
      .returning({ id: reviews.id });
    const reviewOf = new Map<string, string>();
    for (const batch of batches(teams, 1000)) {
      const rows = await tx
        .insert(reviews)
        .values(
          batch.map((team) => ({
            ...base,
            type: "team" as const,
            parentId: round.id,
            teamId: team.teamId,
            teamName: team.name,
            isFinished: true,
            finishedAt: new Date(),
          })),
        )
        .returning({ id: reviews.id, teamId: reviews.teamId });
      for (const row of rows) reviewOf.set(row.teamId!, row.id);
    }
    const inTeam = teams.map((team) => ({ ...team, reviewId: reviewOf.get(team.teamId)! }));
    for (const batch of batches(
      inTeam.flatMap((t) => t.leaders.map((membershipId) => ({ ...ids, reviewId: t.reviewId, membershipId }))),
    ))
      await tx.insert(reviewReviewers).values(batch);
    for (const batch of batches(
      inTeam.flatMap((t) =>
        chosen.map((c, position) => ({
          reviewId: t.reviewId,
          criterionId: c.id,
          dimension: c.dimension,
          belongsToSet: false,
          locked: false,
          position,
        })),
      ),
    ))
      await tx.insert(reviewCriteria).values(batch);

    // Every subject's scores follow from its number n; its summary is written with it.
    const scoresOf = (n: number) =>
      chosen.map((c, j) => ({
        criterionId: c.id,
        dimension: c.dimension as Dimension,
        score: 1 + ((n * 7 + j * 3 + (n % 11)) % SCALE),
      }));
    const subjects: (typeof reviewSubjects.$inferInsert & { n: number; scoredBy: string })[] = [];
    const stats: (typeof reviewTeamStats.$inferInsert)[] = [];
    let n = 0;
    for (const team of inTeam) {
      const summaries = team.members.map((membershipId) => {
        n++;
        const summary = summariseSubject(scoresOf(n), SCALE, defaultRoleThresholds);
        subjects.push({
          ...ids,
          reviewId: team.reviewId,
          roundId: round.id,
          membershipId,
          ...summary,
          n,
          scoredBy: team.leaders[0],
        });
        return summary;
      });
      stats.push({ reviewId: team.reviewId, roundId: round.id, ...teamReviewStats(summaries, chosen.length) });
    }
    for (const batch of batches(subjects, 2000)) {
      const rows = await tx
        .insert(reviewSubjects)
        .values(batch.map(({ n: _n, scoredBy: _by, ...subject }) => subject))
        .returning({ id: reviewSubjects.id, membershipId: reviewSubjects.membershipId });
      const idOf = new Map(rows.map((row) => [row.membershipId, row.id]));
      const scoreRows = batch.flatMap((subject) =>
        scoresOf(subject.n).map((s) => ({
          subjectId: idOf.get(subject.membershipId)!,
          reviewId: subject.reviewId,
          criterionId: s.criterionId,
          dimension: s.dimension,
          score: s.score,
          scoredBy: subject.scoredBy,
        })),
      );
      for (const scores of batches(scoreRows)) await tx.insert(reviewScores).values(scores);
    }
    for (const batch of batches(stats, 1000)) await tx.insert(reviewTeamStats).values(batch);
    return round.id;
  });
}

/** Rows in slices small enough for one statement's parameters (at most 65,535). */
function batches<T>(rows: readonly T[], size = 5000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
