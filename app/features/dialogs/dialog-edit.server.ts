import { and, asc, count, eq, gt, max } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { dialogActions, dialogInitiativeLinks, dialogInitiatives, dialogLearningGoals, dialogs } from "#db/schema";
import { inCluster, isUuid, notFound } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { requireDialog, type DialogRow } from "./dialog-access.server";
import { logDialogEvent } from "./dialog-events.server";
import { isEditable, isHttpUrl, MAX_ACTIONS, nextStates } from "./dialog-rules";

/**
 * The changes of a dialog's content (spec §4; docs/decisions/1000). Each runs in one transaction that
 * locks the dialog, checks that ctx may see it (404 otherwise) and that it is started, checks that the
 * named learning goal, initiative or action belongs to it (404 otherwise), writes, and records an event.
 */

export type EditResult<T = object> = ({ ok: true } & T) | { ok: false; field: string; errorKey: string };

const notEditable = { ok: false as const, field: "", errorKey: "dialogs:errors.notEditable" };

async function inStartedDialog<T extends object>(
  ctx: TenantContext,
  dialogId: string,
  db: DbOrTx,
  fn: (tx: DbOrTx, dialog: DialogRow) => Promise<EditResult<T>>,
): Promise<EditResult<T>> {
  return db.transaction(async (tx) => {
    const dialog = await requireDialog(ctx, dialogId, tx, { forUpdate: true });
    if (!isEditable(dialog.state)) return notEditable;
    const result = await fn(tx, dialog);
    if (result.ok) await tx.update(dialogs).set({ updatedAt: new Date() }).where(eq(dialogs.id, dialog.id));
    return result;
  });
}

type ChildTable =
  typeof dialogLearningGoals | typeof dialogInitiatives | typeof dialogActions | typeof dialogInitiativeLinks;

/** A row of the dialog's learning goals, initiatives or actions, or 404. */
async function requireChild<T extends ChildTable>(tx: DbOrTx, table: T, id: string, dialog: DialogRow) {
  if (!isUuid(id)) notFound();
  const [row] = await tx
    .select()
    .from(table as ChildTable)
    .where(and(eq(table.id, id), eq(table.dialogId, dialog.id), inCluster(table, dialog)));
  if (!row) notFound();
  return row as T["$inferSelect"];
}

const tenantOf = (dialog: DialogRow) => ({
  accountId: dialog.accountId,
  clusterId: dialog.clusterId,
  dialogId: dialog.id,
});

export function updateObjective(ctx: TenantContext, dialogId: string, objective: string, db: DbOrTx = getDb()) {
  return inStartedDialog(ctx, dialogId, db, async (tx, dialog) => {
    await tx.update(dialogs).set({ objective }).where(eq(dialogs.id, dialog.id));
    await logDialogEvent(tx, ctx, dialog, "objective", objective);
    return { ok: true };
  });
}

export function addLearningGoal(ctx: TenantContext, dialogId: string, title: string, db: DbOrTx = getDb()) {
  return inStartedDialog(ctx, dialogId, db, async (tx, dialog) => {
    const [goal] = await tx
      .insert(dialogLearningGoals)
      .values({ ...tenantOf(dialog), title })
      .returning({ id: dialogLearningGoals.id });
    await logDialogEvent(tx, ctx, dialog, "goalAdded", title);
    return { ok: true, id: goal.id };
  });
}

export function editLearningGoal(
  ctx: TenantContext,
  dialogId: string,
  goalId: string,
  title: string,
  db: DbOrTx = getDb(),
) {
  return inStartedDialog(ctx, dialogId, db, async (tx, dialog) => {
    const goal = await requireChild(tx, dialogLearningGoals, goalId, dialog);
    await tx.update(dialogLearningGoals).set({ title }).where(eq(dialogLearningGoals.id, goal.id));
    await logDialogEvent(tx, ctx, dialog, "goalEdited", title);
    return { ok: true };
  });
}

/** Archive a learning goal, or restore it (spec §4: learning goals can be un-archived). */
export function setLearningGoalArchived(
  ctx: TenantContext,
  dialogId: string,
  goalId: string,
  archived: boolean,
  db: DbOrTx = getDb(),
) {
  return inStartedDialog(ctx, dialogId, db, async (tx, dialog) => {
    const goal = await requireChild(tx, dialogLearningGoals, goalId, dialog);
    await tx.update(dialogLearningGoals).set({ archived }).where(eq(dialogLearningGoals.id, goal.id));
    await logDialogEvent(tx, ctx, dialog, archived ? "goalArchived" : "goalRestored", goal.title);
    return { ok: true };
  });
}

export function addInitiative(
  ctx: TenantContext,
  dialogId: string,
  goalId: string,
  title: string,
  db: DbOrTx = getDb(),
) {
  return inStartedDialog<{ id: string }>(ctx, dialogId, db, async (tx, dialog) => {
    const goal = await requireChild(tx, dialogLearningGoals, goalId, dialog);
    if (goal.archived) return { ok: false, field: "title", errorKey: "dialogs:errors.goalArchived" };
    const [row] = await tx
      .insert(dialogInitiatives)
      .values({ ...tenantOf(dialog), learningGoalId: goal.id, title })
      .returning({ id: dialogInitiatives.id });
    await logDialogEvent(tx, ctx, dialog, "initiativeAdded", title);
    return { ok: true, id: row.id };
  });
}

export function editInitiative(
  ctx: TenantContext,
  dialogId: string,
  initiativeId: string,
  input: { progress: number; openIssue: boolean; notes: string },
  db: DbOrTx = getDb(),
) {
  return inStartedDialog(ctx, dialogId, db, async (tx, dialog) => {
    const initiative = await requireChild(tx, dialogInitiatives, initiativeId, dialog);
    await tx.update(dialogInitiatives).set(input).where(eq(dialogInitiatives.id, initiative.id));
    await logDialogEvent(tx, ctx, dialog, "initiativeEdited", `${initiative.title} (${input.progress}%)`);
    return { ok: true };
  });
}

/** The initiative's progress alone: the answer to "adjust progress?" and "100 % complete". */
export function setInitiativeProgress(
  ctx: TenantContext,
  dialogId: string,
  initiativeId: string,
  progress: number,
  db: DbOrTx = getDb(),
) {
  return inStartedDialog(ctx, dialogId, db, async (tx, dialog) => {
    const initiative = await requireChild(tx, dialogInitiatives, initiativeId, dialog);
    await tx.update(dialogInitiatives).set({ progress }).where(eq(dialogInitiatives.id, initiative.id));
    const kind = progress === 100 ? "initiativeCompleted" : "progress";
    await logDialogEvent(tx, ctx, dialog, kind, `${initiative.title} (${progress}%)`);
    return { ok: true };
  });
}

export function addInitiativeLink(
  ctx: TenantContext,
  dialogId: string,
  initiativeId: string,
  input: { title: string; url: string },
  db: DbOrTx = getDb(),
) {
  return inStartedDialog(ctx, dialogId, db, async (tx, dialog) => {
    const initiative = await requireChild(tx, dialogInitiatives, initiativeId, dialog);
    if (!isHttpUrl(input.url)) return { ok: false, field: "url", errorKey: "dialogs:errors.linkUrl" };
    await tx.insert(dialogInitiativeLinks).values({ ...tenantOf(dialog), initiativeId: initiative.id, ...input });
    await logDialogEvent(tx, ctx, dialog, "linkAdded", `${initiative.title}: ${input.title}`);
    return { ok: true };
  });
}

/** Remove a link of an initiative (after the page's confirmation step). */
export function removeInitiativeLink(ctx: TenantContext, dialogId: string, linkId: string, db: DbOrTx = getDb()) {
  return inStartedDialog(ctx, dialogId, db, async (tx, dialog) => {
    const link = await requireChild(tx, dialogInitiativeLinks, linkId, dialog);
    await tx.delete(dialogInitiativeLinks).where(eq(dialogInitiativeLinks.id, link.id));
    await logDialogEvent(tx, ctx, dialog, "linkRemoved", `${link.title} (${link.url})`);
    return { ok: true };
  });
}

/**
 * Remove an action (after the page's confirmation step); the actions after it move up one place, so the
 * positions stay 1..n and a fifth action can be added again (one row at a time: the position is unique).
 */
export function removeAction(ctx: TenantContext, dialogId: string, actionId: string, db: DbOrTx = getDb()) {
  return inStartedDialog(ctx, dialogId, db, async (tx, dialog) => {
    const action = await requireChild(tx, dialogActions, actionId, dialog);
    await tx.delete(dialogActions).where(eq(dialogActions.id, action.id));
    const later = await tx
      .select({ id: dialogActions.id, position: dialogActions.position })
      .from(dialogActions)
      .where(and(eq(dialogActions.initiativeId, action.initiativeId), gt(dialogActions.position, action.position)))
      .orderBy(asc(dialogActions.position));
    for (const row of later)
      await tx
        .update(dialogActions)
        .set({ position: row.position - 1 })
        .where(eq(dialogActions.id, row.id));
    await logDialogEvent(tx, ctx, dialog, "actionRemoved", action.title);
    return { ok: true };
  });
}

/** The next of at most five successive actions (spec §9). */
export function addAction(
  ctx: TenantContext,
  dialogId: string,
  initiativeId: string,
  title: string,
  db: DbOrTx = getDb(),
) {
  return inStartedDialog(ctx, dialogId, db, async (tx, dialog) => {
    const initiative = await requireChild(tx, dialogInitiatives, initiativeId, dialog);
    const [{ n, last }] = await tx
      .select({ n: count(), last: max(dialogActions.position) })
      .from(dialogActions)
      .where(eq(dialogActions.initiativeId, initiative.id));
    if (n >= MAX_ACTIONS) return { ok: false, field: "title", errorKey: "dialogs:errors.maxActions" };
    await tx
      .insert(dialogActions)
      .values({ ...tenantOf(dialog), initiativeId: initiative.id, position: (last ?? 0) + 1, title });
    await logDialogEvent(tx, ctx, dialog, "actionAdded", title);
    return { ok: true };
  });
}

/** Complete an action or take it back; answers the initiative, whose progress the page then asks about. */
export function setActionCompleted(
  ctx: TenantContext,
  dialogId: string,
  actionId: string,
  completed: boolean,
  db: DbOrTx = getDb(),
) {
  return inStartedDialog<{ initiativeId: string }>(ctx, dialogId, db, async (tx, dialog) => {
    const action = await requireChild(tx, dialogActions, actionId, dialog);
    await tx
      .update(dialogActions)
      .set({ completed, completedAt: completed ? new Date() : null })
      .where(eq(dialogActions.id, action.id));
    await logDialogEvent(tx, ctx, dialog, completed ? "actionCompleted" : "actionReopened", action.title);
    return { ok: true, initiativeId: action.initiativeId };
  });
}

const stateAfter = { finish: "finished", archive: "archived", reopen: "started" } as const;
const eventOf = { finish: "finished", archive: "archived", reopen: "reopened" } as const;

/** Finish, archive or reopen a dialog (spec §4 started → finished → archived; reopening goes back to started). */
export async function changeDialogState(
  ctx: TenantContext,
  dialogId: string,
  change: keyof typeof stateAfter,
  db: DbOrTx = getDb(),
): Promise<EditResult> {
  return db.transaction(async (tx) => {
    const dialog = await requireDialog(ctx, dialogId, tx, { forUpdate: true });
    if (!nextStates(dialog.state).includes(change))
      return { ok: false, field: "", errorKey: "dialogs:errors.stateChange" };
    await tx.update(dialogs).set({ state: stateAfter[change], updatedAt: new Date() }).where(eq(dialogs.id, dialog.id));
    await logDialogEvent(tx, ctx, dialog, eventOf[change]);
    return { ok: true };
  });
}
