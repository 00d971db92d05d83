import { and, asc, desc, eq, gt, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import { liveReviews } from "./live-reviews.server";
import { alias } from "drizzle-orm/pg-core";
import { getDb } from "#db/client.server";
import { memberships, reviewReviewers, reviews, reviewTags, reviewTeamStats, teams, users } from "#db/schema";
import { progressState, type ProgressState } from "./review-scoring";
import type { OverviewFilter } from "./team-review-create.schema";
import { requireRound, teamReviewsInScope, teamReviewVisibility } from "./review-access.server";
import type { TenantContext } from "~/utils/tenant.server";
import { personNameSql } from "~/utils/person-name.server";
import { personName } from "~/utils/person-name";

export const overviewPageSize = 10;
/** Team reviews shown per round in the list of rounds; the rest behind 'Alle teams' (docs/decisions/0514). */
export const teamsPerRound = 10;
/** Team reviews per page when one round is opened. */
export const roundTeamsPageSize = 50;

const round = alias(reviews, "round");

function stateCondition(state: ProgressState | undefined): SQL | undefined {
  if (state === "finished") return eq(reviews.isFinished, true);
  if (state === "inProgress") return and(eq(reviews.isFinished, false), sql`${reviewTeamStats.startedSubjects} > 0`);
  if (state === "notStarted") return and(eq(reviews.isFinished, false), sql`${reviewTeamStats.startedSubjects} = 0`);
  return undefined;
}

export type OverviewTeamReview = {
  id: string;
  teamId: string | null;
  teamName: string;
  leaders: string[];
  state: ProgressState;
  subjects: number;
  started: number;
  complete: number;
  isFinished: boolean;
  confirmed: boolean;
  locked: boolean;
};

export type OverviewRound = {
  id: string;
  name: string;
  deadline: string | null;
  setId: string | null;
  locked: boolean;
  createdAt: Date;
  teamReviews: OverviewTeamReview[];
  /** Team reviews of the round that match the filter (teamReviews holds at most a page of them). */
  teamCount: number;
};

/**
 * Rounds (newest first) with their team reviews in scope, filtered by team, tag (chosen when the
 * round was created) and progress state. Reads only the precomputed review_team_stats rows.
 */
export async function listTeamReviewOverview(
  ctx: TenantContext,
  filter: Partial<OverviewFilter> & { pageSize?: number; roundIds?: string[] } = {},
): Promise<{ rounds: OverviewRound[]; total: number; page: number; pageSize: number }> {
  const db = getDb();
  const page = filter.page ?? 1;
  const pageSize = filter.pageSize ?? overviewPageSize;
  if (filter.roundIds && filter.roundIds.length === 0) return { rounds: [], total: 0, page, pageSize };
  const where = and(
    liveReviews(ctx, "team"),
    isNull(round.deletedAt),
    teamReviewVisibility(ctx),
    filter.teamId ? eq(reviews.teamId, filter.teamId) : undefined,
    filter.teamName
      ? sql`coalesce((select t.name from ${teams} t where t.id = ${reviews.teamId}), ${reviews.teamName}) ilike ${`%${filter.teamName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
      : undefined,
    filter.roundId ? eq(round.id, filter.roundId) : undefined,
    filter.tagId
      ? sql`exists (select 1 from ${reviewTags} rt where rt.review_id = ${round.id} and rt.tag_id = ${filter.tagId})`
      : undefined,
    filter.roundIds ? inArray(round.id, filter.roundIds) : undefined,
    stateCondition(filter.state),
  );
  // One round opened: page over its team reviews; otherwise page over rounds, a few teams each.
  const oneRound = Boolean(filter.roundId);
  const pageRounds = await db
    .select({ roundId: round.id, createdAt: round.createdAt, total: sql<number>`(count(*) over ())::int` })
    .from(reviews)
    .innerJoin(round, and(eq(round.id, reviews.parentId), eq(round.type, "team-summary")))
    .innerJoin(reviewTeamStats, eq(reviewTeamStats.reviewId, reviews.id))
    .where(where)
    .groupBy(round.id, round.createdAt)
    .orderBy(desc(round.createdAt), asc(round.id))
    .limit(oneRound ? 1 : pageSize)
    .offset(oneRound ? 0 : (page - 1) * pageSize);
  // The window counts the matching rounds; only a page past the last needs to count them apart.
  const roundTotal = async () => {
    const [row] = await db
      .select({ n: sql<number>`count(distinct ${round.id})::int` })
      .from(reviews)
      .innerJoin(round, and(eq(round.id, reviews.parentId), eq(round.type, "team-summary")))
      .innerJoin(reviewTeamStats, eq(reviewTeamStats.reviewId, reviews.id))
      .where(where);
    return row.n;
  };
  const teamsFrom = oneRound ? (page - 1) * roundTeamsPageSize : 0;
  const teamsUpTo = teamsFrom + (oneRound ? roundTeamsPageSize : teamsPerRound);
  if (pageRounds.length === 0) return { rounds: [], total: page > 1 ? await roundTotal() : 0, page, pageSize };
  const roundIds = pageRounds.map((r) => r.roundId);

  const teamOrder = sql`lower(coalesce(${teams.name}, ${reviews.teamName}, ''))`;
  const numbered = db
    .select({
      id: reviews.id,
      roundId: sql<string>`${round.id}`.as("round_id"),
      roundName: sql<string>`${round.name}`.as("round_name"),
      deadline: sql<string | null>`${round.deadline}`.as("round_deadline"),
      setId: sql<string | null>`${round.setId}`.as("round_set_id"),
      roundLocked: sql<boolean>`${round.lockedAt} is not null`.as("round_locked"),
      roundCreatedAt: sql<Date>`${round.createdAt}`.as("round_created_at"),
      teamId: reviews.teamId,
      teamName: sql<string>`coalesce(${teams.name}, ${reviews.teamName}, '')`.as("team_label"),
      isFinished: reviews.isFinished,
      confirmed: sql<boolean>`${reviews.completionConfirmedAt} is not null`.as("confirmed"),
      locked: sql<boolean>`${reviews.lockedAt} is not null`.as("locked"),
      subjects: reviewTeamStats.subjects,
      started: reviewTeamStats.startedSubjects,
      complete: reviewTeamStats.completeSubjects,
      position: sql<number>`row_number() over (partition by ${round.id} order by ${teamOrder}, ${reviews.id})`.as(
        "position",
      ),
      teamCount: sql<number>`(count(*) over (partition by ${round.id}))::int`.as("team_count"),
    })
    .from(reviews)
    .innerJoin(round, and(eq(round.id, reviews.parentId), eq(round.type, "team-summary")))
    .innerJoin(reviewTeamStats, eq(reviewTeamStats.reviewId, reviews.id))
    .leftJoin(teams, and(eq(teams.id, reviews.teamId), isNull(teams.deletedAt)))
    .where(and(where, inArray(round.id, roundIds)))
    .as("numbered");
  // The leaders come with their team review's row (one round trip fewer a page).
  const leaders = sql<string[]>`coalesce((
    select array_agg(${personNameSql("u")} order by u.last_name_sort)
    from ${reviewReviewers} rr join ${memberships} m on m.id = rr.membership_id join ${users} u on u.id = m.user_id
    where rr.review_id = ${sql.identifier("numbered")}.${sql.identifier("id")}), '{}')`;
  const rows = await db
    .select({ ...numbered._.selectedFields, leaders })
    .from(numbered)
    .where(and(gt(numbered.position, teamsFrom), lte(numbered.position, teamsUpTo)))
    .orderBy(desc(numbered.roundCreatedAt), asc(numbered.position));

  const rounds = new Map<string, OverviewRound>();
  for (const r of rows) {
    let entry = rounds.get(r.roundId);
    if (!entry) {
      entry = {
        id: r.roundId,
        name: r.roundName,
        deadline: r.deadline,
        setId: r.setId,
        locked: r.roundLocked,
        createdAt: r.roundCreatedAt,
        teamReviews: [],
        teamCount: r.teamCount,
      };
      rounds.set(r.roundId, entry);
    }
    entry.teamReviews.push({
      id: r.id,
      teamId: r.teamId,
      teamName: r.teamName,
      leaders: r.leaders,
      state: progressState({ isFinished: r.isFinished }, { startedSubjects: r.started }),
      subjects: r.subjects,
      started: r.started,
      complete: r.complete,
      isFinished: r.isFinished,
      confirmed: r.confirmed,
      locked: r.locked,
    });
  }
  const total = oneRound ? (rows[0]?.teamCount ?? 0) : pageRounds[0].total;
  return {
    rounds: roundIds.map((id) => rounds.get(id)).filter((r) => r !== undefined),
    total,
    page,
    pageSize: oneRound ? roundTeamsPageSize : pageSize,
  };
}

/** Rounds by id for POST api/reviews/details: every id must be a round ctx may see, else 404. */
export async function roundDetails(ctx: TenantContext, roundIds: string[]) {
  const unique = [...new Set(roundIds)];
  for (const id of unique) await requireRound(ctx, id);
  const { rounds } = await listTeamReviewOverview(ctx, { roundIds: unique, pageSize: Math.max(1, unique.length) });
  const byId = new Map(rounds.map((r) => [r.id, r]));
  return unique.map((id) => {
    const r = byId.get(id);
    const teamReviews = r?.teamReviews ?? [];
    const count = (state: ProgressState) => teamReviews.filter((t) => t.state === state).length;
    return {
      id,
      name: r?.name ?? "",
      deadline: r?.deadline ?? null,
      locked: r?.locked ?? false,
      teams: teamReviews.map((t) => ({ id: t.teamId, name: t.teamName, teamReviewId: t.id, progress: t.state })),
      progress: {
        teamReviews: teamReviews.length,
        finished: count("finished"),
        inProgress: count("inProgress"),
        notStarted: count("notStarted"),
        subjects: teamReviews.reduce((n, t) => n + t.subjects, 0),
        complete: teamReviews.reduce((n, t) => n + t.complete, 0),
      },
    };
  });
}

/** The team reviews of a round ctx may see, with their leaders and invitation state (invite step). */
export async function roundInvitationState(ctx: TenantContext, roundId: string) {
  const roundRow = await requireRound(ctx, roundId);
  const rows = await getDb()
    .select({
      reviewId: reviews.id,
      teamName: sql<string>`coalesce(${reviews.teamName}, '')`,
      membershipId: reviewReviewers.membershipId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      invitedAt: reviewReviewers.invitedAt,
    })
    .from(reviews)
    .innerJoin(reviewReviewers, eq(reviewReviewers.reviewId, reviews.id))
    .innerJoin(memberships, eq(memberships.id, reviewReviewers.membershipId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(teamReviewsInScope(ctx, roundRow.id))
    .orderBy(asc(sql`lower(${reviews.teamName})`), asc(users.lastNameSort));
  const teamReviews = new Map<
    string,
    { id: string; teamName: string; leaders: { name: string; email: string; invitedAt: Date | null }[] }
  >();
  for (const r of rows) {
    const entry = teamReviews.get(r.reviewId) ?? { id: r.reviewId, teamName: r.teamName, leaders: [] };
    entry.leaders.push({ name: personName(r.firstName, r.lastName), email: r.email, invitedAt: r.invitedAt });
    teamReviews.set(r.reviewId, entry);
  }
  return { round: roundRow, teamReviews: [...teamReviews.values()] };
}
