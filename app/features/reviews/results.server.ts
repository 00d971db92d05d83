import { and, asc, desc, eq, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import {
  auditEvents,
  criteria,
  membershipTags,
  memberships,
  reviewCriteria,
  reviewReviewers,
  reviews,
  reviewScores,
  reviewSubjects,
  reviewTeamStats,
  tags,
  users,
} from "#db/schema";
import type { Characteristics, LevelCounts } from "#db/schema";
import { isScaleSize, type Dimension, type ScaleSize } from "~/features/criteria/scales";
import { dimensionTexts, getReviewSettings, roleLabels } from "~/features/criteria/review-settings.server";
import type { Language } from "~/utils/i18n";
import type { TenantContext } from "~/utils/tenant.server";
import { levelNameOf, sortResultRows, type SortDir, type SortKey } from "./results";
import { levelCountKeys, roleCountKeys } from "./review-scoring";
import { inCluster, isUuid, notFound } from "~/utils/scope.server";
import {
  requireRound,
  requireRoundInScope,
  requireTeamReview,
  reviewScope,
  teamReviewsInScope,
} from "./team-reviews.server";

/**
 * Results of a team review round (docs/decisions/0530): only finished team reviews count, and a team
 * leader sees only the team reviews in their scope (teamReviewsInScope). Grid and summary read the
 * precomputed review_subjects and review_team_stats rows, never aggregate all scores.
 */

function scaleOf(review: { scale: number }): ScaleSize {
  return isScaleSize(review.scale) ? review.scale : 5;
}

/**
 * A results URL's id may be a round or one of its team reviews (docs/decisions/0530): returns the
 * round, and the team review when the id was one. Anything else, or outside scope, is a 404.
 */
export async function resolveResultsId(ctx: TenantContext, id: string) {
  if (!isUuid(id)) notFound();
  const [row] = await getDb()
    .select()
    .from(reviews)
    .where(and(inCluster(reviews, ctx), eq(reviews.id, id), isNull(reviews.deletedAt)));
  if (!row) notFound();
  if (row.type === "team-summary") return { round: await requireRoundInScope(ctx, row), teamReviewId: null };
  if (row.type !== "team" || !row.parentId) notFound();
  const teamReview = await requireTeamReview(ctx, id);
  return { round: await requireRound(ctx, row.parentId), teamReviewId: teamReview.id };
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
      ? db
          .select({
            subjectId: reviewSubjects.id,
            reviewId: reviewSubjects.reviewId,
            membershipId: reviewSubjects.membershipId,
            firstName: users.firstName,
            lastName: users.lastName,
            performance: reviewSubjects.performance,
            potential: reviewSubjects.potential,
            employability: reviewSubjects.employability,
            developmentRole: reviewSubjects.developmentRole,
            developmentGoal: reviewSubjects.developmentGoal,
          })
          .from(reviewSubjects)
          .innerJoin(memberships, eq(memberships.id, reviewSubjects.membershipId))
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(
            and(
              eq(reviewSubjects.accountId, ctx.accountId),
              eq(reviewSubjects.clusterId, ctx.clusterId),
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
      .where(and(eq(tags.accountId, ctx.accountId), eq(tags.clusterId, ctx.clusterId), eq(tags.kind, "personnel")))
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
    round: { id: round.id, name: round.name, deadline: round.deadline, scale: scaleOf(round) },
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
  const inScope = teamReviewsInScope(ctx, round.id);
  const finishedStats = and(eq(reviewTeamStats.roundId, round.id), inScope, eq(reviews.isFinished, true));
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
            from ${reviews} where ${inScope}) counts,
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
    round: { id: round.id, name: round.name, deadline: round.deadline, scale: scaleOf(round) },
    teamReviewCount: counts.teamReviews,
    finishedCount: counts.finished,
    /** Finished team reviews with counts, over all pages. */
    teamCount: counts.teams,
    teams: teamRows,
    total: { subjects: counts.subjects, roleCounts, levelCounts },
  };
}

// ─── One person ─────────────────────────────────────────────────────────────────────────────────

/**
 * The team review and subject row of a person: `id` may be the team review or the round (then the
 * person's team review in it that ctx may see). 404 when the person is not reviewed there.
 */
async function requireSubject(ctx: TenantContext, id: string, membershipId: string) {
  if (!isUuid(id) || !isUuid(membershipId)) notFound();
  const db = getDb();
  const [row] = await db
    .select({ type: reviews.type })
    .from(reviews)
    .where(and(inCluster(reviews, ctx), eq(reviews.id, id), isNull(reviews.deletedAt)));
  if (!row) notFound();
  let reviewId = id;
  if (row.type === "team-summary") {
    const round = await requireRound(ctx, id);
    const [found] = await db
      .select({ reviewId: reviewSubjects.reviewId })
      .from(reviewSubjects)
      .innerJoin(reviews, eq(reviews.id, reviewSubjects.reviewId))
      .where(and(teamReviewsInScope(ctx, round.id), eq(reviewSubjects.membershipId, membershipId)));
    if (!found) notFound();
    reviewId = found.reviewId;
  }
  const review = await requireTeamReview(ctx, reviewId);
  const [subject] = await db
    .select({
      id: reviewSubjects.id,
      membershipId: reviewSubjects.membershipId,
      firstName: users.firstName,
      lastName: users.lastName,
      performance: reviewSubjects.performance,
      potential: reviewSubjects.potential,
      employability: reviewSubjects.employability,
      developmentRole: reviewSubjects.developmentRole,
      developmentGoal: reviewSubjects.developmentGoal,
    })
    .from(reviewSubjects)
    .innerJoin(memberships, eq(memberships.id, reviewSubjects.membershipId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(reviewSubjects.reviewId, review.id),
        eq(reviewSubjects.membershipId, membershipId),
        eq(reviewSubjects.clusterId, ctx.clusterId),
      ),
    );
  if (!subject) notFound();
  const round = review.parentId
    ? ((await db.select().from(reviews).where(eq(reviews.id, review.parentId)))[0] ?? null)
    : null;
  return { review, round, subject };
}

async function criteriaOfReview(reviewId: string) {
  return getDb()
    .select({
      id: criteria.id,
      name: criteria.name,
      description: criteria.description,
      characteristics: criteria.characteristics,
      dimension: reviewCriteria.dimension,
    })
    .from(reviewCriteria)
    .innerJoin(criteria, eq(criteria.id, reviewCriteria.criterionId))
    .where(eq(reviewCriteria.reviewId, reviewId))
    .orderBy(asc(reviewCriteria.dimension), asc(reviewCriteria.position), asc(criteria.name));
}

async function scoresOf(subjectId: string) {
  const rows = await getDb()
    .select({ criterionId: reviewScores.criterionId, score: reviewScores.score })
    .from(reviewScores)
    .where(eq(reviewScores.subjectId, subjectId));
  return new Map(rows.map((r) => [r.criterionId, r.score]));
}

/** Whether ctx may read a team review (the same rule as requireTeamReview, without a 404). */
async function inScope(ctx: TenantContext, review: { id: string; teamId: string | null }) {
  const scope = reviewScope(ctx);
  if (scope.all) return true;
  if (review.teamId && scope.teamIds.includes(review.teamId)) return true;
  if (!ctx.membershipId) return false;
  const [row] = await getDb()
    .select({ id: reviewReviewers.membershipId })
    .from(reviewReviewers)
    .where(and(eq(reviewReviewers.reviewId, review.id), eq(reviewReviewers.membershipId, ctx.membershipId)));
  return Boolean(row);
}

/**
 * A person's criteria scores in a team review next to the team's average per criterion (not-rated
 * left out) and their score in their previous finished team review of the cluster that ctx may also
 * see (matched on criterion id).
 */
export async function compareSubject(ctx: TenantContext, reviewId: string, subjectMembershipId: string) {
  const { review, round, subject } = await requireSubject(ctx, reviewId, subjectMembershipId);
  const db = getDb();
  const [criteriaRows, own, averages, teamDimensions, earlier] = await Promise.all([
    criteriaOfReview(review.id),
    scoresOf(subject.id),
    db
      .select({
        criterionId: reviewScores.criterionId,
        average: sql<number | null>`avg(${reviewScores.score}) filter (where ${reviewScores.score} > 0)`,
      })
      .from(reviewScores)
      .where(eq(reviewScores.reviewId, review.id))
      .groupBy(reviewScores.criterionId),
    db
      .select({
        performance: sql<number | null>`avg(${reviewSubjects.performance})`,
        potential: sql<number | null>`avg(${reviewSubjects.potential})`,
        employability: sql<number | null>`avg(${reviewSubjects.employability})`,
      })
      .from(reviewSubjects)
      .where(eq(reviewSubjects.reviewId, review.id)),
    db
      .select({
        subjectId: reviewSubjects.id,
        reviewId: reviews.id,
        teamId: reviews.teamId,
        teamName: reviews.teamName,
        parentId: reviews.parentId,
        finishedAt: reviews.finishedAt,
        performance: reviewSubjects.performance,
        potential: reviewSubjects.potential,
        employability: reviewSubjects.employability,
      })
      .from(reviewSubjects)
      .innerJoin(reviews, eq(reviews.id, reviewSubjects.reviewId))
      .where(
        and(
          inCluster(reviews, ctx),
          eq(reviewSubjects.membershipId, subject.membershipId),
          eq(reviews.type, "team"),
          eq(reviews.isFinished, true),
          isNull(reviews.deletedAt),
          ne(reviews.id, review.id),
          lt(reviews.createdAt, review.createdAt),
        ),
      )
      .orderBy(desc(reviews.createdAt)),
  ]);
  let previous: (typeof earlier)[number] | null = null;
  for (const candidate of earlier)
    if (await inScope(ctx, { id: candidate.reviewId, teamId: candidate.teamId })) {
      previous = candidate;
      break;
    }
  const previousScores = previous ? await scoresOf(previous.subjectId) : new Map<string, number>();
  const previousRound = previous?.parentId
    ? ((await db.select({ name: reviews.name }).from(reviews).where(eq(reviews.id, previous.parentId)))[0] ?? null)
    : null;
  const averageOf = new Map(averages.map((a) => [a.criterionId, a.average === null ? null : Number(a.average)]));
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    review: {
      id: review.id,
      name: round?.name ?? review.name,
      roundId: round?.id ?? null,
      teamName: review.teamName ?? "",
      isFinished: review.isFinished,
      scale: scaleOf(review),
    },
    subject,
    team: {
      performance: num(teamDimensions[0]?.performance),
      potential: num(teamDimensions[0]?.potential),
      employability: num(teamDimensions[0]?.employability),
    },
    previous: previous
      ? {
          reviewId: previous.reviewId,
          name: previousRound?.name ?? "",
          teamName: previous.teamName ?? "",
          finishedAt: previous.finishedAt,
          performance: previous.performance,
          potential: previous.potential,
          employability: previous.employability,
        }
      : null,
    criteria: criteriaRows.map((c) => ({
      id: c.id,
      name: c.name,
      dimension: c.dimension as Dimension,
      score: own.get(c.id) ?? null,
      teamAverage: averageOf.get(c.id) ?? null,
      previous: previousScores.get(c.id) ?? null,
    })),
  };
}

/** Everything the printable employee report shows of one person in one team review. */
export async function employeeReport(ctx: TenantContext, reviewId: string, membershipId: string) {
  const { review, round, subject } = await requireSubject(ctx, reviewId, membershipId);
  const scale = scaleOf(review);
  const [criteriaRows, own, reviewers] = await Promise.all([
    criteriaOfReview(review.id),
    scoresOf(subject.id),
    getDb()
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(reviewReviewers)
      .innerJoin(memberships, eq(memberships.id, reviewReviewers.membershipId))
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(reviewReviewers.reviewId, review.id))
      .orderBy(asc(sql`lower(${users.lastName})`)),
  ]);
  return {
    review: {
      id: review.id,
      name: round?.name ?? review.name,
      roundId: round?.id ?? null,
      teamName: review.teamName ?? "",
      deadline: review.deadline,
      finishedAt: review.finishedAt,
      isFinished: review.isFinished,
      locked: Boolean(review.lockedAt),
      scale,
    },
    subject,
    reviewers: reviewers.map((r) => `${r.firstName} ${r.lastName}`.trim()),
    criteria: criteriaRows.map((c) => {
      const score = own.get(c.id) ?? null;
      const level = levelNameOf(score, scale);
      return {
        id: c.id,
        name: c.name,
        description: c.description,
        dimension: c.dimension as Dimension,
        score,
        level,
        characteristic: level && level !== "notRated" ? ((c.characteristics as Characteristics)[level] ?? "") : "",
      };
    }),
  };
}

export type SetGoalResult = { ok: true } | { ok: false; code: "locked" };

/**
 * Sets a person's development goal, also after the team review is finished (the goal is agreed in the
 * conversation about the results); a locked review refuses.
 */
export async function setDevelopmentGoal(
  ctx: TenantContext,
  reviewId: string,
  membershipId: string,
  goal: string,
): Promise<SetGoalResult> {
  const { review, subject } = await requireSubject(ctx, reviewId, membershipId);
  return getDb().transaction(async (tx) => {
    const [current] = await tx
      .select({ lockedAt: reviews.lockedAt })
      .from(reviews)
      .where(eq(reviews.id, review.id))
      .for("update");
    if (current.lockedAt) return { ok: false, code: "locked" } as const;
    await tx
      .update(reviewSubjects)
      .set({ developmentGoal: goal, updatedAt: new Date() })
      .where(eq(reviewSubjects.id, subject.id));
    await tx.insert(auditEvents).values({
      accountId: ctx.accountId,
      clusterId: ctx.clusterId,
      actorUserId: ctx.user.id,
      subjectType: "review",
      subjectId: review.id,
      action: "review.developmentGoal",
      data: { membershipId },
    });
    return { ok: true } as const;
  });
}

// ─── Export ─────────────────────────────────────────────────────────────────────────────────────

export type ExportLabels = {
  name: string;
  team: string;
  dimensions: [string, string, string];
  role: string;
  goal: string;
  roleLabel: (id: number | null) => string;
};

/** The results table as spreadsheet rows: one row a person, dimension scores, role, goal, then criteria. */
export function resultsSheetRows(results: RoundResults, labels: ExportLabels) {
  const header = [
    labels.name,
    labels.team,
    ...labels.dimensions,
    labels.role,
    labels.goal,
    ...results.criteria.map((c) => c.name),
  ];
  const round1 = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
  return [
    header,
    ...results.pageRows.map((r) => [
      `${r.firstName} ${r.lastName}`.trim(),
      r.teamName,
      round1(r.performance),
      round1(r.potential),
      round1(r.employability),
      labels.roleLabel(r.developmentRole),
      r.developmentGoal,
      ...results.criteria.map((c) => results.scores[r.subjectId]?.[c.id] ?? null),
    ]),
  ];
}

// ─── Texts the pages share ──────────────────────────────────────────────────────────────────────

/** Role labels (the cluster's renaming or the default), dimension names and the role thresholds. */
export async function resultTexts(ctx: TenantContext, language: Language, t: (key: string) => string) {
  const settings = await getReviewSettings(ctx);
  return {
    roles: roleLabels(settings, language, t).map((r) => ({ id: r.id, key: r.key, label: r.label })),
    dimensions: dimensionTexts(settings, language, t).map((d) => ({ dimension: d.dimension, name: d.name })),
    thresholds: settings.thresholds,
  };
}
