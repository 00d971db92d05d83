import type { TFunction } from "i18next";
import { sql } from "drizzle-orm";
import { getReadDb } from "#db/client.server";
import type { ChartSeries } from "~/components/ui/bar-chart";
import { levelNames, scaleColors, scaleLevels, isScaleSize, type Dimension } from "~/features/criteria/scales";
import { roleColors, type RoleText } from "~/features/reviews/components/results-ui";
import { inDisplayOrder } from "~/features/reviews/results";
import type { Sheet } from "~/features/reviews/xlsx.server";
import type { TenantContext } from "~/utils/tenant.server";
import {
  criteriaDimensions,
  dimensionOfKey,
  groupColors,
  periodStart,
  type CriteriaDimension,
  type CriteriaTab,
} from "./analytics";
import { hrAnalyticsScope, hrChoices, subjectsSql } from "./development-rounds.server";
import { parseHrFilter, type HrFilter } from "./hr-filter";
import { keptDerived, keptFigures, reviewVersion } from "./kept-figures.server";
import { filteredGroup, filteredSiblings, filteredTeamGroups, hiddenSummary, type HiddenReason } from "./small-groups";
import { minGroupSize } from "./small-groups.server";
import { meanOfShown, teamsShown } from "./teams-shown";

/**
 * Criteria analytics (spec §2 analytics/criteria/{tab}; docs/decisions/1730): per criterion of a dimension,
 * from finished team reviews only (spec §4), the spread over the scale's levels, averages per team and per
 * round, how strongly a criterion separates the development roles, and the team review against the self
 * review. The people are those of HR analytics (`subjectsSql`: analytics.read's teams, a person once per
 * round; over a period, their latest finished review in it), filtered the same way (`parseHrFilter`), and
 * every group goes through the small-group rules before it leaves the server (1600). A score counts as its
 * place on its own scale (0 % lowest level, 100 % highest); not-rated is not a score.
 */

export type ScoreRow = {
  criterion_id: string;
  round_id: string | null;
  team_id: string | null;
  in_tag: boolean;
  in_position: boolean;
  /** Under a round filter: in the round's view, and in the same view without the round (1790). */
  in_round: boolean;
  in_period: boolean;
  key: string | null;
  n: number;
  /** Sum of the scores (as %), of their squares, and (self tab) of the self-review scores. */
  s1: number;
  s2: number;
  s3: number | null;
};

const pct = (score: string, scale: string) => sql.raw(`((${score} - 1)::float8 / greatest(${scale} - 1, 1) * 100)`);

/**
 * The scores of one dimension counted per criterion × (round) × (team) × filter match × key, in SQL: a few
 * hundred rows at 10,000 people. `key`: the scale level, the development role, or none. `rounds`: the rounds
 * the rounds tab compares (else the period's). Under a round filter the other tabs count each person's review
 * in that round, and the rows of the same view without the round (each person's latest review of the period)
 * come along, marked, so that `filteredGroup` can check what the two views differ by (docs/decisions/1790).
 */
type ScoreRowsBy = { round: boolean; team: boolean; key: "level" | "role" | "self" | null };

/**
 * `computeScoreRows`, kept per review version (docs/decisions/1911) for what HR opens: the whole cluster without a
 * tag or position filter (those read today's tags and contracts, which the version does not follow; a team leader
 * reads few people). The team filter is not in the statement (the rows are grouped per team for every view).
 */
export async function scoreRows(...args: Parameters<typeof computeScoreRows>): Promise<ScoreRow[]> {
  const [ctx, filter, since, dimension, by, rounds] = args;
  const compute = () => computeScoreRows(...args);
  if (!hrAnalyticsScope(ctx).all || filter.tag || filter.position) return compute();
  const key = [ctx.accountId, ctx.clusterId, await reviewVersion(ctx), dimension, by.round, by.team, by.key, since]
    .concat(filter.round ?? "", rounds?.join(",") ?? "")
    .map(String)
    .join("|");
  return keptScoreRows(key, compute);
}

/** Per web process, at most 200,000 rows in all (a teams tab at 800 teams is ≈ 12,000). */
const keptScoreRows = keptFigures<ScoreRow[]>(200_000, (rows) => rows.length);

/** The score rows straight from the reviews (exported for the test that the kept ones match them). */
export async function computeScoreRows(
  ctx: TenantContext,
  filter: HrFilter,
  since: string | null,
  dimension: Dimension,
  by: ScoreRowsBy,
  rounds?: string[],
): Promise<ScoreRow[]> {
  const scope = hrAnalyticsScope(ctx);
  const twoViews = !by.round && !!filter.round;
  const key = by.key === "level" ? sql`p.scale || ':' || sc.score` : by.key === "role" ? sql`p.role` : sql`null::text`;
  const latestOfPeriod = sql`select distinct on (membership_id) *, 'period' as view
    from (${subjectsSql(ctx, scope, filter, since)}) s order by membership_id, finished_at desc, round_id`;
  const people = by.round
    ? sql`select *, 'period' as view from (${subjectsSql(ctx, scope, filter, rounds ? null : since, rounds)}) s`
    : twoViews
      ? sql`select *, 'round' as view from (${subjectsSql(ctx, scope, filter, null, [filter.round!])}) s
          union all (${latestOfPeriod})`
      : latestOfPeriod;
  // A person's self review: with a round, the one made from that round; else their latest of the period.
  const selfOf = (view: "round" | "period") => sql`
    select ${sql.raw(`'${view}'`)} as view, ss.membership_id, x.criterion_id, ss.id as self_id, ss.finished_at,
      ${pct("x.score", "r2.scale")} as self_pct
    from review_subjects ss
    join reviews r2 on r2.id = ss.review_id and r2.type = 'self' and r2.deleted_at is null
    left join reviews src on src.id = r2.source_review_id
    join review_scores x on x.subject_id = ss.id and x.dimension = ${dimension} and x.score > 0
    where ss.account_id = ${ctx.accountId} and ss.cluster_id = ${ctx.clusterId}
      and r2.account_id = ${ctx.accountId} and r2.cluster_id = ${ctx.clusterId} and ss.finished_at is not null
      ${
        view === "round"
          ? sql`and coalesce(src.parent_id, src.id) = ${filter.round}`
          : since
            ? sql`and ss.finished_at >= ${since}::date`
            : sql``
      }`;
  const selfJoin =
    by.key === "self"
      ? sql`join (
          select distinct on (view, membership_id, criterion_id) * from (
            ${selfOf("period")} ${twoViews ? sql`union all ${selfOf("round")}` : sql``}
          ) x order by view, membership_id, criterion_id, finished_at desc, self_id
        ) self on self.view = p.view and self.membership_id = p.membership_id and self.criterion_id = sc.criterion_id`
      : sql``;
  // A row both views hold (the same review, and the same self review) counts once, in both.
  const marked = twoViews
    ? sql`select s.*, bool_or(view = 'round') over w as in_round, bool_or(view = 'period') over w as in_period,
        row_number() over w as k
      from scored s window w as (partition by criterion_id, subject_id, self_id)`
    : sql`select s.*, true as in_round, true as in_period, 1 as k from scored s`;
  const { rows } = await getReadDb().execute<ScoreRow>(sql`
    with people as (${people}),
    scored as (
      select p.view, p.subject_id, p.round_id, p.team_id, p.in_tag, p.in_position, ${key} as key, sc.criterion_id,
        ${pct("sc.score", "p.scale")} as score_pct,
        ${by.key === "self" ? sql`self.self_id, self.self_pct` : sql`null::uuid as self_id, null::float8 as self_pct`}
      from people p
      join review_scores sc on sc.subject_id = p.subject_id and sc.dimension = ${dimension} and sc.score > 0
      ${selfJoin}
      ${by.key === "role" ? sql`where p.role <> 'none'` : sql``}
    ),
    marked as (${marked})
    select criterion_id, ${by.round ? sql`round_id` : sql`null::uuid`} as round_id,
      ${by.team ? sql`team_id` : sql`null::uuid`} as team_id, in_tag, in_position, in_round, in_period, key,
      count(*)::int as n, sum(score_pct)::float8 as s1, sum(score_pct ^ 2)::float8 as s2,
      ${by.key === "self" ? sql`sum(self_pct)::float8` : sql`null::float8`} as s3
    from marked where k = 1
    group by 1, 2, 3, 4, 5, 6, 7, 8`);
  return rows.map((r) => ({
    ...r,
    n: Number(r.n),
    s1: Number(r.s1),
    s2: Number(r.s2),
    s3: r.s3 === null ? null : Number(r.s3),
  }));
}

type TeamCell = { mean: number | null; hidden: HiddenReason | null };
type TeamCells = { criteria: string[]; teams: Set<string>; cells: Map<string, Map<string, TeamCell>> };

/**
 * The teams tab's cells: per criterion in view, every team's mean as the page filtered to that team shows it
 * (small, each filter's complement, the team among its siblings), null where hidden. A team's cell does not depend
 * on the other teams asked for nor on the page's team filter (`filteredTeamGroups` takes the view per team), so
 * it is worked out once for every team of the rows and kept beside kept rows per threshold and filter
 * (docs/decisions/1940): all 800 teams × 5 criteria were suppressed on every request.
 */
function teamCells(rows: ScoreRow[], filter: HrFilter, min: number): TeamCells {
  const key = [min, filter.tag, filter.position, filter.round].join("|");
  return keptTeamCells(rows, key, () => {
    const teams = new Set(rows.filter((r) => r.in_tag && r.in_position && r.in_round).map((r) => r.team_id ?? ""));
    const criteria = inView(rows);
    const groups = byCriterion(rows);
    const cells = new Map<string, Map<string, TeamCell>>();
    for (const id of criteria) {
      const perTeam = filteredTeamGroups(groups.get(id)!, { ...filter, team: null }, [...teams], min);
      cells.set(id, new Map([...teams].map((team, i) => [team, cellOf(perTeam[i])])));
    }
    return { criteria, teams, cells };
  });
}
const cellOf = (g: { rows: ScoreRow[]; hidden: HiddenReason | null }): TeamCell => ({
  mean: g.hidden ? null : mean(g.rows),
  hidden: g.hidden,
});
const keptTeamCells = keptDerived<ScoreRow[], TeamCells>();

async function criterionNames(ctx: TenantContext, ids: string[]) {
  if (ids.length === 0) return [];
  const { rows } = await getReadDb().execute<{ id: string; name: string }>(sql`
    select id, name from criteria where id = any(${`{${ids.join(",")}}`}::uuid[])
      and account_id = ${ctx.accountId} and cluster_id = ${ctx.clusterId}
    order by lower(name), id`);
  return rows;
}

/** The criteria the page's view scores (under a round filter, not those only the period's view has). */
const inView = (rows: readonly ScoreRow[]) => [...new Set(rows.filter((r) => r.in_round).map((r) => r.criterion_id))];
const total = (rows: readonly { n: number }[]) => rows.reduce((sum, r) => sum + r.n, 0);
const mean = (rows: readonly { n: number; s1: number }[]) => {
  const n = total(rows);
  return n ? rows.reduce((sum, r) => sum + r.s1, 0) / n : null;
};

/**
 * Variance explained by the development role (η², between-role sum of squares over the total), in % — how
 * strongly a criterion's scores separate the roles (docs/decisions/1730); null when every score is the same.
 */
export function rolesVarianceExplained(groups: readonly { n: number; s1: number; s2: number }[]): number | null {
  const n = total(groups);
  if (n === 0) return null;
  const s = groups.reduce((sum, g) => sum + g.s1, 0);
  const q = groups.reduce((sum, g) => sum + g.s2, 0);
  const ssTotal = q - (s * s) / n;
  if (ssTotal <= 1e-9) return null;
  const ssBetween = groups.reduce((sum, g) => sum + (g.n ? (g.s1 * g.s1) / g.n : 0), 0) - (s * s) / n;
  return Math.min(Math.max((ssBetween / ssTotal) * 100, 0), 100);
}

export type CriteriaChart = {
  id: string;
  title: string;
  groupLabel: string;
  series: ChartSeries[];
  rows: { key: string; label: string; values: (number | null)[] }[];
  /** Values are shares of the scale (or explained variance) in %: the axis ends at 100. */
  percent: boolean;
  grouped: boolean;
};

function byCriterion<T extends { criterion_id: string }>(rows: readonly T[]) {
  const map = new Map<string, T[]>();
  for (const r of rows) {
    const list = map.get(r.criterion_id);
    if (list) list.push(r);
    else map.set(r.criterion_id, [r]);
  }
  return map;
}

const cycle = (i: number) => groupColors[i % groupColors.length];

/** A level of a scale by its name ("excellent" … "low"), the same names every scale uses. */
function levelName(key: string): string {
  const [scale, score] = key.split(":").map(Number);
  if (!isScaleSize(scale)) return "low";
  return scaleLevels(scale).find((l) => l.value === score)?.name ?? "low";
}

/**
 * The rounds the rounds tab compares under a round filter: the chosen one and the one before it in the
 * reader's scope ("how did this round compare to the last?", docs/decisions/1790). `rounds` is newest first.
 */
export function roundAndPrevious(rounds: readonly { id: string }[], roundId: string): string[] {
  const i = rounds.findIndex((r) => r.id === roundId);
  return rounds.slice(i, i + 2).map((r) => r.id);
}

/** Parses the page's GET parameters: HR analytics' filters plus the dimension; a bad value is named. */
export async function criteriaFilter(ctx: TenantContext, params: URLSearchParams) {
  const choices = await hrChoices(ctx);
  const { filter, invalid } = parseHrFilter(params, choices);
  const given = params.get("dimension")?.trim();
  const dimensionKey: CriteriaDimension = criteriaDimensions.find((d) => d === given) ?? "performance";
  // The round is named "Ronde" here (HR analytics' completion tab names its round select differently).
  const fields: string[] = invalid
    .filter((f) => ["team", "tag", "position", "period", "round"].includes(f))
    .map((f) => (f === "round" ? "reviewRound" : f));
  if (given && given !== dimensionKey) fields.push("dimension");
  return { choices, filter, dimensionKey, invalid: fields };
}
export type CriteriaFilterState = Awaited<ReturnType<typeof criteriaFilter>>;

/** The filter as a query string for the tabs and the export (defaults left out). */
export function criteriaQuery(state: Pick<CriteriaFilterState, "filter" | "dimensionKey">): string {
  const params = new URLSearchParams();
  const { team, tag, position, round, period } = state.filter;
  if (state.dimensionKey !== "performance") params.set("dimension", state.dimensionKey);
  for (const [k, v] of Object.entries({ team, tag, position, round })) if (v) params.set(k, v);
  if (period !== "12") params.set("period", period);
  return params.toString();
}

/**
 * One tab's charts, labelled in the reader's language: the page draws them and the export writes the same
 * rows (a hidden value is null in both).
 */
export async function criteriaTab(
  ctx: TenantContext,
  tab: CriteriaTab,
  state: CriteriaFilterState,
  today: string,
  t: TFunction,
  roles: RoleText[],
) {
  const { filter, choices } = state;
  const dimension = dimensionOfKey(state.dimensionKey);
  const min = await minGroupSize(ctx);
  // A chosen round replaces the period: the round is the time (docs/decisions/1790).
  const since = filter.round ? null : periodStart(filter.period, today);
  const reasons: (HiddenReason | null)[] = [];
  const charts: CriteriaChart[] = [];
  const hiddenOf = (rows: readonly ScoreRow[], f: HrFilter = filter) => {
    const group = filteredGroup(rows, f, min);
    reasons.push(group.hidden);
    return group;
  };
  const percentSeries = (key: string, label: string, color: string): ChartSeries => ({ key, label, color });
  const criterionLabel = t("analytics:criteria.criterion");

  if (tab === "distribution") {
    const rows = await scoreRows(ctx, filter, since, dimension, { round: false, team: !!filter.team, key: "level" });
    const groups = byCriterion(rows);
    const criteria = await criterionNames(ctx, inView(rows));
    const levels = [...levelNames]
      .reverse()
      .filter((name) => rows.some((r) => r.in_round && levelName(r.key!) === name));
    const shown = criteria.map((c) => ({ ...c, group: hiddenOf(groups.get(c.id)!) }));
    charts.push({
      id: "criteria-levels",
      title: t("analytics:criteria.levelsTitle"),
      groupLabel: criterionLabel,
      series: levels.map((name) => ({ key: name, label: t(`criteria:levels.${name}`), color: scaleColors[name] })),
      rows: shown.map((c) => ({
        key: c.id,
        label: c.name,
        values: levels.map((name) =>
          c.group.hidden ? null : total(c.group.rows.filter((r) => levelName(r.key!) === name)),
        ),
      })),
      percent: false,
      grouped: false,
    });
    charts.push({
      id: "criteria-averages",
      title: t("analytics:criteria.averageTitle"),
      groupLabel: criterionLabel,
      series: [percentSeries("average", t("analytics:criteria.average"), groupColors[0])],
      rows: shown
        .map((c) => ({ key: c.id, label: c.name, values: [c.group.hidden ? null : mean(c.group.rows)] }))
        .sort((a, b) => (a.values[0] ?? Infinity) - (b.values[0] ?? Infinity)),
      percent: true,
      grouped: false,
    });
  }

  if (tab === "teams") {
    const rows = await scoreRows(ctx, filter, since, dimension, { round: false, team: true, key: null });
    const kept = teamCells(rows, filter, min);
    const criteria = await criterionNames(ctx, kept.criteria);
    const teams = choices.teams.filter((team) => kept.teams.has(team.id) && (!filter.team || team.id === filter.team));
    const cells = criteria.map((c) => {
      const perTeam = teams.map((team) => kept.cells.get(c.id)!.get(team.id)!);
      reasons.push(...perTeam.map((g) => g.hidden));
      return perTeam;
    });
    charts.push({
      id: "criteria-teams",
      title: t("analytics:criteria.teamsTitle"),
      groupLabel: t("analytics:hr.team"),
      series: criteria.map((c, i) => percentSeries(c.id, c.name, cycle(i))),
      rows: teams.map((team, i) => ({
        key: team.id,
        label: team.name,
        values: cells.map((perTeam) => perTeam[i].mean),
      })),
      percent: true,
      grouped: true,
    });
  }

  if (tab === "rounds") {
    const compared = filter.round ? roundAndPrevious(choices.rounds, filter.round) : undefined;
    const rows = await scoreRows(
      ctx,
      filter,
      periodStart(filter.period, today),
      dimension,
      { round: true, team: !!filter.team, key: null },
      compared,
    );
    const groups = byCriterion(rows);
    const criteria = await criterionNames(ctx, inView(rows));
    const rounds = choices.rounds.filter((round) => rows.some((r) => r.round_id === round.id)).reverse();
    charts.push({
      id: "criteria-rounds",
      title: t("analytics:criteria.roundsTitle"),
      groupLabel: criterionLabel,
      series: rounds.map((round, i) => percentSeries(round.id, round.name, cycle(i))),
      rows: criteria.map((c) => ({
        key: c.id,
        label: c.name,
        values: rounds.map((round) => {
          const own = groups.get(c.id)!.filter((r) => r.round_id === round.id);
          if (own.length === 0) return null;
          const group = hiddenOf(own);
          return group.hidden ? null : mean(group.rows);
        }),
      })),
      percent: true,
      grouped: true,
    });
  }

  if (tab === "roles") {
    const rows = await scoreRows(ctx, filter, since, dimension, { round: false, team: !!filter.team, key: "role" });
    const groups = byCriterion(rows);
    const criteria = await criterionNames(ctx, inView(rows));
    const roleList = inDisplayOrder(roles).filter((r) => rows.some((row) => row.key === String(r.id)));
    const perCriterion = criteria.map((c) => {
      const group = hiddenOf(groups.get(c.id)!);
      // Each role's mean is a group of its own under the page's filters, with the criterion's people as their
      // parent (1600): a role whose filtered view differs from the unfiltered one by a small group is hidden too.
      const roleGroups = filteredSiblings(
        group.hidden ? null : total(group.rows),
        roleList.map((r) => groups.get(c.id)!.filter((row) => row.key === String(r.id))),
        filter,
        min,
      );
      const perRole = roleGroups.map((g) => g.rows);
      const roleHidden = roleGroups.map((g) => (group.hidden ? ("small" as const) : g.hidden));
      if (!group.hidden) reasons.push(...roleHidden);
      const explained = group.hidden
        ? null
        : rolesVarianceExplained(perRole.map((g) => ({ n: total(g), s1: sum(g, "s1"), s2: sum(g, "s2") })));
      return {
        ...c,
        explained,
        hidden: group.hidden,
        means: perRole.map((g, i) => (group.hidden || roleHidden[i] ? null : mean(g))),
      };
    });
    charts.push({
      id: "criteria-separation",
      title: t("analytics:criteria.separationTitle"),
      groupLabel: criterionLabel,
      series: [percentSeries("explained", t("analytics:criteria.explained"), groupColors[1])],
      rows: perCriterion
        .map((c) => ({ key: c.id, label: c.name, values: [c.hidden ? null : (c.explained ?? 0)] }))
        .sort((a, b) => (b.values[0] ?? -1) - (a.values[0] ?? -1)),
      percent: true,
      grouped: false,
    });
    charts.push({
      id: "criteria-role-means",
      title: t("analytics:criteria.roleMeansTitle"),
      groupLabel: criterionLabel,
      series: roleList.map((r) => ({ key: String(r.id), label: r.label, color: roleColors[r.key] })),
      rows: perCriterion.map((c) => ({ key: c.id, label: c.name, values: c.means })),
      percent: true,
      grouped: true,
    });
  }

  if (tab === "self") {
    const rows = await scoreRows(ctx, filter, since, dimension, { round: false, team: !!filter.team, key: "self" });
    const groups = byCriterion(rows);
    const criteria = await criterionNames(ctx, inView(rows));
    charts.push({
      id: "criteria-self",
      title: t("analytics:criteria.selfTitle"),
      groupLabel: criterionLabel,
      series: [
        percentSeries("team", t("analytics:criteria.teamReview"), groupColors[0]),
        percentSeries("self", t("analytics:criteria.selfReview"), groupColors[3]),
      ],
      rows: criteria.map((c) => {
        const group = hiddenOf(groups.get(c.id)!);
        const n = total(group.rows);
        return {
          key: c.id,
          label: c.name,
          values: group.hidden || !n ? [null, null] : [sum(group.rows, "s1") / n, sum(group.rows, "s3") / n],
        };
      }),
      percent: true,
      grouped: true,
    });
  }

  return { min, charts, hidden: hiddenSummary(reasons), empty: charts.every((c) => c.rows.length === 0) };
}
export type CriteriaTabData = Awaited<ReturnType<typeof criteriaTab>>;

/**
 * The page's share of a tab (`teamsShown`, 1910): the teams tab shows at most `TEAMS_SHOWN` teams, those with the
 * lowest mean of their shown criteria first (a fully hidden team last), and says how many there are in all
 * (`teamsInAll`, null on the other tabs). The export writes `criteriaTab`'s every team.
 */
export function criteriaForPage(data: CriteriaTabData) {
  const teams = data.charts.find((c) => c.id === "criteria-teams");
  if (!teams) return { ...data, teamsInAll: null };
  const page = teamsShown(teams.rows, (row) => meanOfShown(row.values));
  return {
    ...data,
    charts: data.charts.map((c) => (c === teams ? { ...c, rows: page.teams } : c)),
    teamsInAll: page.teamsInAll,
  };
}

function sum<T extends { s1: number; s2: number; s3: number | null }>(rows: readonly T[], key: "s1" | "s2" | "s3") {
  return rows.reduce((total, r) => total + (r[key] ?? 0), 0);
}

/** The tab's charts as sheets: hidden values in the page's word, percentages with one decimal. */
export function criteriaSheets(t: TFunction, data: CriteriaTabData): Sheet[] {
  const hidden = t("analytics:smallGroups.hidden");
  return data.charts.map((chart) => ({
    name: chart.title,
    rows: [
      [chart.groupLabel, ...chart.series.map((s) => s.label)],
      ...chart.rows.map((row) => [
        row.label,
        ...row.values.map((v) => (v === null ? hidden : chart.percent ? Math.round(v * 10) / 10 : v)),
      ]),
    ],
  }));
}
