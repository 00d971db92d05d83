import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import {
  criteria,
  reviewPeerAssignments,
  reviews,
  reviewScores,
  reviewSubjects,
  reviewTeamAnswers,
  reviewTeamStats,
  users,
} from "#db/schema";
import type { CriteriaScore, ReviewDetail, ReviewMembership } from "~/features/api/schemas/reviews";
import { joinPerson } from "~/features/people/person-query.server";
import { linkedGoalsOfReviews } from "~/features/team-goals/team-goals.server";
import { personName } from "~/utils/person-name";
import { isUuid, notFound } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { apiReviewVisibility, type ReviewApiAccess } from "./review-api-access.server";
import { reviewFacets, reviewListEntry, type ApiReviewRow, type VisibleSubject } from "./review-api-facets.server";
import { reviewCriteriaRows } from "./review-criteria.server";
import { developmentRoleKey } from "./review-scoring";
import { roundSummary } from "./round-results.server";

/**
 * GET api/reviews and GET api/reviews/{id} (spec §3, §7; docs/decisions/1660): one list of every review
 * ctx may open — rounds (team-summary), team, self and peer reviews — newest first, and any of its ids
 * opened with its member entries, criteria, summary and linked team goals.
 */

export async function listReviewsForApi(
  ctx: TenantContext,
  access: ReviewApiAccess,
  paging: { page: number; pageSize: number },
) {
  const db = getDb();
  const rows = await db
    .select({ review: reviews, total: sql<number>`(count(*) over ())::int` })
    .from(reviews)
    .where(apiReviewVisibility(ctx, access))
    .orderBy(desc(reviews.createdAt), asc(reviews.id))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  // The window counts the matching reviews; only a page past the last needs to count them apart.
  const total =
    rows[0]?.total ??
    (paging.page > 1
      ? (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(reviews)
            .where(apiReviewVisibility(ctx, access))
        )[0].n
      : 0);
  const facets = await reviewFacets(
    ctx,
    rows.map((r) => r.review),
  );
  return {
    page: paging.page,
    pageSize: paging.pageSize,
    total,
    reviews: rows.map(({ review }) => reviewListEntry(review, facets.get(review.id)!)),
  };
}

/** A review ctx may open through the API, or 404 (whatever the id). */
export async function requireApiReview(ctx: TenantContext, access: ReviewApiAccess, id: string, db: DbOrTx = getDb()) {
  if (!isUuid(id)) notFound();
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(apiReviewVisibility(ctx, access), eq(reviews.id, id)));
  if (!row) notFound();
  return row;
}

type ScoreRow = {
  subjectId: string;
  criterionId: string;
  dimension: number;
  isManual: boolean;
  name: string;
  score: number;
};

const scoreOf = (s: ScoreRow): CriteriaScore => ({
  id: `${s.subjectId}:${s.criterionId}`,
  criterionId: s.criterionId,
  dimension: s.dimension as 1 | 2 | 3,
  isManual: s.isManual,
  name: s.name,
  score: s.score,
});

function scoresBySubject(rows: readonly ScoreRow[]) {
  const map = new Map<string, CriteriaScore[]>();
  for (const row of rows) map.set(row.subjectId, [...(map.get(row.subjectId) ?? []), scoreOf(row)]);
  return map;
}

/**
 * The full member entries of these (visible) subjects: person, dimension scores, development role and
 * goal, criteria scores, and a self review participant's answers about the team as extraScores.teamScores.
 * A peer round's entries carry counts only: its answers are results behind the anonymity threshold (1662).
 */
export async function memberEntries(
  type: ApiReviewRow["type"],
  subjects: readonly VisibleSubject[],
  db: DbOrTx = getDb(),
): Promise<ReviewMembership[]> {
  if (subjects.length === 0) return [];
  const ids = subjects.map((s) => s.id);
  const people = await joinPerson(
    db
      .select({
        id: reviewSubjects.id,
        reviewId: reviewSubjects.reviewId,
        membershipId: reviewSubjects.membershipId,
        teamId: reviewSubjects.teamId,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        performance: reviewSubjects.performance,
        potential: reviewSubjects.potential,
        employability: reviewSubjects.employability,
        developmentRole: reviewSubjects.developmentRole,
        developmentGoal: reviewSubjects.developmentGoal,
        finishedAt: reviewSubjects.finishedAt,
      })
      .from(reviewSubjects)
      .$dynamic(),
    reviewSubjects.membershipId,
  )
    .where(inArray(reviewSubjects.id, ids))
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(reviewSubjects.id));
  const answers = (table: typeof reviewScores | typeof reviewTeamAnswers, manual: boolean) =>
    db
      .select({
        subjectId: table.subjectId,
        criterionId: table.criterionId,
        dimension: table.dimension,
        isManual: manual ? sql<boolean>`true` : (table as typeof reviewScores).isManual,
        name: criteria.name,
        score: table.score,
      })
      .from(table)
      .innerJoin(criteria, eq(criteria.id, table.criterionId))
      .where(inArray(table.subjectId, ids))
      .orderBy(asc(table.dimension), asc(sql`lower(${criteria.name})`));
  const own = type === "peer" ? new Map() : scoresBySubject(await answers(reviewScores, false));
  const team = type === "self" ? scoresBySubject(await answers(reviewTeamAnswers, true)) : new Map();
  const peer = type === "peer" ? await peerCountsOf(ids, db) : new Map();
  return people.map((p) => ({
    id: p.id,
    reviewId: p.reviewId,
    membershipId: p.membershipId,
    teamId: p.teamId,
    name: personName(p.firstName, p.lastName, p.email),
    firstName: p.firstName,
    lastName: p.lastName,
    // A peer round's results stay on its results page (anonymity threshold): no scores here.
    score: type === "peer" ? { 1: null, 2: null, 3: null } : { 1: p.performance, 2: p.potential, 3: p.employability },
    developmentRole: type === "peer" ? null : developmentRoleKey(p.developmentRole),
    developmentGoal: p.developmentGoal,
    finishedAt: p.finishedAt?.toISOString() ?? null,
    criteriaScores: own.get(p.id) ?? [],
    extraScores: { teamScores: team.get(p.id) ?? [] },
    ...(type === "peer" ? { peer: peer.get(p.id) } : {}),
  }));
}

/** Per peer round participant: peers asked and answered, own questionnaire done, leaders asked and done. */
async function peerCountsOf(subjectIds: string[], db: DbOrTx) {
  const a = reviewPeerAssignments;
  const rows = await db
    .select({
      subjectId: a.subjectId,
      peersAsked: sql<number>`(count(*) filter (where ${a.role} = 'peer'))::int`,
      peersAnswered: sql<number>`(count(${a.finishedAt}) filter (where ${a.role} = 'peer'))::int`,
      selfFinished: sql<boolean>`coalesce(bool_or(${a.finishedAt} is not null) filter (where ${a.role} = 'self'), false)`,
      leadersAsked: sql<number>`(count(*) filter (where ${a.role} = 'leader'))::int`,
      leadersFinished: sql<number>`(count(${a.finishedAt}) filter (where ${a.role} = 'leader'))::int`,
    })
    .from(a)
    .where(inArray(a.subjectId, subjectIds))
    .groupBy(a.subjectId);
  const zero = { peersAsked: 0, peersAnswered: 0, selfFinished: false, leadersAsked: 0, leadersFinished: 0 };
  const counts = new Map(rows.map(({ subjectId, ...c }) => [subjectId, c]));
  return new Map(subjectIds.map((id) => [id, counts.get(id) ?? zero]));
}

/** The criteria per dimension of these reviews (a round: its team reviews'), each criterion once. */
async function criteriaPerDimension(reviewIds: string[], db: DbOrTx): Promise<ReviewDetail["criteria"]> {
  const rows = await reviewCriteriaRows(db, reviewIds);
  const once = [...new Map(rows.map((c) => [c.criterionId, c])).values()];
  return ([1, 2, 3] as const).map((dimension) => ({
    dimension,
    criteria: once
      .filter((c) => c.dimension === dimension)
      .map((c) => ({ id: c.criterionId, name: c.name, belongsToSet: c.belongsToSet, locked: c.locked })),
  }));
}

/**
 * The summary page's distribution (docs/decisions/1661): a finished team review's precomputed counts, a
 * round's over its finished team reviews in scope; null for an unfinished team review, self and peer.
 */
async function summaryOf(ctx: TenantContext, row: ApiReviewRow, db: DbOrTx): Promise<ReviewDetail["summary"]> {
  if (row.type === "team-summary") return (await roundSummary(ctx, row)).total;
  if (row.type !== "team" || !row.isFinished) return null;
  const [stats] = await db.select().from(reviewTeamStats).where(eq(reviewTeamStats.reviewId, row.id));
  return stats ? { subjects: stats.subjects, roleCounts: stats.roleCounts, levelCounts: stats.levelCounts } : null;
}

/** GET api/reviews/{id}: the list entry with full member entries, criteria, summary and linked team goals. */
export async function reviewDetailForApi(
  ctx: TenantContext,
  access: ReviewApiAccess,
  id: string,
  db: DbOrTx = getDb(),
): Promise<ReviewDetail> {
  const row = await requireApiReview(ctx, access, id, db);
  const facets = (await reviewFacets(ctx, [row], db)).get(row.id)!;
  const criteriaOwners = row.type === "team-summary" ? facets.teamReviewIds : [row.id];
  // Each goal names its own team; the group's name is not used.
  const goals = await linkedGoalsOfReviews(
    ctx,
    facets.teamReviewIds.map((reviewId) => ({ reviewId, name: "" })),
    db,
  );
  return {
    ...reviewListEntry(row, facets),
    memberships: await memberEntries(row.type, facets.subjects, db),
    criteria: await criteriaPerDimension(criteriaOwners, db),
    summary: await summaryOf(ctx, row, db),
    teamGoals: goals.flatMap((g) =>
      g.goals.map(({ reviewIds: _ids, rounds: _rounds, ...goal }) => ({ ...goal, reviewId: g.reviewId })),
    ),
  };
}

/** One member entry of a team review ctx may open, by entry id or by the person's membership id; else 404. */
export async function teamReviewEntryForApi(
  ctx: TenantContext,
  access: ReviewApiAccess,
  reviewId: string,
  by: { subjectId: string } | { membershipId: string },
) {
  const row = await requireApiReview(ctx, access, reviewId);
  if (row.type !== "team") notFound();
  const facets = (await reviewFacets(ctx, [row])).get(row.id)!;
  const subject = facets.subjects.find((s) =>
    "subjectId" in by ? s.id === by.subjectId : s.membershipId === by.membershipId,
  );
  if (!subject) notFound();
  const [entry] = await memberEntries("team", [subject]);
  return entry;
}
