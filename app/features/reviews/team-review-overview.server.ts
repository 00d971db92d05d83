import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { liveReviews } from "./live-reviews.server";
import { alias } from "drizzle-orm/pg-core";
import { getDb } from "#db/client.server";
import { memberships, reviewReviewers, reviews, reviewTags, reviewTeamStats, teams, users } from "#db/schema";
import { inCluster } from "~/utils/scope.server";
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

type RoundTeamRow = {
  round_id: string;
  round_name: string;
  round_deadline: string | null;
  round_set_id: string | null;
  round_locked: boolean;
  round_created_at: Date;
  team_count: number;
  id: string;
  team_id: string | null;
  team_label: string;
  is_finished: boolean;
  confirmed: boolean;
  locked: boolean;
  subjects: number;
  started_subjects: number;
  complete_subjects: number;
  leaders: string[];
};

/**
 * The team reviews from..upTo (1-based, in team order: the team's current name, else the name it had, then id)
 * of each round that match `where` (a condition on reviews, review_team_stats and the outer `round`), with the
 * round's count of matches. Team order is read from indexes and stops at upTo (decision 1921): the reviews of
 * live teams walking teams_cluster_name_uq, merged with the few whose team is gone or missing — not all 8,000
 * team reviews of a round numbered to show 10. A team review's team is of its round's cluster (round-create).
 */
async function roundTeamPage(where: SQL | undefined, roundIds: string[], from: number, upTo: number) {
  const matches = sql`${where ?? sql`true`} and reviews.parent_id = round.id`;
  const columns = (label: SQL) => sql`reviews.id, reviews.team_id, ${label} as team_label,
      lower(${label}) as sort_key, reviews.is_finished, reviews.completion_confirmed_at is not null as confirmed,
      reviews.locked_at is not null as locked, review_team_stats.subjects, review_team_stats.started_subjects,
      review_team_stats.complete_subjects`;
  const stats = sql`join review_team_stats on review_team_stats.review_id = reviews.id`;
  const keptName = sql`coalesce(reviews.team_name, '')`;
  const result = await getDb().execute<RoundTeamRow>(sql`
    select round.id as round_id, round.name as round_name, round.deadline as round_deadline,
      round.set_id as round_set_id, round.locked_at is not null as round_locked, round.created_at as round_created_at,
      counted.team_count, page.id, page.team_id, page.team_label, page.is_finished, page.confirmed, page.locked,
      page.subjects, page.started_subjects, page.complete_subjects,
      coalesce((select array_agg(${personNameSql("u")} order by u.last_name_sort)
        from ${reviewReviewers} rr join ${memberships} m on m.id = rr.membership_id join ${users} u on u.id = m.user_id
        where rr.review_id = page.id), '{}') as leaders
    from reviews round
    cross join lateral (
      select * from (
        (select ${columns(sql`teams.name`)} from reviews ${stats}
          join teams on teams.id = reviews.team_id and teams.deleted_at is null and teams.cluster_id = reviews.cluster_id
          where ${matches} order by lower(teams.name), reviews.id limit ${upTo})
        union all
        (select ${columns(keptName)} from reviews ${stats}
          join teams on teams.id = reviews.team_id and teams.deleted_at is not null and teams.cluster_id = reviews.cluster_id
          where ${matches} order by lower(${keptName}), reviews.id limit ${upTo})
        union all
        (select ${columns(keptName)} from reviews ${stats}
          where ${matches} and reviews.team_id is null order by lower(${keptName}), reviews.id limit ${upTo})
      ) merged order by sort_key, id limit ${upTo - from} offset ${from}) page
    cross join lateral (select count(*)::int as team_count from reviews ${stats} where ${matches}) counted
    where round.id in (${sql.join(
      roundIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by round.created_at desc, round.id, page.sort_key, page.id`);
  return result.rows;
}

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
  // A round is listed when one of its team reviews matches: one probe per round, not all its teams grouped (1921).
  const firstMatch = db
    .select({ one: sql`1` })
    .from(reviews)
    .innerJoin(reviewTeamStats, eq(reviewTeamStats.reviewId, reviews.id))
    .where(and(where, eq(reviews.parentId, round.id)))
    .limit(1)
    .as("first_match");
  const pageRounds = await db
    .select({ roundId: round.id, createdAt: round.createdAt, total: sql<number>`(count(*) over ())::int` })
    .from(round)
    .innerJoinLateral(firstMatch, sql`true`)
    .where(and(eq(round.type, "team-summary"), inCluster(round, ctx)))
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
  const rows = await roundTeamPage(where, roundIds, teamsFrom, teamsUpTo);
  const rounds = new Map<string, OverviewRound>();
  for (const r of rows) {
    let entry = rounds.get(r.round_id);
    if (!entry) {
      entry = {
        id: r.round_id,
        name: r.round_name,
        deadline: r.round_deadline,
        setId: r.round_set_id,
        locked: r.round_locked,
        createdAt: r.round_created_at,
        teamReviews: [],
        teamCount: r.team_count,
      };
      rounds.set(r.round_id, entry);
    }
    entry.teamReviews.push({
      id: r.id,
      teamId: r.team_id,
      teamName: r.team_label,
      leaders: r.leaders,
      state: progressState({ isFinished: r.is_finished }, { startedSubjects: r.started_subjects }),
      subjects: r.subjects,
      started: r.started_subjects,
      complete: r.complete_subjects,
      isFinished: r.is_finished,
      confirmed: r.confirmed,
      locked: r.locked,
    });
  }
  const total = oneRound ? (rows[0]?.team_count ?? 0) : pageRounds[0].total;
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
