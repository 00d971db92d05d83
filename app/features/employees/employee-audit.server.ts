import type { DbOrTx } from "#db/client.server";
import { auditEvents } from "#db/schema";
import type { TenantContext } from "~/utils/tenant.server";

/** One audit event about an employee (a membership of the current cluster), written with the change. */
export async function auditMembership(
  db: DbOrTx,
  ctx: TenantContext,
  action: string,
  subjectId: string | null,
  data?: unknown,
) {
  await db.insert(auditEvents).values({
    accountId: ctx.accountId,
    clusterId: ctx.clusterId,
    actorUserId: ctx.user.id,
    subjectType: "membership",
    subjectId,
    action,
    data: data ?? null,
  });
}
