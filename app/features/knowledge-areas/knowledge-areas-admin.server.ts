import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { knowledgeAreas } from "#db/schema";
import { hasRight } from "~/utils/rights";
import { isUniqueViolation, type Result } from "~/utils/results.server";
import { inCluster, isUuid, notFound, type Tenant } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { AreaInput } from "./knowledge-areas.schema";

/**
 * Managing the cluster's knowledge areas (docs/decisions/1320): add, rename, archive and bring back. An area is
 * shared by every team's card of the cluster, so only who manages every card (knowledgeArea.manage with
 * teams.manage: HR, the account admin) manages the areas; a team leader adds areas in the setup only.
 */

export function managesKnowledgeAreas(ctx: TenantContext): boolean {
  const subject = {
    isAccountAdmin: ctx.user.isAccountAdmin,
    isSystemAdmin: ctx.user.isSystemAdmin,
    rights: ctx.rights,
    modules: ctx.modules,
  };
  return hasRight(subject, "knowledgeArea.manage") && hasRight(subject, "teams.manage");
}

/**
 * After the route's guard (module knowledge-areas, knowledgeArea.manage): the area pages also need teams.manage,
 * because an area is shared by every team's card; anyone else goes to the dashboard.
 */
export async function assertManagesKnowledgeAreas(ctx: TenantContext): Promise<TenantContext> {
  if (!managesKnowledgeAreas(ctx)) {
    throw await redirectWithToast("/dashboard", { type: "error", key: "common:guard.noAccess" });
  }
  return ctx;
}

export type ManagedArea = {
  id: string;
  name: string;
  description: string;
  archived: boolean;
  /** The live teams whose card has this area. */
  teams: number;
};

/** Every knowledge area of the cluster, the ones in use first, each by name, with the teams that use it. */
export async function listManagedAreas(ctx: Tenant, db: DbOrTx = getDb()): Promise<ManagedArea[]> {
  const rows = await db
    .select({
      id: knowledgeAreas.id,
      name: knowledgeAreas.name,
      description: knowledgeAreas.description,
      archivedAt: knowledgeAreas.archivedAt,
      teams: sql<number>`(
        select count(distinct tkn.team_id)::int
        from team_knowledge_needs tkn
        join teams t on t.id = tkn.team_id and t.deleted_at is null
        where tkn.knowledge_area_id = knowledge_areas.id
      )`,
    })
    .from(knowledgeAreas)
    .where(inCluster(knowledgeAreas, ctx))
    .orderBy(
      asc(sql`${knowledgeAreas.archivedAt} is not null`),
      asc(sql`lower(${knowledgeAreas.name})`),
      asc(knowledgeAreas.id),
    );
  return rows.map(({ archivedAt, ...row }) => ({ ...row, archived: archivedAt !== null }));
}

/** One area of the cluster; another cluster's or account's, or no uuid: 404. */
export async function getManagedArea(ctx: Tenant, id: string, db: DbOrTx = getDb()): Promise<ManagedArea> {
  if (!isUuid(id)) notFound();
  const area = (await listManagedAreas(ctx, db)).find((a) => a.id === id);
  if (!area) notFound();
  return area;
}

/** Add an area to the cluster, on no card yet (teams choose it in the setup); the name is unique in use. */
export async function createArea(ctx: Tenant, input: AreaInput, db: DbOrTx = getDb()): Promise<Result> {
  try {
    await db.insert(knowledgeAreas).values({
      accountId: ctx.accountId,
      clusterId: ctx.clusterId,
      name: input.name,
      description: input.description,
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, field: "name", errorKey: "validation:alreadyExists" };
    throw error;
  }
  return { ok: true };
}

/** Rename an area (and its description); the name is unique among the areas in use. */
export async function updateArea(ctx: Tenant, id: string, input: AreaInput, db: DbOrTx = getDb()): Promise<Result> {
  if (!isUuid(id)) notFound();
  try {
    const updated = await db
      .update(knowledgeAreas)
      .set({ name: input.name, description: input.description })
      .where(and(eq(knowledgeAreas.id, id), inCluster(knowledgeAreas, ctx)))
      .returning({ id: knowledgeAreas.id });
    if (updated.length === 0) notFound();
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, field: "name", errorKey: "validation:alreadyExists" };
    throw error;
  }
  return { ok: true };
}

/** Archive an area: it leaves every card and the setup; its needs and levels stay stored. */
export async function archiveArea(ctx: Tenant, id: string, db: DbOrTx = getDb()): Promise<void> {
  if (!isUuid(id)) notFound();
  const updated = await db
    .update(knowledgeAreas)
    .set({ archivedAt: sql`coalesce(${knowledgeAreas.archivedAt}, now())` })
    .where(and(eq(knowledgeAreas.id, id), inCluster(knowledgeAreas, ctx)))
    .returning({ id: knowledgeAreas.id });
  if (updated.length === 0) notFound();
}

/**
 * Bring an archived area back, with the needs and levels it had. Refused when an area in use has the same
 * name meanwhile (rename one of them first).
 */
export async function restoreArea(ctx: Tenant, id: string, db: DbOrTx = getDb()): Promise<Result> {
  if (!isUuid(id)) notFound();
  try {
    const updated = await db
      .update(knowledgeAreas)
      .set({ archivedAt: null })
      .where(and(eq(knowledgeAreas.id, id), inCluster(knowledgeAreas, ctx), isNotNull(knowledgeAreas.archivedAt)))
      .returning({ id: knowledgeAreas.id });
    if (updated.length === 0) {
      // In use already (a second click) is fine; not in this cluster is a 404.
      const [inUse] = await db
        .select({ id: knowledgeAreas.id })
        .from(knowledgeAreas)
        .where(and(eq(knowledgeAreas.id, id), inCluster(knowledgeAreas, ctx), isNull(knowledgeAreas.archivedAt)));
      if (!inUse) notFound();
    }
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, field: "id", errorKey: "knowledge-areas:areas.restoreClash" };
    throw error;
  }
  return { ok: true };
}
