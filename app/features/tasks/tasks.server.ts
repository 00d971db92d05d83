import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { joinPerson } from "~/features/people/person-query.server";
import { alias } from "drizzle-orm/pg-core";
import { getDb, type DbOrTx } from "#db/client.server";
import { dialogs, memberships, reviews, tasks, teams, users } from "#db/schema";
import { parseDate, toIsoDate } from "~/utils/dates";
import { DEFAULT_TIME_ZONE, formatDate } from "~/utils/format";
import { idsInScope, inCluster, isUuid, notFound, requireUuid, type Tenant } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { mayReferToReview } from "~/features/reviews/review-access.server";
import { dialogVisibility } from "~/features/dialogs/dialog-access.server";
import { isOverdue, taskAbilities, todayIn, type TaskAbility } from "./task-rules";
import { taskAboutTypes, taskErrors, type TaskFormInput, type TaskTab } from "./tasks.schema";
import { personNameSql } from "~/utils/person-name.server";

type TaskAboutType = (typeof taskAboutTypes)[number];

/**
 * Tasks and notes (spec §2 tasks/{tab}, §3, §4; docs/decisions/0900). Everything is the signed-in
 * user's own: a task is found only by its sender or receiver, a note only by its author, always inside
 * the current cluster. Anything else is a 404, whoever asks (account admins included).
 */
export type TaskCtx = Pick<TenantContext, "accountId" | "clusterId" | "membershipId">;

const sender = alias(memberships, "sender");
const senderUser = alias(users, "sender_user");
const receiver = alias(memberships, "receiver");
const receiverUser = alias(users, "receiver_user");

const fullName = personNameSql;

/** The signed-in user's membership in this cluster: tasks hang on it (an admin without one has none). */
export function myMembership(ctx: TaskCtx): string {
  if (!ctx.membershipId) notFound();
  return ctx.membershipId;
}

/** Tasks and notes this membership may see at all. */
function visibleTo(me: string): SQL {
  return or(
    and(eq(tasks.type, "task"), or(eq(tasks.senderId, me), eq(tasks.receiverId, me))),
    and(eq(tasks.type, "note"), eq(tasks.senderId, me)),
  )!;
}

function tabCondition(tab: TaskTab, me: string, showDone: boolean): SQL {
  const open = showDone ? undefined : eq(tasks.done, false);
  const live = isNull(tasks.archivedAt);
  switch (tab) {
    case "inbox":
      return and(eq(tasks.type, "task"), eq(tasks.receiverId, me), live, open)!;
    case "received":
      return and(eq(tasks.type, "task"), eq(tasks.receiverId, me), ne(tasks.senderId, me), live, open)!;
    case "send":
      return and(eq(tasks.type, "task"), eq(tasks.senderId, me), ne(tasks.receiverId, me), live)!;
    case "notes":
      return and(eq(tasks.type, "note"), eq(tasks.senderId, me), live)!;
    case "archive":
      return and(visibleTo(me), isNotNull(tasks.archivedAt))!;
  }
}

const taskColumns = {
  id: tasks.id,
  type: tasks.type,
  title: tasks.title,
  description: tasks.description,
  done: tasks.done,
  dueDate: tasks.dueDate,
  seenAt: tasks.seenAt,
  archivedAt: tasks.archivedAt,
  senderId: tasks.senderId,
  receiverId: tasks.receiverId,
  aboutType: tasks.aboutType,
  aboutId: tasks.aboutId,
  createdAt: tasks.createdAt,
  senderName: fullName(senderUser),
  receiverName: fullName(receiverUser),
};

function selectTasks(db: DbOrTx) {
  return db
    .select(taskColumns)
    .from(tasks)
    .innerJoin(sender, eq(sender.id, tasks.senderId))
    .innerJoin(senderUser, eq(senderUser.id, sender.userId))
    .innerJoin(receiver, eq(receiver.id, tasks.receiverId))
    .innerJoin(receiverUser, eq(receiverUser.id, receiver.userId));
}

type TaskRow = Awaited<ReturnType<ReturnType<typeof selectTasks>["where"]>>[number];

/** A task as pages and the API show it: dates as dd-MM-yyyy, what the reader may do with it. */
export type TaskView = ReturnType<typeof toView>;

function toView(row: TaskRow, me: string, today: string, aboutNames: Map<string, string>) {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    done: row.done,
    dueDate: row.dueDate ? formatDate(row.dueDate) : "",
    overdue: isOverdue(row, today),
    seen: row.seenAt !== null,
    seenAt: row.seenAt ? row.seenAt.toISOString() : null,
    archived: row.archivedAt !== null,
    sender: { id: row.senderId, name: row.senderName },
    receiver: { id: row.receiverId, name: row.receiverName },
    about:
      row.aboutType && row.aboutId
        ? { type: row.aboutType, id: row.aboutId, name: aboutNames.get(row.aboutId) ?? "" }
        : null,
    createdAt: row.createdAt.toISOString(),
    may: taskAbilities(row, me),
  };
}

type NameQuery = (db: DbOrTx, tenant: Tenant, ids: string[]) => Promise<{ id: string; name: string }[]>;

/** A team or review is named by its own name. */
const ownName =
  (table: typeof teams | typeof reviews): NameQuery =>
  (db, tenant, ids) =>
    db
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(and(inCluster(table, tenant), inArray(table.id, ids)));

/** Per kind a task can be about: the names of those ids (only ids of this cluster are found). */
const aboutNameQueries: Record<(typeof taskAboutTypes)[number], NameQuery> = {
  person: (db, tenant, ids) =>
    db
      .select({ id: memberships.id, name: fullName(users) })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(inCluster(memberships, tenant), inArray(memberships.id, ids))),
  team: ownName(teams),
  review: ownName(reviews),
  // A dialog is named after its person (its objective may be long or empty).
  dialog: (db, tenant, ids) =>
    joinPerson(
      db
        .select({ id: dialogs.id, name: fullName(users) })
        .from(dialogs)
        .$dynamic(),
      dialogs.membershipId,
    ).where(and(inCluster(dialogs, tenant), inArray(dialogs.id, ids))),
};

/** Names of what tasks are about, one small query per kind. */
async function aboutNamesOf(db: DbOrTx, ctx: TaskCtx, rows: TaskRow[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const tenant = { accountId: ctx.accountId, clusterId: ctx.clusterId };
  for (const type of taskAboutTypes) {
    const ids = rows.filter((r) => r.aboutType === type && r.aboutId).map((r) => r.aboutId!);
    if (ids.length) for (const f of await aboutNameQueries[type](db, tenant, ids)) names.set(f.id, f.name);
  }
  return names;
}

async function toViews(db: DbOrTx, ctx: TaskCtx, me: string, rows: TaskRow[]) {
  const today = todayIn(DEFAULT_TIME_ZONE);
  const names = await aboutNamesOf(db, ctx, rows);
  return rows.map((row) => toView(row, me, today, names));
}

/**
 * One tab of tasks/{tab}: open first, then by due date (none last), newest first. `showDone` is the
 * toggle of the inbox and received tabs; the send tab always shows done ones (with their state).
 */
export async function listTasks(
  ctx: TaskCtx,
  tab: TaskTab,
  { showDone = false }: { showDone?: boolean } = {},
  db: DbOrTx = getDb(),
): Promise<TaskView[]> {
  const me = myMembership(ctx);
  const rows = await selectTasks(db)
    .where(and(inCluster(tasks, ctx), tabCondition(tab, me, showDone)))
    .orderBy(asc(tasks.done), sql`${tasks.dueDate} asc nulls last`, desc(tasks.createdAt))
    .limit(500);
  return toViews(db, ctx, me, rows);
}

/** Every task and note the user may see (the API's GET api/tasks), archived ones included. */
export async function listAllTasks(ctx: TaskCtx, db: DbOrTx = getDb()): Promise<TaskView[]> {
  const me = myMembership(ctx);
  const rows = await selectTasks(db)
    .where(and(inCluster(tasks, ctx), visibleTo(me)))
    .orderBy(asc(tasks.done), sql`${tasks.dueDate} asc nulls last`, desc(tasks.createdAt))
    .limit(1000);
  return toViews(db, ctx, me, rows);
}

/** A task or note the user may see, or 404. */
export async function getTask(ctx: TaskCtx, id: string, db: DbOrTx = getDb()): Promise<TaskView> {
  const me = myMembership(ctx);
  requireUuid(id, "task");
  const [row] = await selectTasks(db).where(and(inCluster(tasks, ctx), eq(tasks.id, id), visibleTo(me)));
  if (!row) notFound("task");
  return (await toViews(db, ctx, me, [row]))[0];
}

/** Open tasks given to me that I have not opened yet (the dashboard's and navigation's count). */
export async function countUnseenTasks(ctx: TaskCtx, db: DbOrTx = getDb()): Promise<number> {
  if (!ctx.membershipId) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tasks)
    .where(
      and(
        inCluster(tasks, ctx),
        eq(tasks.type, "task"),
        eq(tasks.receiverId, ctx.membershipId),
        eq(tasks.done, false),
        isNull(tasks.seenAt),
        isNull(tasks.archivedAt),
      ),
    );
  return row?.n ?? 0;
}

/** Who a task can be given to: myself and the active colleagues of my current cluster. */
export async function listReceivers(ctx: TaskCtx, db: DbOrTx = getDb()) {
  const me = myMembership(ctx);
  const rows = await db
    .select({ id: memberships.id, name: fullName(users) })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        inCluster(memberships, ctx),
        isNull(memberships.deletedAt),
        isNull(users.deletedAt),
        eq(memberships.status, "active"),
      ),
    )
    .orderBy(asc(users.lastNameSort), asc(users.firstName), asc(users.email));
  const mine = rows.find((r) => r.id === me);
  return [...(mine ? [mine] : []), ...rows.filter((r) => r.id !== me)];
}

export type TaskField = "title" | "description" | "dueDate" | "receiverId" | "aboutId";
export type TaskResult = { ok: true; id: string } | { ok: false; field?: TaskField; errorKey: string; status: number };

type TaskInput = Pick<TaskFormInput, "title" | "description" | "dueDate" | "receiverId"> & {
  aboutType?: string | null;
  aboutId?: string | null;
};

async function receiverInScope(db: DbOrTx, ctx: TaskCtx, id: string): Promise<boolean> {
  const found = await idsInScope(
    db,
    memberships,
    [id],
    ctx,
    and(isNull(memberships.deletedAt), eq(memberships.status, "active")),
  );
  return found.length === 1;
}

/**
 * The about reference when it names a person or team of this cluster, or a review or dialog the writer
 * may see (their names show in the list: `mayReferToReview`, `dialogVisibility`); null for none; false
 * when unknown or not the writer's to name. A context without the writer's rights (the demo seed) names
 * no review or dialog.
 */
async function aboutInScope(
  db: DbOrTx,
  ctx: TaskCtx | TenantContext,
  input: TaskInput,
): Promise<{ aboutType: TaskAboutType; aboutId: string } | null | false> {
  const type = input.aboutType || null;
  const id = input.aboutId || null;
  if (!type && !id) return null;
  if (!type || !id || !isUuid(id)) return false;
  if (!(taskAboutTypes as readonly string[]).includes(type)) return false;
  const about = { aboutType: type as TaskAboutType, aboutId: id };
  if (type === "review" || type === "dialog") {
    if (!("user" in ctx)) return false;
    if (type === "review") return (await mayReferToReview(ctx, id, db)) ? about : false;
    const [dialog] = await db
      .select({ id: dialogs.id })
      .from(dialogs)
      .where(and(eq(dialogs.id, id), dialogVisibility(ctx)));
    return dialog ? about : false;
  }
  const tables = { person: memberships, team: teams } as const;
  const found = await idsInScope(db, tables[type as "person" | "team"], [id], ctx);
  return found.length === 1 ? about : false;
}

/** Checks the fields that need the database: receiver (tasks) and about. */
async function resolveInput(db: DbOrTx, ctx: TaskCtx, type: "task" | "note", input: TaskInput) {
  const me = myMembership(ctx);
  let receiverId = me;
  if (type === "task" && input.receiverId && input.receiverId !== me) {
    if (!(await receiverInScope(db, ctx, input.receiverId)))
      return { ok: false as const, field: "receiverId" as const, errorKey: "tasks:form.receiverUnknown", status: 422 };
    receiverId = input.receiverId;
  }
  const about = await aboutInScope(db, ctx, input);
  if (about === false)
    return { ok: false as const, field: "aboutId" as const, errorKey: "tasks:form.aboutUnknown", status: 422 };
  const due = input.dueDate ? parseDate(input.dueDate) : null;
  if (input.dueDate && !due)
    return { ok: false as const, field: "dueDate" as const, errorKey: "validation:date", status: 422 };
  return {
    ok: true as const,
    receiverId,
    about: about ?? { aboutType: null, aboutId: null },
    dueDate: due ? toIsoDate(due) : null,
  };
}

/** A new task (to myself or a colleague) or note. Title and date rules are the schema's; this checks ids. */
export async function createTask(
  ctx: TaskCtx,
  type: "task" | "note",
  input: TaskInput,
  db: DbOrTx = getDb(),
): Promise<TaskResult> {
  const me = myMembership(ctx);
  const resolved = await resolveInput(db, ctx, type, input);
  if (!resolved.ok) return resolved;
  const now = new Date();
  const [row] = await db
    .insert(tasks)
    .values({
      accountId: ctx.accountId,
      clusterId: ctx.clusterId,
      type,
      title: input.title,
      description: input.description,
      senderId: me,
      receiverId: resolved.receiverId,
      ...resolved.about,
      dueDate: resolved.dueDate,
      // What I write for myself I have seen.
      seenAt: resolved.receiverId === me ? now : null,
    })
    .returning({ id: tasks.id });
  return { ok: true, id: row.id };
}

/** Loads the task inside `db` and checks the reader may do `ability` to it; 404 when not visible. */
async function requireAbility(db: DbOrTx, ctx: TaskCtx, id: string, ability: TaskAbility) {
  const me = myMembership(ctx);
  requireUuid(id);
  const [row] = await db
    .select({
      id: tasks.id,
      type: tasks.type,
      senderId: tasks.senderId,
      receiverId: tasks.receiverId,
      seenAt: tasks.seenAt,
    })
    .from(tasks)
    .where(and(inCluster(tasks, ctx), eq(tasks.id, id), visibleTo(me)))
    .for("update");
  if (!row) notFound();
  return { row, allowed: taskAbilities(row, me)[ability] };
}

const refused = (errorKey: string): TaskResult => ({ ok: false, errorKey, status: 403 });

/** Edits a task (its sender) or note (its author). A new receiver has not seen it yet. */
export async function updateTask(
  ctx: TaskCtx,
  id: string,
  input: TaskInput,
  db: DbOrTx = getDb(),
): Promise<TaskResult> {
  return db.transaction(async (tx) => {
    const { row, allowed } = await requireAbility(tx, ctx, id, "edit");
    if (!allowed) return refused(taskErrors.save);
    const resolved = await resolveInput(tx, ctx, row.type, input);
    if (!resolved.ok) return resolved;
    const receiverChanged = resolved.receiverId !== row.receiverId;
    await tx
      .update(tasks)
      .set({
        title: input.title,
        description: input.description,
        receiverId: resolved.receiverId,
        ...resolved.about,
        dueDate: resolved.dueDate,
        seenAt: receiverChanged ? (resolved.receiverId === row.senderId ? new Date() : null) : row.seenAt,
        updatedAt: new Date(),
      })
      .where(eq(tasks.id, row.id));
    return { ok: true, id: row.id };
  });
}

/** Done or open again: the receiver's call. */
export async function setTaskDone(ctx: TaskCtx, id: string, done: boolean, db: DbOrTx = getDb()): Promise<TaskResult> {
  return db.transaction(async (tx) => {
    const { row, allowed } = await requireAbility(tx, ctx, id, "done");
    if (!allowed) return refused(taskErrors.done);
    await tx
      .update(tasks)
      .set({ done, doneAt: done ? new Date() : null, seenAt: row.seenAt ?? new Date(), updatedAt: new Date() })
      .where(eq(tasks.id, row.id));
    return { ok: true, id: row.id };
  });
}

/**
 * Marks a task seen by its receiver. `onOpen` is the page that shows the task: opened by its sender it
 * stays as it is (no refusal); the API and the explicit button refuse a sender.
 */
export async function markTaskSeen(
  ctx: TaskCtx,
  id: string,
  { onOpen = false }: { onOpen?: boolean } = {},
  db: DbOrTx = getDb(),
): Promise<TaskResult> {
  return db.transaction(async (tx) => {
    const { row, allowed } = await requireAbility(tx, ctx, id, "seen");
    if (!allowed) return onOpen ? { ok: true, id: row.id } : refused(taskErrors.seen);
    if (!row.seenAt) await tx.update(tasks).set({ seenAt: new Date() }).where(eq(tasks.id, row.id));
    return { ok: true, id: row.id };
  });
}

/** To the archive and back: sender or receiver of a task, the author of a note. */
export async function setTaskArchived(
  ctx: TaskCtx,
  id: string,
  archived: boolean,
  db: DbOrTx = getDb(),
): Promise<TaskResult> {
  return db.transaction(async (tx) => {
    const { row, allowed } = await requireAbility(tx, ctx, id, "archive");
    if (!allowed) return refused(taskErrors.archive);
    await tx
      .update(tasks)
      .set({ archivedAt: archived ? new Date() : null, updatedAt: new Date() })
      .where(eq(tasks.id, row.id));
    return { ok: true, id: row.id };
  });
}

/** Deletes a task (its sender) or note (its author); a receiver archives instead. */
export async function deleteTask(ctx: TaskCtx, id: string, db: DbOrTx = getDb()): Promise<TaskResult> {
  return db.transaction(async (tx) => {
    const { row, allowed } = await requireAbility(tx, ctx, id, "delete");
    if (!allowed) return refused(taskErrors.delete);
    await tx.delete(tasks).where(eq(tasks.id, row.id));
    return { ok: true, id: row.id };
  });
}
