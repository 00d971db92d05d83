import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { joinPerson } from "~/features/people/person-query.server";
import { getDb } from "#db/client.server";
import {
  criteria,
  membershipTags,
  reviewCriteria,
  reviews,
  reviewScores,
  reviewSubjects,
  reviewTeamStats,
  tags,
} from "#db/schema";
import type { LevelCounts } from "#db/schema";
import type { Dimension } from "~/features/criteria/scales";
import { inCluster, isUuid, notFound } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { sortResultRows, type SortDir, type SortKey } from "./results";
import { mayOpenReview, requireRound, teamReviewsInScope } from "./review-access.server";
import { subjectResultColumns } from "./review-scores.server";
import { levelCountKeys, roleCountKeys, scaleOf } from "./review-scoring";

/**
 * Results of a team review round (docs/decisions/0530): only finished team reviews count, and a team
 * leader sees only the team reviews in their scope (teamReviewsInScope). Grid and summary read the
 * precomputed review_subjects and review_team_stats rows, never aggregate all scores.
 */

/**
 * A results URL's id may be a round or one of its team reviews (docs/decisions/0530): returns the
 * round, and the team review when the id was one. Anything else, or outside scope, is a 404.
 */
export async function resolveResultsId(ctx: TenantContext, id: string) {
  if (!isUuid(id)) notFound();
  const db = getDb();
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(inCluster(reviews, ctx), eq(reviews.id, id), isNull(reviews.deletedAt)));
  const isResultsId = row?.type === "team-summary" || (row?.type === "team" && row.parentId);
  if (!isResultsId || !(await mayOpenReview(db, ctx, row))) notFound();
  if (row.type === "team-summary") return { round: row, teamReviewId: null };
  return { round: await requireRound(ctx, row.parentId!, db), teamReviewId: row.id };
}

/** The tab and round of a results or summary page: an unknown tab is a 404, the id as resolveResultsId. */
export async function resolveResultsTab<T extends string>(
  ctx: TenantContext,
  params: { id?: string; tab?: string },
  tabs: readonly T[],
) {
  const tab = tabs.find((t) => t === params.tab) ?? notFound();
  return { tab, ...(await resolveResultsId(ctx, params.id ?? "")) };
}

/** The team reviews of a round that ctx may see, with what the filters and notes need. */
async function visibleTeamReviews(ctx: TenantContext, roundId: string) {
  return getDb()
    .select({
      id: reviews.id,
      teamId: reviews.teamId,
      teamName: reviews.teamName,
      isFinished: reviews.isFinished,
      finishedAt: reviews.finishedAt,
      lockedAt: reviews.lockedAt,
    })
    .from(reviews)
    .where(teamReviewsInScope(ctx, roundId))
    .orderBy(asc(sql`lower(${reviews.teamName})`));
}

export type ResultsFilter = {
  /** A team review id or a team id. */
  team?: string | null;
  tagId?: string | null;
  sort?: SortKey;
  dir?: SortDir;
  /** Loads the criteria scores of these rows (1-based page of pageSize); all rows when no page. */
  scores?: { page?: number; pageSize?: number } | false;
};

export type ResultRow = {
  subjectId: string;
  reviewId: string;
  membershipId: string;
  firstName: string;
  lastName: string;
  teamName: string;
  performance: number | null;
  potential: number | null;
  employability: number | null;
  developmentRole: number | null;
  developmentGoal: string;
};

/** The people of the finished team reviews in scope, filtered and sorted; optionally their criteria scores. */
export async function roundResults(ctx: TenantContext, roundId: string, filter: ResultsFilter = {}) {
  const round = await requireRound(ctx, roundId);
  const db = getDb();
  const teamReviews = await visibleTeamReviews(ctx, round.id);
  // An unknown team, or one outside scope, is ignored: the filter is a GET form anyone can edit.
  const matching = filter.team ? teamReviews.filter((r) => r.id === filter.team || r.teamId === filter.team) : [];
  const chosen = matching.length ? matching : teamReviews;
  const finishedIds = chosen.filter((r) => r.isFinished).map((r) => r.id);
  const teamNameOf = new Map(teamReviews.map((r) => [r.id, r.teamName ?? ""]));
  const tagId = filter.tagId && isUuid(filter.tagId) ? filter.tagId : null;

  const [subjectRows, criteriaRows, tagRows] = await Promise.all([
    finishedIds.length
      ? joinPerson(
          db
            .select({ subjectId: reviewSubjects.id, reviewId: reviewSubjects.reviewId, ...subjectResultColumns })
            .from(reviewSubjects)
            .$dynamic(),
          reviewSubjects.membershipId,
        ).where(
          and(
            inCluster(reviewSubjects, ctx),
            inArray(reviewSubjects.reviewId, finishedIds),
            tagId
              ? sql`exists (select 1 from ${membershipTags} where ${membershipTags.membershipId} = ${reviewSubjects.membershipId} and ${membershipTags.tagId} = ${tagId})`
              : undefined,
          ),
        )
      : Promise.resolve([]),
    finishedIds.length
      ? db
          .select({
            criterionId: reviewCriteria.criterionId,
            dimension: reviewCriteria.dimension,
            name: criteria.name,
            position: sql<number>`min(${reviewCriteria.position})::int`,
          })
          .from(reviewCriteria)
          .innerJoin(criteria, eq(criteria.id, reviewCriteria.criterionId))
          .where(inArray(reviewCriteria.reviewId, finishedIds))
          .groupBy(reviewCriteria.criterionId, reviewCriteria.dimension, criteria.name)
          .orderBy(asc(reviewCriteria.dimension), sql`min(${reviewCriteria.position})`, asc(criteria.name))
      : Promise.resolve([]),
    db
      .select({ id: tags.id, name: tags.name })
      .from(tags)
      .where(and(inCluster(tags, ctx), eq(tags.kind, "personnel")))
      .orderBy(asc(sql`lower(${tags.name})`)),
  ]);

  const rows: ResultRow[] = sortResultRows(
    subjectRows.map((s) => ({ ...s, teamName: teamNameOf.get(s.reviewId) ?? "" })),
    filter.sort ?? "name",
    filter.dir ?? "asc",
  );

  let pageRows = rows;
  const scores = new Map<string, Record<string, number>>();
  if (filter.scores) {
    const { page, pageSize } = filter.scores;
    if (page && pageSize) pageRows = rows.slice((page - 1) * pageSize, page * pageSize);
    const ids = pageRows.map((r) => r.subjectId);
    for (let i = 0; i < ids.length; i += 1000) {
      const chunk = await db
        .select({ subjectId: reviewScores.subjectId, criterionId: reviewScores.criterionId, score: reviewScores.score })
        .from(reviewScores)
        .where(inArray(reviewScores.subjectId, ids.slice(i, i + 1000)));
      for (const s of chunk) {
        const map = scores.get(s.subjectId) ?? {};
        map[s.criterionId] = s.score;
        scores.set(s.subjectId, map);
      }
    }
  }

  return {
    round: { id: round.id, name: round.name, deadline: round.deadline, scale: scaleOf(round.scale) },
    teams: teamReviews.map((r) => ({
      reviewId: r.id,
      teamId: r.teamId,
      name: r.teamName ?? "",
      isFinished: r.isFinished,
    })),
    selectedTeam: matching.length ? matching[0].id : null,
    tagId,
    tags: tagRows,
    finishedCount: chosen.filter((r) => r.isFinished).length,
    teamReviewCount: chosen.length,
    criteria: criteriaRows.map((c) => ({ id: c.criterionId, name: c.name, dimension: c.dimension as Dimension })),
    rows,
    pageRows,
    scores: Object.fromEntries(scores),
  };
}

export type RoundResults = Awaited<ReturnType<typeof roundResults>>;

type Round = Awaited<ReturnType<typeof requireRound>>;

/**
 * The summary of a round (as requireRound gives it): distribution over roles and scale levels per
 * dimension, in total over every finished team review in scope and per team (one page of
 * `teams.pageSize` rows, by team name). Counts come from the precomputed review_team_stats rows and are
 * summed in SQL, so an 800-team round reads a few rows, not 800 (docs/decisions/0501).
 */
export async function roundSummary(ctx: TenantContext, round: Round, teams = { page: 1, pageSize: 25 }) {
  const db = getDb();
  const visibleTeamReviews = teamReviewsInScope(ctx, round.id);
  const finishedStats = and(eq(reviewTeamStats.roundId, round.id), visibleTeamReviews, eq(reviews.isFinished, true));
  const finishedFrom = sql`${reviewTeamStats} join ${reviews} on ${reviews.id} = ${reviewTeamStats.reviewId}`;
  // Each known key of the precomputed counts is summed as a column: one row, no set-returning
  // functions (jsonb_each is estimated at 100 rows per team, which made PostgreSQL JIT-compile the plan).
  const roleSums = roleCountKeys.map(
    (key) =>
      sql`sum((${reviewTeamStats.roleCounts} ->> ${sql.raw(`'${key}'`)})::int)::int as ${sql.identifier(`role:${key}`)}`,
  );
  const levelSums = ([1, 2, 3] as const).flatMap((dimension) =>
    levelCountKeys.map(
      (key) =>
        sql`sum((${reviewTeamStats.levelCounts} -> ${sql.raw(`'${dimension}'`)} ->> ${sql.raw(`'${key}'`)})::int)::int as ${sql.identifier(`level:${dimension}:${key}`)}`,
    ),
  );
  const [countRows, teamRows] = await Promise.all([
    db.execute<
      { teamReviews: number; finished: number; subjects: number; teams: number } & Record<string, number | null>
    >(sql`
      select counts.*, finished.*
      from (select count(*)::int as "teamReviews", (count(*) filter (where ${reviews.isFinished}))::int as finished
            from ${reviews} where ${visibleTeamReviews}) counts,
           (select coalesce(sum(${reviewTeamStats.subjects}), 0)::int as subjects, count(*)::int as teams,
                   ${sql.join([...roleSums, ...levelSums], sql`, `)}
            from ${finishedFrom} where ${finishedStats}) finished`),
    db
      .select({
        reviewId: reviewTeamStats.reviewId,
        name: sql<string>`coalesce(${reviews.teamName}, '')`,
        subjects: reviewTeamStats.subjects,
        roleCounts: reviewTeamStats.roleCounts,
        levelCounts: reviewTeamStats.levelCounts,
      })
      .from(reviewTeamStats)
      .innerJoin(reviews, eq(reviews.id, reviewTeamStats.reviewId))
      .where(finishedStats)
      .orderBy(asc(sql`lower(${reviews.teamName})`), asc(reviews.id))
      .limit(teams.pageSize)
      .offset((Math.max(1, teams.page) - 1) * teams.pageSize),
  ]);
  const [counts] = countRows.rows;
  // A key no finished team has sums to null and is left out, as it is in each team's own counts.
  const present = (entries: [string, number | null][]) =>
    Object.fromEntries(entries.filter((entry): entry is [string, number] => entry[1] !== null));
  const roleCounts = present(roleCountKeys.map((key) => [key, counts[`role:${key}`]]));
  const levelCounts: LevelCounts = {
    1: present(levelCountKeys.map((key) => [key, counts[`level:1:${key}`]])),
    2: present(levelCountKeys.map((key) => [key, counts[`level:2:${key}`]])),
    3: present(levelCountKeys.map((key) => [key, counts[`level:3:${key}`]])),
  };
  return {
    round: { id: round.id, name: round.name, deadline: round.deadline, scale: scaleOf(round.scale) },
    teamReviewCount: counts.teamReviews,
    finishedCount: counts.finished,
    /** Finished team reviews with counts, over all pages. */
    teamCount: counts.teams,
    teams: teamRows,
    total: { subjects: counts.subjects, roleCounts, levelCounts },
  };
}

export type RoundSummary = Awaited<ReturnType<typeof roundSummary>>;
