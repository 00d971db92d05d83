import { sql } from "drizzle-orm";
import type { TFunction } from "i18next";
import { getReadDb } from "#db/client.server";
import { teamCompetenceGaps, type TeamCompetenceGaps } from "~/features/competences/scores.server";
import { knowledgeShortages, type KnowledgeShortage } from "~/features/planning/planning.server";
import { dimensionKeys, type Dimension } from "~/features/criteria/scales";
import type { DimensionText, RoleText } from "~/features/reviews/components/results-ui";
import { inDisplayOrder } from "~/features/reviews/results";
import type { Cell, Sheet } from "~/features/reviews/xlsx.server";
import { DEFAULT_FTE, listTeamOptions } from "~/features/teams/teams.server";
import { isUuid } from "~/utils/scope.server";
import { inTeamScope, teamInScope, teamScope, type TeamScope } from "~/utils/team-scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { overSelectionLimit, teamComparisonLimit } from "~/utils/selection-limit";
import { keptFigures, peopleVersion, reviewVersion } from "./kept-figures.server";
import { hiddenSummary, isTooSmall, suppressGroups, type HiddenReason } from "./small-groups";
import { minGroupSize } from "./small-groups.server";

/**
 * Team comparison (spec §2 analytics/teams/team-comparison, §6; docs/decisions/1409): chosen teams of the
 * cluster side by side — members, FTE, and their latest finished team review: averages per dimension (as a
 * share of that review's scale) and the spread over the development roles (the precomputed
 * review_team_stats row). The teams are the comparer's scope (`comparisonScope`, docs/decisions/1960): HR the
 * cluster's, a team leader only the teams they lead. Team ids come from a GET form anyone can edit: ids of
 * another cluster or account, of a team outside the scope, or no id at all, are left out with the page's
 * notice, never an error. Competence gaps and knowledge-card shortages where those
 * modules are on (docs/decisions/1731). Small groups (1600): a review's averages and roles are hidden when its
 * people are few or the team is hidden among its round's teams; competence gaps when few members are assessed;
 * knowledge shortages when the team has few members.
 */

export type ComparedTeam = {
  id: string;
  name: string;
  members: number;
  fte: number;
  review: {
    id: string;
    name: string;
    finishedAt: string | null;
    subjects: number;
    roleCounts: Record<string, number> | null;
    averages: { performance: number | null; potential: number | null; employability: number | null } | null;
    hidden: HiddenReason | null;
  } | null;
  /** Null where the module is off; `hidden` where the group is too small. */
  competence: (TeamCompetenceGaps & { hidden: null }) | { hidden: HiddenReason } | null;
  knowledge: { shortage: number; areas: KnowledgeShortage[]; hidden: null } | { hidden: HiddenReason } | null;
};

/**
 * Whose teams may be compared (docs/decisions/1960): comparing is the analytics.read right (spec §6), so the
 * teams are that right's scope — the whole cluster, or the teams the user leads (1420).
 */
export const comparisonScope = (ctx: TenantContext): TeamScope => teamScope(ctx, "analytics.read");

/**
 * The chosen ids as the form sent them (distinct), split into those among the comparer's teams (`options`) and
 * how many were not (malformed, another cluster's, out of scope: left out, the page says so); and whether more
 * were chosen than may be compared at once (counted as sent: the choice was too large whatever it held): then
 * nothing is compared and the page says the spec's selection limit (§5), the choice kept.
 */
export function chosenTeamIds(
  values: readonly string[],
  options: readonly { id: string }[],
): { ids: string[]; leftOut: number; tooMany: boolean } {
  const sent = [...new Set(values.map((v) => v.trim().toLowerCase()).filter((v) => v !== ""))];
  const ids = sent.filter((id) => isUuid(id) && options.some((o) => o.id === id));
  return {
    ids,
    leftOut: sent.length - ids.length,
    tooMany: overSelectionLimit(sent.filter(isUuid).length, teamComparisonLimit),
  };
}

/**
 * The teams side by side; ids outside the cluster or the comparer's scope drop out here whoever calls.
 * `version` is the cluster's review version when the caller has read it already.
 */
export async function compareTeams(ctx: TenantContext, teamIds: readonly string[], version?: number) {
  if (teamIds.length === 0)
    return { min: await minGroupSize(ctx), teams: [] as ComparedTeam[], hidden: hiddenSummary([]) };
  const ids = `{${teamIds.join(",")}}`;
  const [min, atVersion, { rows }] = await Promise.all([
    minGroupSize(ctx),
    version ?? reviewVersion(ctx),
    getReadDb().execute<{
      id: string;
      name: string;
      members: number;
      fte: string;
      review_id: string | null;
      round_id: string | null;
      review_name: string | null;
      finished_at: string | null;
      subjects: number | null;
      role_counts: Record<string, number> | null;
      performance: number | null;
      potential: number | null;
      employability: number | null;
    }>(sql`
    -- Each chosen team's own rows through its indexes (laterals), never the cluster's reviews.
    with chosen as (
      select t.id, t.name from teams t
      where t.id = any(${ids}::uuid[]) and t.account_id = ${ctx.accountId} and t.cluster_id = ${ctx.clusterId}
        and t.deleted_at is null and ${inTeamScope(comparisonScope(ctx), sql`t.id`) ?? sql`true`}
    )
    select c.id, c.name, mb.members, mb.fte,
      l.id as review_id, l.round_id, l.name as review_name, to_json(l.finished_at) #>> '{}' as finished_at, st.subjects, st.role_counts,
      av.performance, av.potential, av.employability
    from chosen c
    cross join lateral (
      select count(*)::int as members, coalesce(sum(coalesce((
         select sum(k.fte) from contracts k where k.membership_id = ra.membership_id and k.is_active
           and k.start_date <= current_date and k.end_date >= current_date), ${DEFAULT_FTE})), 0)::text as fte
      from role_assignments ra
      join memberships m on m.id = ra.membership_id and m.deleted_at is null and m.status = 'active'
      where ra.team_id = c.id and ra.role_key = 'team_member'
    ) mb
    left join lateral (
      select r.id, coalesce(r.parent_id, r.id) as round_id, coalesce(p.name, r.name) as name, r.finished_at, r.scale
      from reviews r left join reviews p on p.id = r.parent_id
      where r.team_id = c.id and r.account_id = ${ctx.accountId} and r.cluster_id = ${ctx.clusterId}
        and r.type = 'team' and r.is_finished and r.deleted_at is null
      order by r.finished_at desc nulls last, r.created_at desc, r.id
      limit 1
    ) l on true
    left join review_team_stats st on st.review_id = l.id
    left join lateral (
      select avg((s.performance - 1) / greatest(l.scale - 1, 1) * 100) filter (where s.performance > 0) as performance,
        avg((s.potential - 1) / greatest(l.scale - 1, 1) * 100) filter (where s.potential > 0) as potential,
        avg((s.employability - 1) / greatest(l.scale - 1, 1) * 100) filter (where s.employability > 0) as employability
      from review_subjects s where s.review_id = l.id
    ) av on true
    order by lower(c.name), c.id`),
  ]);
  const num = (value: number | null) => (value === null ? null : Number(value));
  const [siblings, { gaps, knowledge }] = await Promise.all([
    roundSiblings(
      ctx,
      rows.flatMap((r) => (r.round_id ? [r.round_id] : [])),
      min,
      atVersion,
    ),
    keptShortagesOf(ctx, rows),
  ]);
  const reasons: (HiddenReason | null)[] = [];
  const hide = (reason: HiddenReason | null) => (reasons.push(reason), reason);
  const teams: ComparedTeam[] = rows.map((r) => {
    const reviewHidden = r.review_id
      ? hide(isTooSmall(r.subjects ?? 0, min) ? "small" : (siblings.get(r.id) ?? null))
      : null;
    const teamGaps = gaps?.get(r.id);
    const areas = knowledge?.[r.id];
    return {
      id: r.id,
      name: r.name,
      members: r.members,
      fte: Number(r.fte),
      review: r.review_id
        ? {
            id: r.review_id,
            name: r.review_name ?? "",
            finishedAt: r.finished_at,
            subjects: r.subjects ?? 0,
            roleCounts: reviewHidden ? null : (r.role_counts ?? {}),
            averages: reviewHidden
              ? null
              : { performance: num(r.performance), potential: num(r.potential), employability: num(r.employability) },
            hidden: reviewHidden,
          }
        : null,
      competence: !teamGaps
        ? null
        : isTooSmall(teamGaps.assessed, min)
          ? { hidden: hide("small")! }
          : { ...teamGaps, hidden: null },
      knowledge: !areas
        ? null
        : isTooSmall(r.members, min)
          ? { hidden: hide("small")! }
          : { shortage: areas.reduce((sum, a) => sum + a.shortage, 0), areas, hidden: null },
    };
  });
  return { min, teams, hidden: hiddenSummary(reasons) };
}
export type TeamComparison = Awaited<ReturnType<typeof compareTeams>>;

/**
 * Which teams are hidden among their round's teams (sibling suppression under the round's total, as HR
 * analytics' rounds tab does): showing them here would let one subtract a small team from the round.
 */
/**
 * The chosen teams' competence gaps and knowledge shortages, kept per web process under the people version
 * (migration 0057: it follows team places, memberships, contracts, positions, competences, their requirements and
 * scores, knowledge areas, needs and levels; docs/decisions/1985, 1986), the modules that are on and the teams.
 * They read no reviews and nothing of the reader: the teams are already the reader's.
 */
async function keptShortagesOf(ctx: TenantContext, rows: readonly { id: string; name: string }[]) {
  const ids = rows.map((r) => r.id);
  const read = async () => {
    const [gaps, knowledge] = await Promise.all([
      ctx.modules.has("competences") ? teamCompetenceGaps(ctx, ids) : null,
      knowledgeShortages(
        ctx,
        rows.map((r) => ({ id: r.id, name: r.name })),
      ),
    ]);
    return { gaps, knowledge };
  };
  const version = await peopleVersion(ctx);
  const key = [ctx.accountId, ctx.clusterId, version, [...ctx.modules].sort().join(","), [...ids].sort().join(",")];
  return keptShortages(key.join("|"), read);
}

const keptShortages = keptFigures<{
  gaps: Map<string, TeamCompetenceGaps> | null;
  knowledge: Record<string, KnowledgeShortage[]> | null;
}>(1_000);

async function roundSiblings(ctx: TenantContext, roundIds: string[], min: number, version: number) {
  const hidden = new Map<string, HiddenReason | null>();
  const rounds = await Promise.all(
    [...new Set(roundIds)].map((roundId) =>
      keptRoundHidden([ctx.accountId, ctx.clusterId, version, min, roundId].join("|"), () =>
        roundHidden(ctx, roundId, min),
      ),
    ),
  );
  for (const round of rounds) for (const [teamId, reason] of round) hidden.set(teamId, reason);
  return hidden;
}

/**
 * One round's hidden teams. A round spans the cluster's teams (800 at Groot BV: 10,000 subjects counted, ≈ 20 ms
 * of the database a request), so it is kept per review version and threshold (docs/decisions/1982): the version
 * follows every column read here — reviews' type, finish, removal, parent and team, subjects' people (0052–0055).
 */
async function roundHidden(ctx: TenantContext, roundId: string, min: number) {
  const { rows } = await getReadDb().execute<{ team_id: string; n: number }>(sql`
    select r.team_id, count(distinct s.membership_id)::int as n
    from reviews r join review_subjects s on s.review_id = r.id
    where r.account_id = ${ctx.accountId} and r.cluster_id = ${ctx.clusterId} and r.type = 'team'
      and r.is_finished and r.deleted_at is null and r.team_id is not null
      and coalesce(r.parent_id, r.id) = ${roundId}
    group by 1`);
  const total = rows.reduce((sum, r) => sum + r.n, 0);
  const hidden = new Map<string, HiddenReason>();
  for (const group of suppressGroups(
    total,
    rows.map((r) => ({ key: r.team_id, size: r.n, counts: {} })),
    min,
  ))
    if (group.hidden) hidden.set(group.key, group.hidden);
  return hidden;
}
const keptRoundHidden = keptFigures<Map<string, HiddenReason>>(1_000);

/**
 * The comparer's teams by name (the form's choices). The cluster's list is kept per review version, which
 * follows teams' names, removal and moves (migration 0054; docs/decisions/1982); the scope is applied to it.
 */
async function comparisonOptions(ctx: TenantContext, version: number) {
  const all = await keptTeamOptions([ctx.accountId, ctx.clusterId, version].join("|"), () => listTeamOptions(ctx));
  const scope = comparisonScope(ctx);
  return scope.all ? all : all.filter((team) => teamInScope(scope, team.id));
}
const keptTeamOptions = keptFigures<{ id: string; name: string }[]>(100_000, (teams) => teams.length + 1);

/**
 * The page's comparison from its GET parameters, for the page and its export alike: the comparer's teams (the
 * form's options), the chosen ones among them, and how many chosen ids were left out.
 */
export async function teamComparison(ctx: TenantContext, params: URLSearchParams) {
  const version = await reviewVersion(ctx);
  const options = await comparisonOptions(ctx, version);
  const { ids: chosen, leftOut, tooMany } = chosenTeamIds(params.getAll("team"), options);
  // What is left must still be two teams to compare.
  const result = chosen.length >= 2 && !tooMany ? await compareTeams(ctx, chosen, version) : null;
  const teams = result && result.teams.length >= 2 ? result.teams : [];
  return {
    options,
    chosen,
    leftOut,
    tooMany,
    teams,
    min: result?.min ?? 0,
    hidden: teams.length ? result!.hidden : hiddenSummary([]),
  };
}

type Labels = { t: TFunction; dimensions: DimensionText[]; roles: RoleText[] };

/** The side-by-side table as a sheet (one column a team), hidden groups in the page's word. */
export function comparisonSheets({ t, dimensions, roles }: Labels, teams: readonly ComparedTeam[]): Sheet[] {
  const hidden = t("analytics:smallGroups.hidden");
  const line = (label: string, cell: (team: ComparedTeam) => Cell): Cell[] => [label, ...teams.map(cell)];
  const percent = (value: number | null) => (value === null ? "" : Math.round(value * 10) / 10);
  const rows: Cell[][] = [
    ["", ...teams.map((team) => team.name)],
    line(t("analytics:comparison.members"), (team) => team.members),
    line(t("analytics:comparison.fte"), (team) => team.fte),
    line(t("analytics:comparison.review"), (team) => team.review?.name ?? t("analytics:comparison.noReview")),
    ...dimensions.map((d) =>
      line(`${d.name} (%)`, (team) =>
        !team.review
          ? ""
          : team.review.averages
            ? percent(team.review.averages[dimensionKeys[d.dimension as Dimension]])
            : hidden,
      ),
    ),
    ...[...inDisplayOrder(roles), { id: 0, key: "none", label: t("results:noRole") }].map((r) =>
      line(r.label, (team) =>
        !team.review
          ? ""
          : team.review.roleCounts
            ? (team.review.roleCounts[r.id ? String(r.id) : "none"] ?? 0)
            : hidden,
      ),
    ),
  ];
  if (teams.some((team) => team.competence))
    rows.push(
      line(t("analytics:comparison.competenceShort"), (team) =>
        !team.competence ? "" : team.competence.hidden ? hidden : team.competence.short,
      ),
      line(t("analytics:comparison.competenceAssessed"), (team) =>
        !team.competence ? "" : team.competence.hidden ? hidden : team.competence.assessed,
      ),
    );
  if (teams.some((team) => team.knowledge))
    rows.push(
      line(t("analytics:comparison.knowledgeShortage"), (team) =>
        !team.knowledge ? "" : team.knowledge.hidden ? hidden : team.knowledge.shortage,
      ),
    );
  return [{ name: t("analytics:comparison.title"), rows }];
}
