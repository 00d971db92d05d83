import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { criteriaSetCriteria, criteriaSets, criteriaSetTeams, teams } from "#db/schema";
import { can, type TenantContext } from "~/utils/tenant.server";
import type { SetInput } from "./criteria.schema";
import { inCluster, notFound } from "~/utils/scope.server";
import { requireCriteriaIds } from "./criteria.server";
import { nameTaken as nameTakenIn } from "~/utils/unique-name.server";

type Tenant = Pick<TenantContext, "accountId" | "clusterId">;

/**
 * Who sees which sets: whoever may manage sets sees all; anyone else with sets.read (team leaders,
 * reviewers) only the active sets made visible to team leaders (spec §6).
 */
export function visibleSetsOnly(ctx: TenantContext): boolean {
  return !can(ctx, "sets.manage");
}

export async function listSets(ctx: TenantContext, options: { archived?: boolean } = {}) {
  const onlyVisible = visibleSetsOnly(ctx);
  return getDb()
    .select({
      id: criteriaSets.id,
      name: criteriaSets.name,
      description: criteriaSets.description,
      visibleToTeamLeaders: criteriaSets.visibleToTeamLeaders,
      flex: criteriaSets.flex,
      basic: criteriaSets.basic,
      isActive: criteriaSets.isActive,
      archived: sql<boolean>`${criteriaSets.archivedAt} is not null`,
      criteria: sql<
        { id: string; dimension: 1 | 2 | 3 }[]
      >`coalesce((select json_agg(json_build_object('id', c.id, 'dimension', c.dimension))
        from ${criteriaSetCriteria} sc join criteria c on c.id = sc.criterion_id where sc.set_id = ${sql.raw('"criteria_sets"."id"')}), '[]'::json)`,
      teamIds: sql<
        string[]
      >`coalesce((select array_agg(st.team_id) from ${criteriaSetTeams} st where st.set_id = ${sql.raw('"criteria_sets"."id"')}), '{}')`,
    })
    .from(criteriaSets)
    .where(
      and(
        inCluster(criteriaSets, ctx),
        options.archived ? isNotNull(criteriaSets.archivedAt) : isNull(criteriaSets.archivedAt),
        onlyVisible ? and(eq(criteriaSets.visibleToTeamLeaders, true), eq(criteriaSets.isActive, true)) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${criteriaSets.name})`));
}

export async function getSet(ctx: Tenant, id: string) {
  const db = getDb();
  const [row] = await db
    .select()
    .from(criteriaSets)
    .where(and(inCluster(criteriaSets, ctx), eq(criteriaSets.id, id)));
  if (!row) notFound();
  const [criterionRows, teamRows] = await Promise.all([
    db
      .select({ criterionId: criteriaSetCriteria.criterionId })
      .from(criteriaSetCriteria)
      .where(and(eq(criteriaSetCriteria.setId, id), eq(criteriaSetCriteria.clusterId, ctx.clusterId))),
    db
      .select({ teamId: criteriaSetTeams.teamId })
      .from(criteriaSetTeams)
      .where(and(eq(criteriaSetTeams.setId, id), eq(criteriaSetTeams.clusterId, ctx.clusterId))),
  ]);
  return { ...row, criterionIds: criterionRows.map((r) => r.criterionId), teamIds: teamRows.map((r) => r.teamId) };
}

export async function listTeamsForSets(ctx: Tenant) {
  return getDb()
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.accountId, ctx.accountId), eq(teams.clusterId, ctx.clusterId)))
    .orderBy(asc(teams.name));
}

async function requireTeamIds(db: DbOrTx, ctx: Tenant, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.accountId, ctx.accountId), eq(teams.clusterId, ctx.clusterId), inArray(teams.id, unique)));
  if (rows.length !== unique.length) notFound();
  return unique;
}

type Result = { ok: true; id: string } | { ok: false; field: string; errorKey: string };

async function writeMembers(db: DbOrTx, ctx: Tenant, setId: string, input: SetInput) {
  const criterionIds = [...new Set(input.criterionIds)];
  const teamIds = await requireTeamIds(db, ctx, input.teamIds);
  await requireCriteriaIds(db, ctx, criterionIds);
  await db
    .delete(criteriaSetCriteria)
    .where(and(eq(criteriaSetCriteria.setId, setId), eq(criteriaSetCriteria.clusterId, ctx.clusterId)));
  await db
    .delete(criteriaSetTeams)
    .where(and(eq(criteriaSetTeams.setId, setId), eq(criteriaSetTeams.clusterId, ctx.clusterId)));
  const base = { accountId: ctx.accountId, clusterId: ctx.clusterId, setId };
  if (criterionIds.length > 0)
    await db.insert(criteriaSetCriteria).values(criterionIds.map((criterionId) => ({ ...base, criterionId })));
  if (teamIds.length > 0) await db.insert(criteriaSetTeams).values(teamIds.map((teamId) => ({ ...base, teamId })));
}

function nameTaken(db: DbOrTx, ctx: Tenant, name: string, exceptId?: string) {
  return nameTakenIn(db, criteriaSets, inCluster(criteriaSets, ctx), name, exceptId);
}

const fields = (input: SetInput) => ({
  name: input.name,
  description: input.description,
  visibleToTeamLeaders: input.visibleToTeamLeaders,
  flex: input.flex,
  basic: input.basic,
  isActive: input.isActive,
});

export async function createSet(ctx: Tenant, input: SetInput, db: DbOrTx = getDb()): Promise<Result> {
  return db.transaction(async (tx) => {
    if (await nameTaken(tx, ctx, input.name)) return { ok: false, field: "name", errorKey: "validation:alreadyExists" };
    const [row] = await tx
      .insert(criteriaSets)
      .values({ accountId: ctx.accountId, clusterId: ctx.clusterId, ...fields(input) })
      .returning({ id: criteriaSets.id });
    await writeMembers(tx, ctx, row.id, input);
    return { ok: true, id: row.id };
  });
}

export async function updateSet(ctx: Tenant, id: string, input: SetInput): Promise<Result> {
  return getDb().transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: criteriaSets.id })
      .from(criteriaSets)
      .where(and(inCluster(criteriaSets, ctx), eq(criteriaSets.id, id)));
    if (!existing) notFound();
    if (await nameTaken(tx, ctx, input.name, id))
      return { ok: false, field: "name", errorKey: "validation:alreadyExists" };
    await tx
      .update(criteriaSets)
      .set({ ...fields(input), updatedAt: new Date() })
      .where(and(inCluster(criteriaSets, ctx), eq(criteriaSets.id, id)));
    await writeMembers(tx, ctx, id, input);
    return { ok: true, id };
  });
}

/** Archive/restore, visibility and isActive: one flag at a time. */
export async function updateSetFlag(
  ctx: Tenant,
  id: string,
  change: { archived: boolean } | { visibleToTeamLeaders: boolean } | { isActive: boolean },
) {
  const set =
    "archived" in change
      ? { archivedAt: change.archived ? new Date() : null }
      : "visibleToTeamLeaders" in change
        ? { visibleToTeamLeaders: change.visibleToTeamLeaders }
        : { isActive: change.isActive };
  const rows = await getDb()
    .update(criteriaSets)
    .set({ ...set, updatedAt: new Date() })
    .where(and(inCluster(criteriaSets, ctx), eq(criteriaSets.id, id)))
    .returning({
      id: criteriaSets.id,
      isActive: criteriaSets.isActive,
      visibleToTeamLeaders: criteriaSets.visibleToTeamLeaders,
    });
  if (rows.length === 0) notFound();
  return rows[0];
}
