import { sql } from "drizzle-orm";
import type { TFunction } from "i18next";
import { getReadDb } from "#db/client.server";
import { teamCompetenceGaps, type TeamCompetenceGaps } from "~/features/competences/scores.server";
import { knowledgeShortages, type KnowledgeShortage } from "~/features/planning/planning.server";
import { dimensionKeys, type Dimension } from "~/features/criteria/scales";
import type { DimensionText, RoleText } from "~/features/reviews/components/results-ui";
import { inDisplayOrder } from "~/features/reviews/results";
import type { Cell, Sheet } from "~/features/reviews/xlsx.server";
import { DEFAULT_FTE } from "~/features/teams/teams.server";
import { isUuid } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { overSelectionLimit, teamComparisonLimit } from "~/utils/selection-limit";
import { hiddenSummary, isTooSmall, suppressGroups, type HiddenReason } from "./small-groups";
import { minGroupSize } from "./small-groups.server";

/**
 * Team comparison (spec §2 analytics/teams/team-comparison, §6; docs/decisions/1409): chosen teams of the
 * cluster side by side — members, FTE, and their latest finished team review: averages per dimension (as a
 * share of that review's scale) and the spread over the development roles (the precomputed
 * review_team_stats row). Team ids come from a GET form anyone can edit: ids of another cluster or account,
 * or no id at all, are left out, never an error. Competence gaps and knowledge-card shortages where those
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
 * The chosen ids as the form sent them (distinct, well-formed) and whether they are more than may be compared
 * at once: then nothing is compared and the page says the spec's selection limit (§5), the choice kept.
 */
export function chosenTeamIds(values: readonly string[]): { ids: string[]; tooMany: boolean } {
  const ids = [...new Set(values.filter(isUuid))];
  return { ids, tooMany: overSelectionLimit(ids.length, teamComparisonLimit) };
}

export async function compareTeams(ctx: TenantContext, teamIds: readonly string[]) {
  const min = await minGroupSize(ctx);
  if (teamIds.length === 0) return { min, teams: [] as ComparedTeam[], hidden: hiddenSummary([]) };
  const ids = `{${teamIds.join(",")}}`;
  const { rows } = await getReadDb().execute<{
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
    with chosen as (
      select t.id, t.name from teams t
      where t.id = any(${ids}::uuid[]) and t.account_id = ${ctx.accountId} and t.cluster_id = ${ctx.clusterId}
        and t.deleted_at is null
    ), members as (
      select ra.team_id, ra.membership_id from role_assignments ra
      join memberships m on m.id = ra.membership_id and m.deleted_at is null and m.status = 'active'
      where ra.team_id in (select id from chosen) and ra.role_key = 'team_member'
    ), latest as (
      select distinct on (r.team_id) r.team_id, r.id, coalesce(r.parent_id, r.id) as round_id,
        coalesce(p.name, r.name) as name, r.finished_at, r.scale
      from reviews r left join reviews p on p.id = r.parent_id
      where r.team_id in (select id from chosen) and r.account_id = ${ctx.accountId}
        and r.cluster_id = ${ctx.clusterId} and r.type = 'team' and r.is_finished and r.deleted_at is null
      order by r.team_id, r.finished_at desc nulls last, r.created_at desc, r.id
    )
    select c.id, c.name,
      (select count(*)::int from members mb where mb.team_id = c.id) as members,
      (select coalesce(sum(coalesce((
         select sum(k.fte) from contracts k where k.membership_id = mb.membership_id and k.is_active
           and k.start_date <= current_date and k.end_date >= current_date), ${DEFAULT_FTE})), 0)::text
         from members mb where mb.team_id = c.id) as fte,
      l.id as review_id, l.round_id, l.name as review_name, to_json(l.finished_at) #>> '{}' as finished_at, st.subjects, st.role_counts,
      (select avg((s.performance - 1) / greatest(l.scale - 1, 1) * 100) from review_subjects s
        where s.review_id = l.id and s.performance > 0) as performance,
      (select avg((s.potential - 1) / greatest(l.scale - 1, 1) * 100) from review_subjects s
        where s.review_id = l.id and s.potential > 0) as potential,
      (select avg((s.employability - 1) / greatest(l.scale - 1, 1) * 100) from review_subjects s
        where s.review_id = l.id and s.employability > 0) as employability
    from chosen c
    left join latest l on l.team_id = c.id
    left join review_team_stats st on st.review_id = l.id
    order by lower(c.name), c.id`);
  const num = (value: number | null) => (value === null ? null : Number(value));
  const found = rows.map((r) => r.id);
  const [siblings, gaps, knowledge] = await Promise.all([
    roundSiblings(
      ctx,
      rows.flatMap((r) => (r.round_id ? [r.round_id] : [])),
      min,
    ),
    ctx.modules.has("competences") ? teamCompetenceGaps(ctx, found) : null,
    knowledgeShortages(
      ctx,
      rows.map((r) => ({ id: r.id, name: r.name })),
    ),
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
async function roundSiblings(ctx: TenantContext, roundIds: string[], min: number) {
  const hidden = new Map<string, HiddenReason | null>();
  if (roundIds.length === 0) return hidden;
  const { rows } = await getReadDb().execute<{ round_id: string; team_id: string; n: number }>(sql`
    select coalesce(r.parent_id, r.id) as round_id, r.team_id, count(distinct s.membership_id)::int as n
    from reviews r join review_subjects s on s.review_id = r.id
    where r.account_id = ${ctx.accountId} and r.cluster_id = ${ctx.clusterId} and r.type = 'team'
      and r.is_finished and r.deleted_at is null and r.team_id is not null
      and coalesce(r.parent_id, r.id) = any(${`{${[...new Set(roundIds)].join(",")}}`}::uuid[])
    group by 1, 2`);
  for (const roundId of new Set(rows.map((r) => r.round_id))) {
    const own = rows.filter((r) => r.round_id === roundId);
    const total = own.reduce((sum, r) => sum + r.n, 0);
    for (const group of suppressGroups(
      total,
      own.map((r) => ({ key: r.team_id, size: r.n, counts: {} })),
      min,
    ))
      if (group.hidden) hidden.set(group.key, group.hidden);
  }
  return hidden;
}

/** The page's comparison from its GET parameters, for the page and its export alike. */
export async function teamComparison(ctx: TenantContext, params: URLSearchParams) {
  const { ids: chosen, tooMany } = chosenTeamIds(params.getAll("team"));
  // Ids of other clusters drop out in compareTeams: what is left must still be two teams to compare.
  const result = chosen.length >= 2 && !tooMany ? await compareTeams(ctx, chosen) : null;
  const teams = result && result.teams.length >= 2 ? result.teams : [];
  return {
    chosen,
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
