import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { personOfRow, requireMembers, searchPeople } from "~/features/people/person-query.server";
import { getDb, type DbOrTx } from "#db/client.server";
import { roleAssignments, teams } from "#db/schema";
import type { MergeLine } from "~/features/merge/merge-lines";
import {
  keepAndGone,
  mergeReferences,
  runMerge,
  splitRecord,
  type MergeMode,
  type MergeReference,
} from "~/features/merge/merge-references.server";
import { teamReviewsKept } from "~/features/reviews/review-history.server";
import type { Failure, Result } from "~/utils/results.server";
import { inCluster, notFound, type Tenant } from "~/utils/scope.server";
import { inTeamScope, type TeamScope } from "~/utils/team-scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { nameTaken as nameTakenIn, writeUniqueName } from "~/utils/unique-name.server";
import { MAX_NEEDED_PER_LEVEL } from "~/features/knowledge-areas/knowledge-scale";
import { MAX_NEED_REASON, MAX_NEEDED } from "~/features/planning/planning";
import { TEAMS_PAGE_SIZE } from "./list-sizes";

/** Spec §9: a team member without an active contract counts as 0.8 FTE. */
export const DEFAULT_FTE = 0.8;
export type TeamPlaceRole = "team_member" | "team_admin";

// FTE of one membership: its active contracts today, or the default when it has none (docs/decisions/0250).
const memberFte = sql.raw(`coalesce((
  select sum(c.fte) from contracts c
  where c.membership_id = ra.membership_id and c.is_active
    and c.start_date <= current_date and c.end_date >= current_date), ${DEFAULT_FTE})`);

/** Teams not removed (removal is soft: review history keeps referring to them). */
const liveTeams = isNull(teams.deletedAt);

/**
 * A page of the cluster's teams. With `withChildClusters`, the teams of the clusters below it (its
 * child clusters, recursively, in the same account) are listed too, read-only there
 * (docs/decisions/0253).
 */
export async function listTeams(
  ctx: TenantContext,
  input: { page: number; q?: string; withChildClusters?: boolean; pageSize?: number },
) {
  const q = input.q?.trim() ? `%${input.q.trim().replace(/[%_\\]/g, "\\$&")}%` : null;
  // The API may ask for smaller pages (decision 1750); the page's size is the cap.
  const pageSize = Math.min(input.pageSize ?? TEAMS_PAGE_SIZE, TEAMS_PAGE_SIZE);
  const offset = (input.page - 1) * pageSize;
  const result = await getDb().execute<{
    id: string;
    name: string;
    cluster_id: string;
    cluster_name: string;
    member_count: number;
    leader_count: number;
    fte: string;
    total: number;
  }>(sql`
    with recursive scope as (
      select c.id, c.name from clusters c
      where c.id = ${ctx.clusterId} and c.account_id = ${ctx.accountId}
      ${
        input.withChildClusters
          ? sql`union all
      select c.id, c.name from clusters c join scope s on c.parent_id = s.id
      where c.account_id = ${ctx.accountId} and c.deleted_at is null`
          : sql``
      }
    )
    select t.id, t.name, t.cluster_id, scope.name as cluster_name,
      (select count(*)::int from role_assignments ra join memberships m on m.id = ra.membership_id and m.deleted_at is null
        where ra.team_id = t.id and ra.role_key = 'team_member') as member_count,
      (select count(*)::int from role_assignments ra join memberships m on m.id = ra.membership_id and m.deleted_at is null
        where ra.team_id = t.id and ra.role_key = 'team_admin') as leader_count,
      (select coalesce(sum(${memberFte}), 0) from role_assignments ra
        join memberships m on m.id = ra.membership_id and m.deleted_at is null
        where ra.team_id = t.id and ra.role_key = 'team_member') as fte,
      count(*) over ()::int as total
    from teams t join scope on scope.id = t.cluster_id
    where t.account_id = ${ctx.accountId} and t.deleted_at is null
      ${q ? sql`and t.name ilike ${q}` : sql``}
    order by t.cluster_id <> ${ctx.clusterId}, lower(scope.name), lower(t.name), t.id
    limit ${pageSize} offset ${offset}
  `);
  return {
    teams: result.rows.map((r) => ({
      id: r.id,
      name: r.name,
      clusterName: r.cluster_name,
      own: r.cluster_id === ctx.clusterId,
      memberCount: r.member_count,
      leaderCount: r.leader_count,
      fte: Number(r.fte),
    })),
    total: result.rows[0]?.total ?? 0,
  };
}

/** Whether the current cluster has clusters below it (then the teams page offers them). */
export async function hasChildClusters(ctx: TenantContext): Promise<boolean> {
  const result = await getDb().execute<{ found: boolean }>(sql`
    select exists (select 1 from clusters c where c.parent_id = ${ctx.clusterId} and c.account_id = ${ctx.accountId}
                   and c.deleted_at is null) as found`);
  return result.rows[0]?.found ?? false;
}

/** Every team of the cluster, for choosers (merge target). */
/** The cluster's teams by name; with a scope (docs/decisions/1420), only the teams it reaches. */
export async function listTeamOptions(ctx: Tenant, scope: TeamScope = { all: true }) {
  return getDb()
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(inCluster(teams, ctx), liveTeams, inTeamScope(scope, teams.id)))
    .orderBy(teams.name);
}

export async function getTeam(ctx: TenantContext, id: string) {
  const [team] = await getDb()
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.id, id), inCluster(teams, ctx), liveTeams));
  if (!team) notFound("team");
  return team;
}

function nameTaken(db: DbOrTx, ctx: Tenant, name: string, exceptId?: string) {
  return nameTakenIn(db, teams, and(inCluster(teams, ctx), liveTeams), name, exceptId);
}

const nameExists: Failure = { ok: false, field: "name", errorKey: "validation:alreadyExists" };

export async function createTeam(
  ctx: Tenant,
  input: { name: string },
  db: DbOrTx = getDb(),
): Promise<Result<{ id: string }>> {
  return writeUniqueName(
    () => nameTaken(db, ctx, input.name),
    nameExists,
    async () => {
      const [team] = await db
        .insert(teams)
        .values({ accountId: ctx.accountId, clusterId: ctx.clusterId, name: input.name })
        .returning({ id: teams.id });
      return { id: team.id };
    },
  );
}

export async function renameTeam(ctx: TenantContext, id: string, input: { name: string }): Promise<Result> {
  await getTeam(ctx, id);
  const db = getDb();
  return writeUniqueName(
    () => nameTaken(db, ctx, input.name, id),
    nameExists,
    async () => {
      await db
        .update(teams)
        .set({ name: input.name, updatedAt: new Date() })
        .where(and(eq(teams.id, id), inCluster(teams, ctx), liveTeams));
      return {};
    },
  );
}

/** Soft delete; the team's places (member and leader roles) go with it, in one transaction. */
export async function deleteTeam(ctx: TenantContext, id: string): Promise<void> {
  await getTeam(ctx, id);
  await getDb().transaction(async (tx) => {
    await tx
      .delete(roleAssignments)
      .where(and(eq(roleAssignments.teamId, id), eq(roleAssignments.clusterId, ctx.clusterId)));
    await tx
      .update(teams)
      .set({ deletedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(teams.id, id), inCluster(teams, ctx), liveTeams));
  });
}

/** Members (team_member) or leaders (team_admin) of a team, with their FTE. */
export async function listTeamPlaces(ctx: TenantContext, teamId: string, role: TeamPlaceRole) {
  const result = await getDb().execute<{
    membership_id: string;
    first_name: string;
    last_name: string;
    email: string;
    fte: string;
  }>(sql`
    select ra.membership_id, u.first_name, u.last_name, u.email, ${memberFte} as fte
    from role_assignments ra
    join memberships m on m.id = ra.membership_id and m.deleted_at is null
    join users u on u.id = m.user_id
    where ra.team_id = ${teamId} and ra.role_key = ${role}
      and ra.account_id = ${ctx.accountId} and ra.cluster_id = ${ctx.clusterId}
    order by u.last_name_sort, lower(u.first_name), ra.membership_id
  `);
  return result.rows.map((r) => ({ ...personOfRow(r), fte: Number(r.fte) }));
}

/** Employees of the cluster matching a search who do not yet hold this place; at most 20. */
export const searchCandidates = (ctx: TenantContext, teamId: string, role: TeamPlaceRole, q: string) =>
  searchPeople(
    ctx,
    q,
    sql`exists (select 1 from role_assignments ra
                where ra.membership_id = m.id and ra.team_id = ${teamId} and ra.role_key = ${role})`,
  );

export async function addTeamPlace(ctx: TenantContext, teamId: string, membershipId: string, role: TeamPlaceRole) {
  await getTeam(ctx, teamId);
  const db = getDb();
  await requireMembers(db, ctx, [membershipId]);
  await db
    .insert(roleAssignments)
    .values({ accountId: ctx.accountId, clusterId: ctx.clusterId, membershipId, roleKey: role, level: "team", teamId })
    .onConflictDoNothing();
}

export async function removeTeamPlace(ctx: TenantContext, teamId: string, membershipId: string, role: TeamPlaceRole) {
  await getTeam(ctx, teamId);
  await getDb()
    .delete(roleAssignments)
    .where(
      and(
        eq(roleAssignments.teamId, teamId),
        eq(roleAssignments.membershipId, membershipId),
        eq(roleAssignments.roleKey, role),
        eq(roleAssignments.clusterId, ctx.clusterId),
      ),
    );
}

const sameTeam: Failure = { ok: false, field: "otherTeamId", errorKey: "teams:merge.sameTeam" };

/**
 * Team tables that keep pointing at a merged-away team: review history (docs/decisions/0641), which the soft
 * removal of the team keeps readable.
 */
export const TEAM_HISTORY_TABLES = ["reviews", "review_subjects", "review_teams"] as const;

/**
 * Everything else that hangs on a team, as a merge moves it (docs/decisions/1850): places (a person in both
 * keeps one), criteria sets, goals, the dialogs-team setting; planning and knowledge needs the remaining team
 * already has for the same position and horizon (area and level) are added up. The integration test checks
 * that every table with a foreign key to `teams` is here or in TEAM_HISTORY_TABLES.
 */
export function teamMergeReferences(): MergeReference[] {
  const places = (label: string, where: SQL): MergeReference => ({
    label,
    table: "role_assignments",
    column: "team_id",
    sameWhen: ["membership_id", "role_key"],
    where,
  });
  return [
    places("teams:merge.preview.members", sql`o.role_key = 'team_member'`),
    places("teams:merge.preview.leaders", sql`o.role_key = 'team_admin'`),
    places("teams:merge.preview.otherRoles", sql`o.role_key not in ('team_member', 'team_admin')`),
    { label: "teams:merge.preview.criteriaSets", table: "criteria_set_teams", column: "team_id", sameWhen: ["set_id"] },
    { label: "teams:merge.preview.goals", table: "team_goals", column: "team_id" },
    {
      label: "teams:merge.preview.planningNeeds",
      table: "planning_needs",
      column: "team_id",
      sameWhen: ["position_id", "horizon"],
      touch: true,
      combine: {
        label: "teams:merge.preview.planningNeedsAdded",
        set: sql`employees = least(k.employees + o.employees, ${MAX_NEEDED}), fte = least(k.fte + o.fte, ${MAX_NEEDED}),
          reason = case when k.reason = o.reason then k.reason else left(k.reason || E'\n' || o.reason, ${MAX_NEED_REASON}) end,
          updated_at = now()`,
      },
    },
    {
      label: "teams:merge.preview.knowledgeNeeds",
      table: "team_knowledge_needs",
      column: "team_id",
      sameWhen: ["knowledge_area_id", "level"],
      touch: true,
      combine: {
        label: "teams:merge.preview.knowledgeNeedsAdded",
        set: sql`needed_count = least(k.needed_count + o.needed_count, ${MAX_NEEDED_PER_LEVEL}), updated_at = now()`,
      },
    },
    {
      label: "teams:merge.preview.dialogFilters",
      table: "dialog_team_selections",
      column: "team_id",
      clusterOnly: true,
    },
  ];
}

/**
 * Merges two teams: everything of the team that goes moves to the one that remains (teamMergeReferences),
 * then the other team is removed (soft: its reviews keep it). One transaction; `preview` does the same and
 * rolls back, for the counts.
 */
export async function mergeTeams(
  ctx: TenantContext,
  input: { teamId: string; otherTeamId: string; remainingTeamId: string },
  mode: MergeMode = "apply",
): Promise<Result<{ remainingTeamId: string; lines: MergeLine[] }>> {
  const pair = keepAndGone(input.teamId, input.otherTeamId, input.remainingTeamId, sameTeam);
  if (!pair.ok) return pair;
  const { keep, gone } = pair;
  await getTeam(ctx, keep);
  await getTeam(ctx, gone);
  const lines = await runMerge(mode, (tx) =>
    mergeReferences(tx, {
      tenant: ctx,
      fromId: gone,
      toId: keep,
      references: teamMergeReferences(),
      reviewData: async (tx) => [await teamReviewsKept(tx, ctx, gone)],
      removed: { table: "teams", softDelete: true },
    }),
  );
  return { ok: true, remainingTeamId: keep, lines };
}

/**
 * Splits a team: a new team with the given name takes the chosen people's places (member or leader) and
 * the team's criteria sets, so the people who move are reviewed on the same criteria. Needs and goals stay
 * with the team that is split (docs/decisions/1850).
 */
export async function splitTeam(
  ctx: TenantContext,
  teamId: string,
  input: { name: string; membershipIds: string[] },
): Promise<Result<{ id: string }>> {
  await getTeam(ctx, teamId);
  const db = getDb();
  return splitRecord(db, ctx, {
    reference: { table: "role_assignments", column: "team_id", holder: "membership_id" },
    fromId: teamId,
    holderIds: input.membershipIds,
    nameTaken: () => nameTaken(db, ctx, input.name),
    nameExists,
    create: async (tx) => {
      const [team] = await tx
        .insert(teams)
        .values({ accountId: ctx.accountId, clusterId: ctx.clusterId, name: input.name })
        .returning({ id: teams.id });
      await tx.execute(sql`
        insert into criteria_set_teams (account_id, cluster_id, set_id, team_id)
        select account_id, cluster_id, set_id, ${team.id} from criteria_set_teams
        where team_id = ${teamId} and account_id = ${ctx.accountId} and cluster_id = ${ctx.clusterId}`);
      return team.id;
    },
  });
}

/** Everyone with a place in the team (for the split form), once each. */
export async function listTeamPeople(ctx: TenantContext, teamId: string) {
  const result = await getDb().execute<{ membership_id: string; first_name: string; last_name: string; email: string }>(
    sql`
    select m.id as membership_id, u.first_name, u.last_name, u.email
    from memberships m join users u on u.id = m.user_id
    where m.cluster_id = ${ctx.clusterId} and m.deleted_at is null
      and exists (select 1 from role_assignments ra where ra.membership_id = m.id and ra.team_id = ${teamId})
    order by u.last_name_sort, lower(u.first_name)`,
  );
  return result.rows.map(personOfRow);
}
