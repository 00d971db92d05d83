import { and, asc, count, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { liveReviews } from "~/features/reviews/live-reviews.server";
import { joinPerson } from "~/features/people/person-query.server";
import { alias } from "drizzle-orm/pg-core";
import { getDb, type DbOrTx } from "#db/client.server";
import {
  dialogActions,
  dialogInitiativeLinks,
  dialogInitiatives,
  dialogLearningGoals,
  dialogs,
  memberships,
  reviews,
  reviewSubjects,
  teams,
  users,
} from "#db/schema";
import { inCluster, notFound } from "~/utils/scope.server";
import { coversNoTeam, inTeamScope, membersInTeamScope } from "~/utils/team-scope.server";
import { can, type TenantContext } from "~/utils/tenant.server";
import {
  dialogPeople,
  dialogScope,
  dialogVisibility,
  personNameSql,
  requireDialog,
  teamLeaderOf,
} from "./dialog-access.server";
import { logDialogEvent } from "./dialog-events.server";
import type { DialogListFilter } from "./dialog-list-filter";
import { shareDone } from "./dialog-rules";
import { personNameSql as personNameOf } from "~/utils/person-name.server";

export const dialogPageSize = 25;

const leaderMembership = alias(memberships, "leader_membership");
const leaderUser = alias(users, "leader_user");

/** The dialogs ctx may see, filtered by state, person and team, newest first. */
export async function listDialogs(ctx: TenantContext, filter: DialogListFilter, db: DbOrTx = getDb()) {
  const where = and(
    dialogVisibility(ctx),
    filter.state ? eq(dialogs.state, filter.state) : undefined,
    filter.person ? eq(dialogs.membershipId, filter.person) : undefined,
    filter.team ? membersInTeamScope({ all: false, teamIds: [filter.team] }, ctx, dialogs.membershipId) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(dialogs).where(where);
  const rows = await joinPerson(
    db
      .select({
        id: dialogs.id,
        objective: dialogs.objective,
        state: dialogs.state,
        createdAt: dialogs.createdAt,
        membershipId: dialogs.membershipId,
        name: personNameSql,
        leader: sql<string | null>`${personNameOf(leaderUser)}`, // null: no leader
      })
      .from(dialogs)
      .leftJoin(leaderMembership, eq(leaderMembership.id, dialogs.leaderMembershipId))
      .leftJoin(leaderUser, eq(leaderUser.id, leaderMembership.userId))
      .$dynamic(),
    dialogs.membershipId,
  )
    .where(where)
    .orderBy(desc(dialogs.createdAt), asc(dialogs.id))
    .limit(dialogPageSize)
    .offset((Math.max(1, filter.page) - 1) * dialogPageSize);
  const progress = await actionShares(
    db,
    rows.map((r) => r.id),
  );
  return {
    total,
    dialogs: rows.map((r) => ({
      id: r.id,
      objective: r.objective,
      state: r.state,
      createdAt: r.createdAt.toISOString(),
      name: r.name,
      mine: r.membershipId === ctx.membershipId,
      leader: r.leader,
      ...(progress.get(r.id) ?? { actions: 0, done: 0, percent: 0 }),
    })),
  };
}

/** Per dialog the number of actions and of those done. */
async function actionShares(db: DbOrTx, dialogIds: readonly string[]) {
  const result = new Map<string, { actions: number; done: number; percent: number }>();
  if (dialogIds.length === 0) return result;
  const rows = await db
    .select({ dialogId: dialogActions.dialogId, completed: dialogActions.completed })
    .from(dialogActions)
    .innerJoin(dialogInitiatives, eq(dialogInitiatives.id, dialogActions.initiativeId))
    .innerJoin(dialogLearningGoals, eq(dialogLearningGoals.id, dialogInitiatives.learningGoalId))
    .where(and(inArray(dialogActions.dialogId, [...dialogIds]), eq(dialogLearningGoals.archived, false)));
  for (const id of dialogIds) {
    const own = rows.filter((r) => r.dialogId === id);
    result.set(id, { actions: own.length, done: own.filter((r) => r.completed).length, percent: shareDone(own) });
  }
  return result;
}

/**
 * For the dashboard's "dialog progress" block: the started dialogs of this user (as the person) that ctx
 * may see, each with its objective and the share of its actions done (archived learning goals left out).
 */
export async function dialogProgressFor(ctx: TenantContext, userId: string, db: DbOrTx = getDb()) {
  const rows = await db
    .select({ id: dialogs.id, objective: dialogs.objective })
    .from(dialogs)
    .innerJoin(memberships, eq(memberships.id, dialogs.membershipId))
    .where(and(dialogVisibility(ctx), eq(memberships.userId, userId), eq(dialogs.state, "started")))
    .orderBy(desc(dialogs.createdAt))
    .limit(20);
  const shares = await actionShares(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ id: r.id, objective: r.objective, ...shares.get(r.id)! }));
}

/** The filter choices of the list: the people of the dialogs ctx sees, and the teams of ctx's scope. */
export async function dialogFilterOptions(ctx: TenantContext, db: DbOrTx = getDb()) {
  const people = await joinPerson(
    db.selectDistinct({ id: memberships.id, name: personNameSql }).from(dialogs).$dynamic(),
    dialogs.membershipId,
  )
    .where(dialogVisibility(ctx))
    .orderBy(personNameSql, memberships.id)
    .limit(500);
  const scope = dialogScope(ctx);
  const teamRows = !coversNoTeam(scope)
    ? await db
        .select({ id: teams.id, name: teams.name })
        .from(teams)
        .where(and(inCluster(teams, ctx), isNull(teams.deletedAt), inTeamScope(scope, teams.id)))
        .orderBy(asc(teams.name))
        .limit(500)
    : [];
  return { people, teams: teamRows };
}

export { dialogPeople };

/**
 * The finished team review results with a development goal of the given people (issue #18: a dialog can
 * start from one), newest first. Only people ctx may start a dialog for are ever passed in.
 */
async function reviewGoalsOf(ctx: TenantContext, membershipIds: readonly string[], db: DbOrTx) {
  if (membershipIds.length === 0) return [];
  return db
    .select({
      id: reviewSubjects.id,
      membershipId: reviewSubjects.membershipId,
      reviewId: reviews.id,
      reviewName: reviews.name,
      teamName: reviews.teamName,
      goal: reviewSubjects.developmentGoal,
      finishedAt: reviews.finishedAt,
    })
    .from(reviewSubjects)
    .innerJoin(reviews, eq(reviews.id, reviewSubjects.reviewId))
    .where(
      and(
        inCluster(reviewSubjects, ctx),
        liveReviews(ctx, "team"),
        eq(reviews.isFinished, true),
        ne(reviewSubjects.developmentGoal, ""),
        inArray(reviewSubjects.membershipId, [...membershipIds]),
      ),
    )
    .orderBy(desc(reviews.finishedAt), asc(reviewSubjects.id))
    .limit(200);
}

/** The development goals a new dialog can start from: those of the people ctx may start a dialog for. */
export async function dialogReviewGoals(ctx: TenantContext, db: DbOrTx = getDb()) {
  const people = await dialogPeople(ctx, db);
  const names = new Map(people.map((p) => [p.id, p.name]));
  const rows = await reviewGoalsOf(
    ctx,
    people.map((p) => p.id),
    db,
  );
  return rows.map((r) => ({
    id: r.id,
    membershipId: r.membershipId,
    name: names.get(r.membershipId) ?? "",
    reviewName: r.reviewName,
    teamName: r.teamName ?? "",
    goal: r.goal,
  }));
}

/**
 * A new started dialog for someone ctx may start one for (themselves or a member of a team they lead;
 * anyone with a cluster-wide scope). The leader is ctx when it is for someone else, else a team leader of
 * the person's teams. Optionally it starts from that person's development goal in a finished team review
 * result (an empty objective then becomes the goal). One transaction with its first event.
 */
export async function createDialog(
  ctx: TenantContext,
  input: { membershipId: string; objective?: string; reviewSubjectId?: string },
  db: DbOrTx = getDb(),
  options: { at?: Date } = {},
) {
  return db.transaction(async (tx) => {
    const people = await dialogPeople(ctx, tx);
    if (!people.some((p) => p.id === input.membershipId))
      return { ok: false as const, field: "membershipId", errorKey: "validation:choose" };
    let objective = input.objective?.trim() ?? "";
    if (input.reviewSubjectId) {
      const [goal] = (await reviewGoalsOf(ctx, [input.membershipId], tx)).filter((r) => r.id === input.reviewSubjectId);
      if (!goal) return { ok: false as const, field: "reviewSubjectId", errorKey: "dialogs:errors.reviewGoal" };
      objective ||= goal.goal;
    }
    if (!objective) return { ok: false as const, field: "objective", errorKey: "dialogs:errors.objectiveRequired" };
    const leader =
      ctx.membershipId && ctx.membershipId !== input.membershipId
        ? ctx.membershipId
        : await teamLeaderOf(ctx, input.membershipId, tx);
    const [row] = await tx
      .insert(dialogs)
      .values({
        accountId: ctx.accountId,
        clusterId: ctx.clusterId,
        membershipId: input.membershipId,
        leaderMembershipId: leader,
        objective,
        reviewSubjectId: input.reviewSubjectId || null,
        createdBy: ctx.membershipId,
        ...(options.at ? { createdAt: options.at, updatedAt: options.at } : {}),
      })
      .returning();
    await logDialogEvent(tx, ctx, row, "created", objective, { at: options.at });
    return { ok: true as const, id: row.id };
  });
}

/** The development goal a dialog started from, with a link to its result for whoever may open that. */
async function reviewGoalOfDialog(ctx: TenantContext, dialog: DialogRowLike, db: DbOrTx) {
  if (!dialog.reviewSubjectId) return null;
  const [row] = await db
    .select({
      goal: reviewSubjects.developmentGoal,
      membershipId: reviewSubjects.membershipId,
      reviewId: reviews.id,
      reviewName: reviews.name,
      teamName: reviews.teamName,
      deleted: reviews.deletedAt,
    })
    .from(reviewSubjects)
    .innerJoin(reviews, eq(reviews.id, reviewSubjects.reviewId))
    .where(and(eq(reviewSubjects.id, dialog.reviewSubjectId), inCluster(reviewSubjects, ctx)));
  if (!row || row.deleted) return null;
  const mayOpen = ctx.modules.has("team-review") && can(ctx, "reviews.manage");
  return {
    goal: row.goal,
    reviewName: row.reviewName,
    teamName: row.teamName ?? "",
    href: mayOpen ? `/review/report/${row.reviewId}/employee/${row.membershipId}` : null,
  };
}

type DialogRowLike = { reviewSubjectId: string | null };

/** Everything the dialog page shows: the dialog, its people, learning goals with initiatives, links and actions. */
export async function getDialogDetails(ctx: TenantContext, id: string, db: DbOrTx = getDb()) {
  const dialog = await requireDialog(ctx, id, db);
  const names = await db
    .select({ id: memberships.id, name: personNameSql })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        inCluster(memberships, ctx),
        inArray(
          memberships.id,
          [dialog.membershipId, dialog.leaderMembershipId].filter((v): v is string => Boolean(v)),
        ),
      ),
    );
  const person = names.find((n) => n.id === dialog.membershipId);
  if (!person) notFound();
  const goals = await db
    .select()
    .from(dialogLearningGoals)
    .where(and(inCluster(dialogLearningGoals, ctx), eq(dialogLearningGoals.dialogId, dialog.id)))
    .orderBy(asc(dialogLearningGoals.createdAt), asc(dialogLearningGoals.id));
  const initiatives = await db
    .select()
    .from(dialogInitiatives)
    .where(and(inCluster(dialogInitiatives, ctx), eq(dialogInitiatives.dialogId, dialog.id)))
    .orderBy(asc(dialogInitiatives.createdAt), asc(dialogInitiatives.id));
  const links = await db
    .select()
    .from(dialogInitiativeLinks)
    .where(and(inCluster(dialogInitiativeLinks, ctx), eq(dialogInitiativeLinks.dialogId, dialog.id)))
    .orderBy(asc(dialogInitiativeLinks.createdAt), asc(dialogInitiativeLinks.id));
  const actions = await db
    .select()
    .from(dialogActions)
    .where(and(inCluster(dialogActions, ctx), eq(dialogActions.dialogId, dialog.id)))
    .orderBy(asc(dialogActions.position));
  return {
    id: dialog.id,
    objective: dialog.objective,
    state: dialog.state,
    createdAt: dialog.createdAt.toISOString(),
    /** Changes with every saved change: the page remounts its forms then. */
    updatedAt: dialog.updatedAt.toISOString(),
    personName: person.name,
    leaderName: names.find((n) => n.id === dialog.leaderMembershipId)?.name ?? null,
    membershipId: dialog.membershipId,
    mine: dialog.membershipId === ctx.membershipId,
    reviewGoal: await reviewGoalOfDialog(ctx, dialog, db),
    goals: goals.map((g) => ({
      id: g.id,
      title: g.title,
      archived: g.archived,
      initiatives: initiatives
        .filter((i) => i.learningGoalId === g.id)
        .map((i) => ({
          id: i.id,
          title: i.title,
          progress: i.progress,
          openIssue: i.openIssue,
          notes: i.notes,
          links: links.filter((l) => l.initiativeId === i.id).map((l) => ({ id: l.id, title: l.title, url: l.url })),
          actions: actions
            .filter((a) => a.initiativeId === i.id)
            .map((a) => ({
              id: a.id,
              position: a.position,
              title: a.title,
              completed: a.completed,
              completedAt: a.completedAt?.toISOString() ?? null,
            })),
        })),
    })),
  };
}

export type DialogDetails = Awaited<ReturnType<typeof getDialogDetails>>;

/** The membership of a user in ctx's cluster (for the personnel page's link to their dialogs). */
export async function membershipOfUser(ctx: TenantContext, userId: string, db: DbOrTx = getDb()) {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(inCluster(memberships, ctx), eq(memberships.userId, userId)));
  return row?.id ?? null;
}
