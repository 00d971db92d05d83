import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { clusters } from "#db/schema";
import { auditBy, recordAudit } from "~/features/audit/audit.server";
import type { Result } from "~/utils/results.server";
import type { TenantContext } from "~/utils/tenant.server";
import { effectiveMinGroupSize } from "./small-groups";

/**
 * The cluster's "minimum group size" (docs/decisions/1600): read by every analytics service before it answers,
 * written on the cluster settings page (cluster_settings.manage). The pure rules are in `small-groups.ts`.
 */
export async function minGroupSize(ctx: Pick<TenantContext, "accountId" | "clusterId">, db: DbOrTx = getDb()) {
  const [row] = await db
    .select({ value: clusters.minGroupSize })
    .from(clusters)
    .where(and(eq(clusters.id, ctx.clusterId), eq(clusters.accountId, ctx.accountId)));
  return effectiveMinGroupSize(row?.value);
}

/** Saves the threshold; the form schema has checked its bounds, the database's check repeats them. */
export async function saveMinGroupSize(ctx: TenantContext, value: number): Promise<Result> {
  await getDb().transaction(async (tx) => {
    await tx
      .update(clusters)
      .set({ minGroupSize: value, updatedAt: new Date() })
      .where(and(eq(clusters.id, ctx.clusterId), eq(clusters.accountId, ctx.accountId)));
    await recordAudit(tx, {
      ...auditBy(ctx),
      subjectType: "cluster",
      subjectId: ctx.clusterId,
      action: "settings.cluster",
      data: { minGroupSize: value },
    });
  });
  return { ok: true };
}
