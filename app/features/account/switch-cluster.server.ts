import { recordAudit } from "~/features/audit/audit.server";
import { getDb } from "#db/client.server";
import { setSessionCluster } from "~/utils/session.server";
import type { TenantContext } from "~/utils/tenant.server";

/** Only a cluster the guard already listed for this user (a role in it, or account admin) can become current. */
export async function switchCluster(
  ctx: TenantContext,
  clusterId: string,
): Promise<{ id: string; name: string } | null> {
  const target = ctx.clusters.find((c) => c.id === clusterId);
  if (!target) return null;
  await setSessionCluster(ctx.sessionId, target.id);
  await recordAudit(getDb(), {
    accountId: ctx.accountId,
    clusterId: target.id,
    actorUserId: ctx.user.id,
    subjectType: "cluster",
    subjectId: target.id,
    action: "cluster.switch",
  });
  return target;
}
