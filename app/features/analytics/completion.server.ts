import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { getReadDb } from "#db/client.server";
import { teamScope, type TeamScope } from "~/utils/team-scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { compareNames, groupRows, hrTabRights, periodStart } from "./analytics";
import type { HrChoices } from "./development-rounds.server";
import { inPositionSql, taggedSql } from "./group-filter.server";
import type { HrFilter } from "./hr-filter";
import { keptFigures, reviewVersion } from "./kept-figures.server";
import { filteredGroup, filteredSiblings, hiddenSummary, type HiddenReason } from "./small-groups";
import { minGroupSize } from "./small-groups.server";
import { teamsShown } from "./teams-shown";

/**
 * Review completion per round and team (HR analytics, issue 34; docs/decisions/1720): per round how many team
 * reviews were finished, how many people were evaluated and how many self reviews were finished, against how
 * many were due, with the deadlines. An evaluation counts once every criterion is scored (the rule of
 * review-scoring.ts' `teamReviewStats`) in a *finished* team review — team reviews count once finished (spec
 * §4). The people due are a group: a round's or team's counts are hidden below the threshold, with sibling
 * suppression over the teams and the filters' complements (docs/decisions/1600). Counted in SQL per
 * round × team × kind × filter match × done.
 */

export const completionScope = (ctx: TenantContext): TeamScope => teamScope(ctx, hrTabRights.completion);

const scopeSql = (scope: TeamScope, column: ReturnType<typeof sql>) =>
  scope.all
    ? sql`true`
    : scope.teamIds.length
      ? sql`${column} = any(${`{${scope.teamIds.join(",")}}`}::uuid[])`
      : sql`false`;

export type CompletionRoundChoice = { id: string; name: string; deadline: string | null; day: string };

/**
 * The rounds with something due in the scope, newest first: a team-review round (a team-summary review or a lone
 * team review, finished or running) with the self reviews made from it, or a self review of its own.
 */
export async function completionRounds(ctx: TenantContext, scope: TeamScope): Promise<CompletionRoundChoice[]> {
  if (!scope.all) return computeCompletionRounds(ctx, scope);
  const key = [ctx.accountId, ctx.clusterId, await reviewVersion(ctx)].join("|");
  return keptRounds(key, () => computeCompletionRounds(ctx, scope));
}

/** Per web process, at most 100 clusters' rounds (docs/decisions/1930). */
const keptRounds = keptFigures<CompletionRoundChoice[]>(100);

/** The rounds straight from the reviews (exported for the test that the kept ones match them). */
export async function computeCompletionRounds(ctx: TenantContext, scope: TeamScope) {
  const { rows } = await getReadDb().execute<{ id: string; name: string; deadline: string | null; day: string }>(sql`
    with due as (
      select coalesce(r.parent_id, r.id) as round_id from reviews r
      where r.account_id = ${ctx.accountId} and r.cluster_id = ${ctx.clusterId} and r.type = 'team'
        and r.deleted_at is null and ${scopeSql(scope, sql`r.team_id`)}
      union
      select coalesce(src.parent_id, src.id, r.id) from reviews r
      left join reviews src on src.id = r.source_review_id
      where r.account_id = ${ctx.accountId} and r.cluster_id = ${ctx.clusterId} and r.type = 'self'
        and r.deleted_at is null
        and exists (select 1 from review_subjects s where s.review_id = r.id and ${scopeSql(scope, sql`s.team_id`)})
    )
    select round.id, round.name, round.deadline::text as deadline,
      coalesce(round.deadline, round.created_at::date)::text as day
    from due join reviews round on round.id = due.round_id and round.deleted_at is null
    order by 4 desc, round.created_at desc, round.id`);
  return rows;
}

type Kind = "evaluation" | "self";
type DueRow = {
  round_id: string;
  team_id: string | null;
  kind: Kind;
  in_tag: boolean;
  in_position: boolean;
  done: boolean;
  n: number;
};
type TeamReviewRow = {
  round_id: string;
  team_id: string;
  deadline: string | null;
  finished: boolean;
  finished_at: string | null;
};

/** Due and done of one group; both null when the group is hidden. */
export type CompletionCount = { due: number | null; done: number | null; hidden: HiddenReason | null };
export type CompletionTeam = {
  teamId: string;
  name: string;
  deadline: string | null;
  finishedAt: string | null;
  reviewFinished: boolean | null;
  evaluations: CompletionCount;
  selfReviews: CompletionCount;
};
export type CompletionRound = CompletionRoundChoice & {
  teamReviews: { due: number; done: number };
  evaluations: CompletionCount;
  selfReviews: CompletionCount;
};

const sum = (rows: readonly { n: number }[]) => rows.reduce((total, r) => total + r.n, 0);
const count = (rows: readonly DueRow[], hidden: HiddenReason | null): CompletionCount =>
  hidden ? { due: null, done: null, hidden } : { due: sum(rows), done: sum(rows.filter((r) => r.done)), hidden: null };

/**
 * The completion tab's answer, kept per review version (docs/decisions/1930, as 1911) for what HR opens: the
 * whole cluster without a tag or position filter (those read today's tags and contracts, which the version does
 * not follow; a team leader reads few teams). The answer is kept after suppression, so the threshold is in the
 * key, and so are what it reads beyond the reviews: the day, the rounds and the teams' names (a digest of the
 * lists the request has already read — a renamed, added or removed team is a new key).
 */
export async function completionAnalytics(
  ctx: TenantContext,
  filter: HrFilter,
  today: string,
  choices: Pick<HrChoices, "teams">,
  rounds: CompletionRoundChoice[],
) {
  const [min, version] = await Promise.all([minGroupSize(ctx), reviewVersion(ctx)]);
  const compute = () => computeCompletion(ctx, filter, today, choices, rounds, min);
  if (!completionScope(ctx).all || filter.tag || filter.position) return compute();
  const read = createHash("sha1")
    .update(JSON.stringify([rounds, choices.teams]))
    .digest("base64");
  const key = [ctx.accountId, ctx.clusterId, version, read, min, today, filter.period, filter.round, filter.team]
    .map(String)
    .join("|");
  return keptCompletion(key, compute);
}

/** Per web process, at most 5,000 teams' rows in all (an answer at 800 teams is 800). */
const keptCompletion = keptFigures<CompletionAnalytics>(5_000, (data) => data.teams.length + 1);

/** The answer straight from the reviews (exported for the test that the kept one matches it). */
export async function computeCompletion(
  ctx: TenantContext,
  filter: HrFilter,
  today: string,
  choices: Pick<HrChoices, "teams">,
  rounds: CompletionRoundChoice[],
  min: number,
) {
  const scope = completionScope(ctx);
  const since = periodStart(filter.period, today);
  const inPeriod = rounds.filter((r) => !since || r.day >= since);
  const roundIds = `{${inPeriod.map((r) => r.id).join(",")}}`;
  const inTag = (membership: SQL) => taggedSql(filter.tag, membership);
  // The position on the day the review was finished, or today while it runs (as the rounds tab, 1602).
  const inPosition = (membership: SQL, day: SQL) => inPositionSql(filter.position, membership, day);
  // Without a tag or position filter each team review's precomputed counts will do (review_team_stats, the same
  // rule); with one, each person is matched.
  const evaluations =
    filter.tag || filter.position
      ? sql`
        select coalesce(r.parent_id, r.id) as round_id, r.team_id, 'evaluation' as kind,
          ${inTag(sql`s.membership_id`)} as in_tag,
          ${inPosition(sql`s.membership_id`, sql`coalesce(r.finished_at::date, ${today}::date)`)} as in_position,
          (r.is_finished and rc.n > 0 and s.scored_count >= rc.n) as done, 1 as n
        from review_subjects s
        join reviews r on r.id = s.review_id and r.type = 'team' and r.deleted_at is null
        cross join lateral (select count(*)::int as n from review_criteria c where c.review_id = r.id) rc
        where s.account_id = ${ctx.accountId} and s.cluster_id = ${ctx.clusterId}
          and r.account_id = ${ctx.accountId} and r.cluster_id = ${ctx.clusterId}
          and coalesce(r.parent_id, r.id) = any(${roundIds}::uuid[]) and ${scopeSql(scope, sql`r.team_id`)}`
      : sql`
        select coalesce(r.parent_id, r.id) as round_id, r.team_id, 'evaluation' as kind, true as in_tag,
          true as in_position, d.done, d.n
        from review_team_stats st
        join reviews r on r.id = st.review_id
        cross join lateral (values
          (true, case when r.is_finished then st.complete_subjects else 0 end),
          (false, st.subjects - case when r.is_finished then st.complete_subjects else 0 end)) d(done, n)
        where r.account_id = ${ctx.accountId} and r.cluster_id = ${ctx.clusterId} and r.type = 'team'
          and r.deleted_at is null and coalesce(r.parent_id, r.id) = any(${roundIds}::uuid[])
          and ${scopeSql(scope, sql`r.team_id`)}`;
  const db = getReadDb();
  const [{ rows }, { rows: teamReviews }] = await Promise.all([
    db.execute<DueRow>(sql`
      with due as (
        ${evaluations}
        union all
        select coalesce(src.parent_id, src.id, r.id), s.team_id, 'self',
          ${inTag(sql`s.membership_id`)},
          ${inPosition(sql`s.membership_id`, sql`coalesce(s.finished_at::date, ${today}::date)`)},
          s.finished_at is not null, 1
        from review_subjects s
        join reviews r on r.id = s.review_id and r.type = 'self' and r.deleted_at is null
        left join reviews src on src.id = r.source_review_id
        where s.account_id = ${ctx.accountId} and s.cluster_id = ${ctx.clusterId}
          and r.account_id = ${ctx.accountId} and r.cluster_id = ${ctx.clusterId}
          and coalesce(src.parent_id, src.id, r.id) = any(${roundIds}::uuid[]) and ${scopeSql(scope, sql`s.team_id`)}
      )
      select round_id, team_id, kind, in_tag, in_position, done, sum(n)::int as n from due where n > 0 group by 1, 2, 3, 4, 5, 6`),
    db.execute<TeamReviewRow>(sql`
      select coalesce(r.parent_id, r.id) as round_id, r.team_id, r.deadline::text as deadline,
        r.is_finished as finished,
        to_char(r.finished_at at time zone 'Europe/Amsterdam', 'YYYY-MM-DD') as finished_at
      from reviews r
      where r.account_id = ${ctx.accountId} and r.cluster_id = ${ctx.clusterId} and r.type = 'team'
        and r.deleted_at is null and r.team_id is not null
        and coalesce(r.parent_id, r.id) = any(${roundIds}::uuid[]) and ${scopeSql(scope, sql`r.team_id`)}`),
  ]);

  // Grouped once: per round and kind, and the team reviews per round (a filter per round and team was quadratic).
  const dueOf = groupRows(rows, (r) => `${r.round_id}|${r.kind}`);
  const of = (roundId: string, kind: Kind) => dueOf.get(`${roundId}|${kind}`) ?? [];
  const reviewsOf = groupRows(teamReviews, (r) => r.round_id);
  const shownRounds: CompletionRound[] = inPeriod
    .map((round) => {
      const reviews = (reviewsOf.get(round.id) ?? []).filter((r) => !filter.team || r.team_id === filter.team);
      const group = (kind: Kind) => {
        const { rows: shown, hidden } = filteredGroup(of(round.id, kind), filter, min);
        return count(shown, hidden);
      };
      return {
        ...round,
        teamReviews: { due: reviews.length, done: reviews.filter((r) => r.finished).length },
        evaluations: group("evaluation"),
        selfReviews: group("self"),
      };
    })
    .filter((r) => r.teamReviews.due > 0 || r.evaluations.due !== 0 || r.selfReviews.due !== 0);

  // The teams of one round (the chosen one, else the newest), siblings under the round's total per kind.
  const round = shownRounds.find((r) => r.id === filter.round) ?? shownRounds[0] ?? null;
  let teams: CompletionTeam[] = [];
  if (round && !filter.team) {
    const names = new Map(choices.teams.map((t) => [t.id, t.name]));
    const roundReviews = reviewsOf.get(round.id) ?? [];
    const ids = [
      ...new Set([
        ...roundReviews.map((r) => r.team_id),
        ...[...of(round.id, "evaluation"), ...of(round.id, "self")].filter((r) => r.team_id).map((r) => r.team_id!),
      ]),
    ].filter((id) => names.has(id));
    const teamFilter = { ...filter, team: null };
    const perKind = (kind: Kind, total: CompletionCount): CompletionCount[] => {
      const byTeam = groupRows(of(round.id, kind), (r) => r.team_id);
      // A team under a tag or position filter is a filtered view of that team: its complement must not be small.
      const groups = filteredSiblings(
        total.hidden ? null : total.due,
        ids.map((id) => byTeam.get(id) ?? []),
        teamFilter,
        min,
      );
      return groups.map((g) => count(g.rows, g.hidden));
    };
    const evaluations = perKind("evaluation", round.evaluations);
    const selfReviews = perKind("self", round.selfReviews);
    const reviews = new Map(roundReviews.map((r) => [r.team_id, r]));
    teams = ids
      .map((id, i) => {
        const review = reviews.get(id);
        return {
          teamId: id,
          name: names.get(id) ?? "",
          deadline: review?.deadline ?? null,
          finishedAt: review?.finished_at ?? null,
          reviewFinished: review ? review.finished : null,
          evaluations: evaluations[i],
          selfReviews: selfReviews[i],
        };
      })
      .sort((a, b) => compareNames(a.name, b.name));
  }
  const reasons = [
    ...shownRounds.flatMap((r) => [r.evaluations.hidden, r.selfReviews.hidden]),
    ...teams.flatMap((t) => [t.evaluations.hidden, t.selfReviews.hidden]),
  ];
  return { min, today, rounds: shownRounds, round, teams, hidden: hiddenSummary(reasons) };
}
export type CompletionAnalytics = Awaited<ReturnType<typeof computeCompletion>>;

/**
 * The page's share of the completion data (`teamsShown`, 1910): with more teams than fit a readable chart (800
 * at a large organisation), those with the lowest share evaluated first — the ones HR has to chase — and how
 * many there are in all; a hidden team ranks last. The export lists them all.
 */
export function completionForPage(data: CompletionAnalytics) {
  return {
    ...data,
    ...teamsShown(data.teams, (t) =>
      t.evaluations.hidden ? null : t.evaluations.due ? (t.evaluations.done ?? 0) / t.evaluations.due : 1,
    ),
  };
}
