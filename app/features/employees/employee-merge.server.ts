import { and, eq, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { contracts, memberships, membershipTags, roleAssignments } from "#db/schema";
import { hasRight } from "~/utils/rights";
import { inCluster } from "~/utils/scope.server";
import { rightsSubject, type TenantContext } from "~/utils/tenant.server";
import { membershipsActorMayChange, rolesActorMayNotChange } from "~/features/people/actor-may.server";
import { reassignReviewData } from "~/features/reviews/review-history.server";
import { auditMembership } from "./employee-audit.server";
import { listEmployees } from "./employee-list.server";
import { getEmployee } from "./employee-person.server";

type MergeInput = { keepId: string; removeId: string };

/** Candidates for a merge: other employees of the cluster matching a search, at most 20. */
export async function searchMergeCandidates(ctx: TenantContext, membershipId: string, q: string) {
  if (!q.trim()) return [];
  const [{ rows: active }, { rows: inactive }] = await Promise.all([
    listEmployees(ctx, { tab: "active", q }),
    listEmployees(ctx, { tab: "inactive", q }),
  ]);
  return [...active, ...inactive].filter((r) => r.id !== membershipId).slice(0, 20);
}

/**
 * Why the actor may not merge these two (docs/decisions/0620), or null: it needs users.merge, neither
 * person may have more rights than the actor, and the roles the kept record gains must be roles the
 * actor could give directly.
 */
async function mergeRefusal(ctx: TenantContext, input: MergeInput, db: DbOrTx): Promise<string | null> {
  if (!hasRight(rightsSubject(ctx), "users.merge")) return "employees:merge.outranks";
  const changeable = await membershipsActorMayChange(ctx, [input.keepId, input.removeId], db);
  if (!changeable.has(input.keepId) || !changeable.has(input.removeId)) return "employees:merge.outranks";
  const gained = await db.execute<{ role_key: string }>(sql`
    select distinct r.role_key from role_assignments r
    where r.membership_id = ${input.removeId} and r.account_id = ${ctx.accountId} and r.cluster_id = ${ctx.clusterId}
      and not exists (select 1 from role_assignments k where k.membership_id = ${input.keepId}
                      and k.role_key = r.role_key and k.team_id is not distinct from r.team_id)`);
  const refused = await rolesActorMayNotChange(
    ctx,
    gained.rows.map((r) => r.role_key),
    db,
  );
  return refused.length > 0 ? "employees:merge.rolesNotGrantable" : null;
}

/**
 * Merges two employees of the cluster: contracts, role assignments (team places included) and tags of
 * the one that goes move to the one that remains, in one transaction; duplicates (same role in the same
 * team, same tag) are dropped; review data moves through the reviews' own rule; the one that goes is
 * soft-deleted (docs/decisions/0203, 0641).
 */
export async function mergeEmployees(
  ctx: TenantContext,
  input: MergeInput,
  db: DbOrTx = getDb(),
): Promise<{ ok: true } | { ok: false; errorKey: string }> {
  if (input.keepId === input.removeId) return { ok: false, errorKey: "employees:merge.same" };
  await getEmployee(ctx, input.keepId, db);
  await getEmployee(ctx, input.removeId, db);
  if (input.removeId === ctx.membershipId) return { ok: false, errorKey: "employees:delete.notYourself" };
  const refusal = await mergeRefusal(ctx, input, db);
  if (refusal) return { ok: false, errorKey: refusal };
  await db.transaction(async (tx) => {
    await tx
      .update(contracts)
      .set({ membershipId: input.keepId, updatedAt: new Date() })
      .where(and(inCluster(contracts, ctx), eq(contracts.membershipId, input.removeId)));
    await tx.execute(sql`
      insert into role_assignments (account_id, cluster_id, membership_id, role_key, level, team_id)
      select account_id, cluster_id, ${input.keepId}, role_key, level, team_id from role_assignments
      where membership_id = ${input.removeId} and account_id = ${ctx.accountId} and cluster_id = ${ctx.clusterId}
      on conflict do nothing`);
    await tx
      .delete(roleAssignments)
      .where(and(inCluster(roleAssignments, ctx), eq(roleAssignments.membershipId, input.removeId)));
    await tx.execute(sql`
      insert into membership_tags (account_id, cluster_id, membership_id, tag_id)
      select account_id, cluster_id, ${input.keepId}, tag_id from membership_tags
      where membership_id = ${input.removeId} and account_id = ${ctx.accountId} and cluster_id = ${ctx.clusterId}
      on conflict do nothing`);
    await tx
      .delete(membershipTags)
      .where(and(inCluster(membershipTags, ctx), eq(membershipTags.membershipId, input.removeId)));
    // Review data moves with the person and is never deleted (docs/decisions/0641).
    await reassignReviewData(tx, input.removeId, input.keepId);
    await tx
      .update(memberships)
      .set({ deletedAt: new Date(), status: "inactive", access: false, updatedAt: new Date() })
      .where(and(inCluster(memberships, ctx), eq(memberships.id, input.removeId)));
    await auditMembership(tx, ctx, "membership.merge", input.keepId, { removed: input.removeId });
  });
  return { ok: true };
}
