/**
 * Benchmark data for team reviews: two finished rounds over all teams of Groot BV, six months apart, with every
 * member scored on five criteria per dimension in each (about 150,000 scores a round; 1.5 million at 100,000
 * people), so that the overview, the summary, an evaluation page and HR analytics' rounds and movement tabs work
 * on realistic volumes (decision 1964). The development roles and team statistics come from the product's own
 * scoring (review-scoring.ts).
 *
 * The latest round, "Teamreview groot", is the one every earlier bench figure was measured on and is unchanged:
 * its scores average 3 in every dimension, so everyone is in one role. The earlier round, "Teamreview groot
 * voorjaar", finished six months before it, spreads its people over all five roles, so that the movement
 * between the two rounds has a transition table of several cells.
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
export const LARGE_EARLIER_ROUND_NAME = "Teamreview groot voorjaar";
const PER_DIMENSION = 5;
const SCALE = 5;
const MONTHS_BETWEEN = 6;

type Ids = { accountId: string; clusterId: string };
/** A round to seed: its name, deadline, when its team reviews finished, and each subject's score on a criterion. */
type RoundSpec = {
  name: string;
  deadline: string;
  finishedAt: Date;
  score: (n: number, j: number, dimension: Dimension) => number;
};

/**
 * Seeds both rounds unless they exist (an account seeded before decision 1964 gets the earlier round only);
 * returns the latest round's id and whether anything was added.
 */
export async function seedLargeTeamReviews(db: Database, ids: Ids) {
  const latest = await seedRound(db, ids, {
    name: LARGE_ROUND_NAME,
    deadline: "2026-06-30",
    finishedAt: new Date(),
    // Every dimension averages 3: the same data as before decision 1964.
    score: (n, j) => 1 + ((n * 7 + j * 3 + (n % 11)) % SCALE),
  });
  // Six months before the latest round finished (also when that was seeded earlier than today).
  const { rows } = await db.execute<{ at: string }>(sql`
    select to_char((max(finished_at) - make_interval(months => ${MONTHS_BETWEEN})) at time zone 'UTC',
                   'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
    from reviews where parent_id = ${latest.id}`);
  const earlierAt = new Date(rows[0].at);
  const earlier = await seedRound(db, ids, {
    name: LARGE_EARLIER_ROUND_NAME,
    deadline: earlierAt.toISOString().slice(0, 10),
    finishedAt: earlierAt,
    // Dimensions apart per person: every role occurs (about 10 %, 16 %, 16 %, 54 %, 4 % of roles 1–5).
    score: (n, j, dimension) => 1 + ((Math.floor(n / dimension) * 3 + (n % 7) + (j % 2)) % SCALE),
  });
  return { id: latest.id, created: latest.created || earlier.created };
}

async function seedRound(db: Database, ids: Ids, spec: RoundSpec) {
  const [existing] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.clusterId, ids.clusterId), eq(reviews.name, spec.name), isNull(reviews.parentId)));
  if (existing) return { id: existing.id, created: false };
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
    const base = { ...ids, name: spec.name, deadline: spec.deadline, scale: SCALE, createdAt: spec.finishedAt };
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
            finishedAt: spec.finishedAt,
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
        score: spec.score(n, j, c.dimension as Dimension),
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
    return { id: round.id, created: true };
  });
}

/** Rows in slices small enough for one statement's parameters (at most 65,535). */
function batches<T>(rows: readonly T[], size = 5000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
