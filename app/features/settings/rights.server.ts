import { auditBy, recordAudit } from "~/features/audit/audit.server";
import { and, eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { roleRights } from "#db/schema";
import { roleKeys, type RoleKey } from "#db/schema/teams";
import { notFound } from "~/utils/not-found";
import { inCluster } from "~/utils/scope.server";
import type { Result } from "~/utils/results.server";
import { adminRights, assignableRights, hasRight, isRight, type Right } from "~/utils/rights";
import { rightsSubject, type TenantContext } from "~/utils/tenant.server";

/** Roles whose rights are set per cluster; account admins pass every check through their own flag. */
export const editableRoles: readonly RoleKey[] = roleKeys.filter((r) => r !== "account_admin");

/**
 * Each editable role's rights in the current cluster, and what the actor may do with them (the same rule as
 * setRoleRights): `mayChange` only when the actor holds every right the role has; `held` the rights the
 * actor may give. The page shows the rest read-only instead of refusing them after a save.
 */
export async function listRoleRights(ctx: TenantContext) {
  const rows = await getDb()
    .select({ role: roleRights.roleKey, right: roleRights.rightKey })
    .from(roleRights)
    .where(and(eq(roleRights.accountId, ctx.accountId), eq(roleRights.clusterId, ctx.clusterId)));
  const subject = rightsSubject(ctx);
  const held = assignableRights.filter((right) => hasRight(subject, right));
  const roles = editableRoles.map((role) => {
    const rights = rows.filter((r) => r.role === role).map((r) => r.right);
    return {
      role,
      rights,
      locked: rights.filter((r) => adminRights.has(r as Right)),
      mayChange: rights.every((right) => hasRight(subject, right)),
    };
  });
  return { roles, held };
}

/**
 * Replaces a role's rights in the current cluster. Spec §6: a role that includes admin rights
 * cannot have them switched off; asking to do so is refused and nothing changes. The actor must hold
 * every right the role has and gets (docs/decisions/0620).
 */
export async function setRoleRights(ctx: TenantContext, role: string, rights: readonly string[]): Promise<Result> {
  if (!(editableRoles as readonly string[]).includes(role)) notFound();
  const wanted = new Set(rights.filter((r) => isRight(r) && assignableRights.includes(r)));
  const ofRole = and(inCluster(roleRights, ctx), eq(roleRights.roleKey, role as RoleKey));
  return getDb().transaction(async (tx) => {
    const current = await tx.select({ right: roleRights.rightKey }).from(roleRights).where(ofRole);
    const droppedAdmin = current.some((c) => adminRights.has(c.right as Right) && !wanted.has(c.right));
    if (droppedAdmin) return { ok: false, field: "rights", errorKey: "settings:rights.adminLocked" };
    // May this actor change this role? Only with every right the role has now and every right it would get:
    // nobody grants a right they lack (their own role included) or strips a role that outranks them.
    const touched = new Set([...current.map((c) => c.right), ...wanted]);
    if ([...touched].some((right) => !hasRight(rightsSubject(ctx), right))) {
      return { ok: false, field: "rights", errorKey: "settings:rights.notHeld" };
    }
    await tx.delete(roleRights).where(ofRole);
    if (wanted.size > 0) {
      await tx.insert(roleRights).values(
        [...wanted].map((rightKey) => ({
          accountId: ctx.accountId,
          clusterId: ctx.clusterId,
          roleKey: role as RoleKey,
          rightKey,
        })),
      );
    }
    const before = new Set(current.map((c) => c.right));
    await recordAudit(tx, {
      ...auditBy(ctx),
      subjectType: "role",
      subjectId: role,
      action: "rights.change",
      data: {
        role,
        added: [...wanted].filter((r) => !before.has(r)).sort(),
        removed: [...before].filter((r) => !wanted.has(r)).sort(),
      },
    });
    return { ok: true };
  });
}
