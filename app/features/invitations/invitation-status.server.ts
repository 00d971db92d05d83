import { and, inArray, isNull, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { invitations } from "#db/schema";
import { inCluster, uniqueUuids } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";

export type InvitationStatus = "pending" | "accepted" | "expired";

/**
 * The state of the latest (not voided) invitation per membership, for HR's lists; memberships never
 * invited (or uninvited) are absent. One indexed query for a whole page of people.
 */
export async function invitationStatusOf(
  ctx: Pick<TenantContext, "accountId" | "clusterId">,
  membershipIds: string[],
  now: Date = new Date(),
): Promise<Map<string, InvitationStatus>> {
  const ids = uniqueUuids(membershipIds);
  const result = new Map<string, InvitationStatus>();
  if (ids.length === 0) return result;
  const rows = await getDb()
    .selectDistinctOn([invitations.membershipId], {
      membershipId: invitations.membershipId,
      acceptedAt: invitations.acceptedAt,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .where(and(inCluster(invitations, ctx), inArray(invitations.membershipId, ids), isNull(invitations.voidedAt)))
    .orderBy(invitations.membershipId, sql`${invitations.createdAt} desc`);
  for (const row of rows) {
    result.set(
      row.membershipId,
      row.acceptedAt ? "accepted" : row.expiresAt.getTime() <= now.getTime() ? "expired" : "pending",
    );
  }
  return result;
}
