import { auditBy, recordAudit } from "~/features/audit/audit.server";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { accountModules, clusterModules, clusters } from "#db/schema";
import { moduleKeys, type ModuleKey } from "~/utils/modules";
import { notFound } from "~/utils/not-found";
import type { Result } from "~/utils/results.server";
import type { TenantContext } from "~/utils/tenant.server";

/** The modules active for the account (on `db`: inside a transaction pass the transaction). */
export async function activeAccountModules(db: DbOrTx, accountId: string): Promise<ModuleKey[]> {
  const rows = await db
    .select({ key: accountModules.moduleKey })
    .from(accountModules)
    .where(and(eq(accountModules.accountId, accountId), eq(accountModules.active, true)));
  return rows.map((r) => r.key).filter((k): k is ModuleKey => (moduleKeys as readonly string[]).includes(k));
}

export async function getModuleMatrix(ctx: TenantContext) {
  const db = getDb();
  const account = await db
    .select({ key: accountModules.moduleKey, active: accountModules.active })
    .from(accountModules)
    .where(eq(accountModules.accountId, ctx.accountId));
  const perCluster = await db
    .select({ clusterId: clusterModules.clusterId, key: clusterModules.moduleKey })
    .from(clusterModules)
    .where(eq(clusterModules.accountId, ctx.accountId));
  const clusterRows = await db
    .select({ id: clusters.id, name: clusters.name })
    .from(clusters)
    .where(and(eq(clusters.accountId, ctx.accountId), isNull(clusters.deletedAt)))
    .orderBy(clusters.name);
  const active = new Set(account.filter((a) => a.active).map((a) => a.key));
  return {
    modules: moduleKeys.map((key) => ({ key, active: active.has(key) })),
    clusters: clusterRows.map((c) => ({
      ...c,
      modules: perCluster.filter((m) => m.clusterId === c.id && active.has(m.key)).map((m) => m.key),
    })),
  };
}

/**
 * Sets which modules the account has. Spec §4: a module switched off for the account is switched
 * off in every cluster too; one transaction.
 */
export async function setAccountModules(ctx: TenantContext, keys: readonly ModuleKey[]) {
  const on = new Set(keys);
  await getDb().transaction(async (tx) => {
    await applyAccountModules(tx, ctx.accountId, keys);
    await recordAudit(tx, {
      ...auditBy(ctx),
      subjectType: "account",
      subjectId: ctx.accountId,
      action: "settings.accountModules",
      data: { modules: [...on].sort() },
    });
  });
}

/**
 * Writes the account's modules in the caller's transaction: the given ones on, the others off and, spec §4,
 * off in every cluster too (the modules page and a licence order).
 */
export async function applyAccountModules(tx: DbOrTx, accountId: string, keys: readonly ModuleKey[]) {
  const on = new Set(keys);
  await tx
    .insert(accountModules)
    .values(moduleKeys.map((moduleKey) => ({ accountId, moduleKey, active: on.has(moduleKey) })))
    .onConflictDoUpdate({
      target: [accountModules.accountId, accountModules.moduleKey],
      set: { active: sql`excluded.active` },
    });
  const off = moduleKeys.filter((k) => !on.has(k));
  if (off.length > 0) {
    await tx
      .delete(clusterModules)
      .where(and(eq(clusterModules.accountId, accountId), inArray(clusterModules.moduleKey, off)));
  }
}

/** Sets a cluster's modules. Spec §4: only modules active for the account can be switched on. */
export async function setClusterModules(
  ctx: TenantContext,
  clusterId: string,
  keys: readonly ModuleKey[],
): Promise<Result> {
  const [cluster] = await getDb()
    .select({ id: clusters.id })
    .from(clusters)
    .where(and(eq(clusters.id, clusterId), eq(clusters.accountId, ctx.accountId), isNull(clusters.deletedAt)));
  if (!cluster) notFound();
  return getDb().transaction(async (tx) => {
    const allowed = new Set(await activeAccountModules(tx, ctx.accountId));
    if (keys.some((k) => !allowed.has(k))) {
      return { ok: false, field: "modules", errorKey: "account:modules.notForAccount" };
    }
    await tx
      .delete(clusterModules)
      .where(and(eq(clusterModules.clusterId, clusterId), eq(clusterModules.accountId, ctx.accountId)));
    if (keys.length > 0) {
      await tx
        .insert(clusterModules)
        .values([...new Set(keys)].map((moduleKey) => ({ accountId: ctx.accountId, clusterId, moduleKey })));
    }
    await recordAudit(tx, {
      ...auditBy(ctx),
      clusterId,
      subjectType: "cluster",
      subjectId: clusterId,
      action: "settings.clusterModules",
      data: { modules: [...new Set(keys)].sort() },
    });
    return { ok: true };
  });
}
