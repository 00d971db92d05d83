import { getDb, type DbOrTx } from "#db/client.server";
import { auditEvents } from "#db/schema";
import type { TenantContext } from "~/utils/tenant.server";
import type { AuditAction } from "./audit-actions";

/**
 * Ids, counts, flags and codes: what an audit row may say beyond who, whom and what. Never a name, an
 * e-mail address, a free text or a score (issue 35).
 */
export type AuditDetail = Record<string, string | number | boolean | null | readonly (string | number)[]>;

export type AuditEvent = {
  accountId: string;
  clusterId?: string | null;
  actorUserId?: string | null;
  /** The person the event is about; for a "user" or "membership" subject the database fills it in. */
  targetUserId?: string | null;
  subjectType?: "user" | "membership" | "review" | "account" | "cluster" | "role" | "import" | "dialog" | "flow";
  subjectId?: string | null;
  action: AuditAction;
  ip?: string | null;
  data?: AuditDetail | null;
};

/**
 * The one writer of the audit trail (decision 1520). Pass the transaction of the change it records, so the
 * row commits with the change or not at all; a read (a sensitive page) passes the database.
 */
export async function recordAudit(db: DbOrTx, events: AuditEvent | readonly AuditEvent[]): Promise<void> {
  const list = Array.isArray(events) ? events : [events as AuditEvent];
  if (list.length === 0) return;
  await db.insert(auditEvents).values(
    list.map((e) => ({
      accountId: e.accountId,
      clusterId: e.clusterId ?? null,
      actorUserId: e.actorUserId ?? null,
      targetUserId: e.targetUserId ?? null,
      subjectType: e.subjectType ?? null,
      subjectId: e.subjectId ?? null,
      action: e.action,
      ip: e.ip ?? null,
      data: e.data ?? null,
    })),
  );
}

/** Account, cluster and actor of an event the signed-in user causes. */
export function auditBy(
  ctx: Pick<TenantContext, "accountId"> & { clusterId?: string; user: { id: string } },
  ip?: string | null,
) {
  return { accountId: ctx.accountId, clusterId: ctx.clusterId || null, actorUserId: ctx.user.id, ip: ip ?? null };
}

/**
 * An event outside any change (a download, a read of a sensitive page) by the signed-in user, written at
 * once. A read of one's own record is not recorded: the trail is about who looked at someone else.
 */
export async function auditNow(
  ctx: Pick<TenantContext, "accountId" | "clusterId" | "user" | "membershipId">,
  ip: string | null | undefined,
  event: Omit<AuditEvent, "accountId" | "clusterId" | "actorUserId" | "ip">,
): Promise<void> {
  const isRead = event.action.startsWith("read.");
  if (isRead && event.subjectType === "membership" && event.subjectId === ctx.membershipId) return;
  if (isRead && event.targetUserId === ctx.user.id) return;
  await recordAudit(getDb(), { ...auditBy(ctx, ip), ...event });
}
