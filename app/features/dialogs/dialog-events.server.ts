import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb, type DbOrTx } from "#db/client.server";
import { dialogEvents, memberships, users, type DialogEventKind } from "#db/schema";
import { parseDate, toIsoDate } from "~/utils/dates";
import { inCluster } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { requireDialog, type DialogRow } from "./dialog-access.server";
import { personNameSql } from "~/utils/person-name.server";

/** One line of a dialog's history, written in the same transaction as the change it records. */
export async function logDialogEvent(
  db: DbOrTx,
  actor: Pick<TenantContext, "membershipId">,
  dialog: Pick<DialogRow, "id" | "accountId" | "clusterId">,
  kind: DialogEventKind,
  detail = "",
  extra: { meetingDate?: string; summary?: string; at?: Date } = {},
) {
  await db.insert(dialogEvents).values({
    accountId: dialog.accountId,
    clusterId: dialog.clusterId,
    dialogId: dialog.id,
    actorMembershipId: actor.membershipId,
    kind,
    detail: detail.slice(0, 300),
    meetingDate: extra.meetingDate ?? null,
    summary: extra.summary ?? "",
    ...(extra.at ? { createdAt: extra.at } : {}),
  });
}

const actorMembership = alias(memberships, "actor_membership");

/** The dialog's history, newest first (spec §2 dialogs/{id}/events). 404 for a dialog ctx may not see. */
export async function listDialogEvents(ctx: TenantContext, dialogId: string, db: DbOrTx = getDb()) {
  const dialog = await requireDialog(ctx, dialogId, db);
  const rows = await db
    .select({
      id: dialogEvents.id,
      kind: dialogEvents.kind,
      detail: dialogEvents.detail,
      meetingDate: dialogEvents.meetingDate,
      summary: dialogEvents.summary,
      createdAt: dialogEvents.createdAt,
      actor: sql<string | null>`${personNameSql(users)}`, // null: the actor's membership is gone
    })
    .from(dialogEvents)
    .leftJoin(actorMembership, eq(actorMembership.id, dialogEvents.actorMembershipId))
    .leftJoin(users, eq(users.id, actorMembership.userId))
    .where(and(inCluster(dialogEvents, ctx), eq(dialogEvents.dialogId, dialog.id)))
    .orderBy(desc(dialogEvents.createdAt), desc(dialogEvents.id))
    .limit(500);
  return {
    dialog,
    events: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      detail: r.detail,
      meetingDate: r.meetingDate,
      summary: r.summary,
      createdAt: r.createdAt.toISOString(),
      actor: r.actor,
    })),
  };
}

/** A meeting held (date dd-MM-yyyy and summary) as an event of the dialog. Any state: history is kept. */
export async function addMeeting(
  ctx: TenantContext,
  dialogId: string,
  input: { meetingDate: string; summary: string },
  db: DbOrTx = getDb(),
) {
  return db.transaction(async (tx) => {
    const dialog = await requireDialog(ctx, dialogId, tx, { forUpdate: true });
    const date = parseDate(input.meetingDate);
    if (!date) return { ok: false as const, field: "meetingDate", errorKey: "dialogs:errors.meetingDate" };
    await logDialogEvent(tx, ctx, dialog, "meeting", "", { meetingDate: toIsoDate(date), summary: input.summary });
    return { ok: true as const };
  });
}
