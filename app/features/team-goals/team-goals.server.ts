import { aliasedTable, and, asc, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { liveReviews } from "~/features/reviews/live-reviews.server";
import { getDb, type DbOrTx } from "#db/client.server";
import { reviews, teamGoalReviews, teamGoals, teams } from "#db/schema";
import type { TeamGoalKind } from "#db/schema/enums";
import { parseDate, toIsoDate } from "~/utils/dates";
import { formatDate } from "~/utils/format";
import type { Result } from "~/utils/results.server";
import { inCluster, isUuid, notFound, type Tenant } from "~/utils/scope.server";
import { inTeamScope, teamScope, type TeamScopeActor } from "~/utils/team-scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { periodEndsBeforeStart, type TeamGoalInput } from "./team-goals.schema";

/**
 * Team goals and ambitions (spec §3 "Team goal", §4, §6; docs/decisions/0960). Everyone reads
 * (teamGoals.read) the goals of the teams they may see: with a cluster-level role every team of the
 * cluster, otherwise the teams they lead or are a member of (the team scope, 1420). Writing needs teamGoals.manage (= teams.manage),
 * which the routes guard; the services check tenancy and that the goal is not archived.
 */

/** Who writes: the tenant and the signed-in user (null for the demo seed). */
export type GoalWriter = Tenant & { userId: string | null };

export function goalWriter(ctx: TenantContext): GoalWriter {
  return { accountId: ctx.accountId, clusterId: ctx.clusterId, userId: ctx.user.id };
}

type Reader = Tenant & TeamScopeActor;

/**
 * Live teams of the cluster this person may read the goals of (a condition on `teams`): teamGoals.read is
 * open to all, so every cluster-level role reads the cluster, leaders and members their own teams (1420).
 */
function visibleTeams(ctx: Reader): SQL {
  return and(inCluster(teams, ctx), isNull(teams.deletedAt), inTeamScope(teamScope(ctx, "teamGoals.read"), teams.id))!;
}

/** The teams whose goals this person may read, by name (the page's team filter). */
export async function listGoalTeams(ctx: Reader, db: DbOrTx = getDb()) {
  return db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(visibleTeams(ctx))
    .orderBy(asc(sql`lower(${teams.name})`), asc(teams.id));
}

/** The team, when this person may read its goals; 404 otherwise (another cluster's team too). */
export async function requireGoalTeam(ctx: Reader, teamId: string, db: DbOrTx = getDb()) {
  if (!isUuid(teamId)) notFound();
  const [team] = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.id, teamId), visibleTeams(ctx)));
  if (!team) notFound();
  return team;
}

export type TeamGoalView = {
  id: string;
  teamId: string;
  teamName: string;
  kind: TeamGoalKind;
  text: string;
  growthStrategy: string;
  measuredBy: string;
  /** dd-MM-yyyy, "" when not set. */
  periodStart: string;
  periodEnd: string;
  additionalText: string;
  /** dd-MM-yyyy of the day it was archived, null while active. */
  archivedOn: string | null;
  /** The team reviews (one per round) the goal is linked to, and their rounds' names (docs/decisions/1340). */
  reviewIds: string[];
  rounds: string[];
};

const goalColumns = {
  id: teamGoals.id,
  teamId: teamGoals.teamId,
  teamName: teams.name,
  kind: teamGoals.kind,
  text: teamGoals.text,
  growthStrategy: teamGoals.growthStrategy,
  measuredBy: teamGoals.measuredBy,
  periodStart: teamGoals.periodStart,
  periodEnd: teamGoals.periodEnd,
  additionalText: teamGoals.additionalText,
  archivedAt: teamGoals.archivedAt,
};

function selectGoals(db: DbOrTx, where: SQL | undefined) {
  return db.select(goalColumns).from(teamGoals).innerJoin(teams, eq(teams.id, teamGoals.teamId)).where(where);
}
type GoalRow = Awaited<ReturnType<typeof selectGoals>>[number];

function toView(row: GoalRow): TeamGoalView {
  return {
    id: row.id,
    teamId: row.teamId,
    teamName: row.teamName,
    kind: row.kind,
    text: row.text,
    growthStrategy: row.growthStrategy,
    measuredBy: row.measuredBy,
    periodStart: formatDate(row.periodStart),
    periodEnd: formatDate(row.periodEnd),
    additionalText: row.additionalText,
    archivedOn: row.archivedAt ? formatDate(row.archivedAt) : null,
    reviewIds: [],
    rounds: [],
  };
}

const rounds = aliasedTable(reviews, "rounds");

/** The team's reviews in live rounds: what a goal of the team can be linked to (newest round first). */
function teamReviewsOf(tenant: Tenant, teamId: string): SQL {
  return and(
    liveReviews(tenant, "team"),
    eq(reviews.teamId, teamId),
    isNull(rounds.deletedAt),
    eq(rounds.type, "team-summary"),
  )!;
}

/**
 * The team review rounds a goal of this team can be linked to: per round the team's own `team` review
 * (docs/decisions/1340), with the round's name and deadline, newest first.
 */
export async function listLinkableReviews(tenant: Tenant, teamId: string, db: DbOrTx = getDb()) {
  const rows = await db
    .select({ id: reviews.id, name: rounds.name, deadline: rounds.deadline })
    .from(reviews)
    .innerJoin(rounds, eq(rounds.id, reviews.parentId))
    .where(teamReviewsOf(tenant, teamId))
    .orderBy(desc(rounds.createdAt), asc(rounds.id));
  return rows.map((r) => ({ id: r.id, name: r.name, deadline: formatDate(r.deadline) }));
}
export type LinkableReview = Awaited<ReturnType<typeof listLinkableReviews>>[number];

/** Fills in the linked rounds of these goals (one query). */
async function withLinks(tenant: Tenant, goals: TeamGoalView[], db: DbOrTx): Promise<TeamGoalView[]> {
  if (goals.length === 0) return goals;
  const links = await db
    .select({ goalId: teamGoalReviews.goalId, reviewId: teamGoalReviews.reviewId, name: rounds.name })
    .from(teamGoalReviews)
    .innerJoin(reviews, eq(reviews.id, teamGoalReviews.reviewId))
    .innerJoin(rounds, eq(rounds.id, reviews.parentId))
    .where(
      and(
        inCluster(teamGoalReviews, tenant),
        inArray(
          teamGoalReviews.goalId,
          goals.map((g) => g.id),
        ),
        isNull(reviews.deletedAt),
        isNull(rounds.deletedAt),
      ),
    )
    .orderBy(desc(rounds.createdAt), asc(rounds.id));
  return goals.map((g) => {
    const own = links.filter((l) => l.goalId === g.id);
    return { ...g, reviewIds: own.map((l) => l.reviewId), rounds: own.map((l) => l.name) };
  });
}

/**
 * The linked team reviews asked for, when each is a team review of the goal's own team in a live round of
 * the writer's cluster; null for anything else (another team's or cluster's review, a round id).
 */
async function checkGoalReviews(tx: DbOrTx, writer: GoalWriter, teamId: string, reviewIds: readonly string[]) {
  const wanted = [...new Set(reviewIds)];
  if (wanted.some((id) => !isUuid(id))) return null;
  if (wanted.length === 0) return wanted;
  const allowed = await tx
    .select({ id: reviews.id })
    .from(reviews)
    .innerJoin(rounds, eq(rounds.id, reviews.parentId))
    .where(and(teamReviewsOf(writer, teamId), inArray(reviews.id, wanted)));
  return allowed.length === wanted.length ? wanted : null;
}

/**
 * Replaces the goal's links to its team's reviews by these (checked) ones. Links to the reviews of a team
 * merged into this one stay: the form cannot offer them, and they are history (docs/decisions/1850).
 */
async function writeGoalReviews(
  tx: DbOrTx,
  writer: GoalWriter,
  goal: { id: string; teamId: string },
  reviewIds: readonly string[],
) {
  const goalId = goal.id;
  const ownTeamReviews = tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.teamId, goal.teamId));
  await tx
    .delete(teamGoalReviews)
    .where(
      and(
        eq(teamGoalReviews.goalId, goalId),
        inCluster(teamGoalReviews, writer),
        inArray(teamGoalReviews.reviewId, ownTeamReviews),
      ),
    );
  if (reviewIds.length)
    await tx
      .insert(teamGoalReviews)
      .values(
        reviewIds.map((reviewId) => ({ accountId: writer.accountId, clusterId: writer.clusterId, goalId, reviewId })),
      );
}

const unknownReview = { ok: false, field: "reviewIds", errorKey: "goals:reviewUnknown" } as const;

export type LinkedGoalsOfTeam = { reviewId: string; teamName: string; goals: TeamGoalView[] };

/**
 * The goals linked to these team reviews (of one round), per team review: what the round's results show
 * beside the team's results. The caller passes only the team reviews the viewer may see.
 */
export async function linkedGoalsOfReviews(
  tenant: Tenant,
  teamReviews: readonly { reviewId: string; name: string }[],
  db: DbOrTx = getDb(),
): Promise<LinkedGoalsOfTeam[]> {
  if (teamReviews.length === 0) return [];
  const rows = await db
    .select({ ...goalColumns, reviewId: teamGoalReviews.reviewId })
    .from(teamGoalReviews)
    .innerJoin(teamGoals, eq(teamGoals.id, teamGoalReviews.goalId))
    .innerJoin(teams, eq(teams.id, teamGoals.teamId))
    .where(
      and(
        inCluster(teamGoalReviews, tenant),
        inCluster(teamGoals, tenant),
        inArray(
          teamGoalReviews.reviewId,
          teamReviews.map((r) => r.reviewId),
        ),
      ),
    )
    .orderBy(asc(teamGoals.kind), asc(teamGoals.createdAt), asc(teamGoals.id));
  return teamReviews
    .map((r) => ({
      reviewId: r.reviewId,
      teamName: r.name,
      goals: rows.filter((row) => row.reviewId === r.reviewId).map(toView),
    }))
    .filter((r) => r.goals.length > 0);
}

/**
 * Goals of the teams this person may read (one team with `teamId`): active ones (goals before ambitions,
 * oldest first) and archived ones (latest archived first).
 */
export async function listTeamGoals(ctx: Reader, input: { teamId?: string | null } = {}, db: DbOrTx = getDb()) {
  const rows = await selectGoals(
    db,
    and(inCluster(teamGoals, ctx), visibleTeams(ctx), input.teamId ? eq(teamGoals.teamId, input.teamId) : undefined),
  ).orderBy(
    asc(sql`lower(${teams.name})`),
    asc(teams.id),
    desc(teamGoals.archivedAt),
    asc(teamGoals.kind),
    asc(teamGoals.createdAt),
    asc(teamGoals.id),
  );
  const goals = await withLinks(ctx, rows.map(toView), db);
  return { active: goals.filter((g) => !g.archivedOn), archived: goals.filter((g) => g.archivedOn) };
}

/** One goal of a team this person may read; 404 for another team's, cluster's or account's goal. */
export async function requireTeamGoal(ctx: Reader, goalId: string, db: DbOrTx = getDb()) {
  if (!isUuid(goalId)) notFound();
  const [row] = await selectGoals(db, and(eq(teamGoals.id, goalId), inCluster(teamGoals, ctx), visibleTeams(ctx)));
  if (!row) notFound();
  const [goal] = await withLinks(ctx, [toView(row)], db);
  return goal;
}

/** The form's input; without `reviewIds` the goal's links stay as they are (the demo seed). */
export type GoalInput = Omit<TeamGoalInput, "reviewIds"> & { reviewIds?: readonly string[] };

function toColumns(input: GoalInput) {
  const day = (text: string) => {
    const date = text ? parseDate(text) : null;
    return date ? toIsoDate(date) : null;
  };
  return {
    kind: input.kind,
    text: input.text,
    growthStrategy: input.growthStrategy,
    measuredBy: input.measuredBy,
    periodStart: day(input.periodStart),
    periodEnd: day(input.periodEnd),
    additionalText: input.additionalText,
  };
}

// The schema checks this too; the service does not trust a caller that skipped it.
function checkInput(input: GoalInput): Result {
  if (!input.text.trim()) return { ok: false, field: "text", errorKey: "goals:textRequired" };
  if (periodEndsBeforeStart(input.periodStart, input.periodEnd))
    return { ok: false, field: "periodEnd", errorKey: "goals:periodEndBeforeStart" };
  return { ok: true };
}

/** Adds a goal or ambition to a team of the writer's cluster (404 for any other team). */
export async function createTeamGoal(
  writer: GoalWriter,
  teamId: string,
  input: GoalInput,
  db: DbOrTx = getDb(),
): Promise<Result<{ id: string }>> {
  const checked = checkInput(input);
  if (!checked.ok) return checked;
  if (!isUuid(teamId)) notFound();
  return db.transaction(async (tx): Promise<Result<{ id: string }>> => {
    const [team] = await tx
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.id, teamId), inCluster(teams, writer), isNull(teams.deletedAt)));
    if (!team) notFound();
    const reviewIds = input.reviewIds ? await checkGoalReviews(tx, writer, teamId, input.reviewIds) : [];
    if (!reviewIds) return unknownReview;
    const [row] = await tx
      .insert(teamGoals)
      .values({
        accountId: writer.accountId,
        clusterId: writer.clusterId,
        teamId,
        ...toColumns(input),
        createdBy: writer.userId,
        updatedBy: writer.userId,
      })
      .returning({ id: teamGoals.id });
    await writeGoalReviews(tx, writer, { id: row.id, teamId }, reviewIds);
    return { ok: true, id: row.id };
  });
}

/** The goal of the writer's cluster (and of `teamId` when given), locked for the change; 404 otherwise. */
async function lockGoal(db: DbOrTx, writer: GoalWriter, goalId: string, teamId?: string) {
  if (!isUuid(goalId)) notFound();
  const [goal] = await db
    .select({ id: teamGoals.id, teamId: teamGoals.teamId, archivedAt: teamGoals.archivedAt })
    .from(teamGoals)
    .innerJoin(teams, eq(teams.id, teamGoals.teamId))
    .where(
      and(
        eq(teamGoals.id, goalId),
        inCluster(teamGoals, writer),
        isNull(teams.deletedAt),
        teamId ? eq(teamGoals.teamId, teamId) : undefined,
      ),
    )
    .for("update", { of: teamGoals });
  if (!goal) notFound();
  return goal;
}

export const archivedGoal = { ok: false, field: "text", errorKey: "goals:archivedReadOnly" } as const;

/** Changes an active goal; an archived goal is read-only (spec §4). */
export async function updateTeamGoal(
  writer: GoalWriter,
  goalId: string,
  input: GoalInput,
  options: { teamId?: string } = {},
  db: DbOrTx = getDb(),
): Promise<Result> {
  const checked = checkInput(input);
  if (!checked.ok) return checked;
  return db.transaction(async (tx) => {
    const goal = await lockGoal(tx, writer, goalId, options.teamId);
    if (goal.archivedAt) return archivedGoal;
    const reviewIds = input.reviewIds ? await checkGoalReviews(tx, writer, goal.teamId, input.reviewIds) : undefined;
    if (reviewIds === null) return unknownReview;
    if (reviewIds) await writeGoalReviews(tx, writer, goal, reviewIds);
    await tx
      .update(teamGoals)
      .set({ ...toColumns(input), updatedBy: writer.userId, updatedAt: new Date() })
      .where(and(eq(teamGoals.id, goal.id), inCluster(teamGoals, writer), isNull(teamGoals.archivedAt)));
    return { ok: true };
  });
}

/**
 * Archives a goal. Final: there is no way back (spec §4), and archiving an archived goal keeps the
 * day it was first archived.
 */
export async function archiveTeamGoal(
  writer: GoalWriter,
  goalId: string,
  options: { teamId?: string } = {},
  db: DbOrTx = getDb(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const goal = await lockGoal(tx, writer, goalId, options.teamId);
    if (goal.archivedAt) return;
    await tx
      .update(teamGoals)
      .set({ archivedAt: new Date(), updatedBy: writer.userId, updatedAt: new Date() })
      .where(and(eq(teamGoals.id, goal.id), inCluster(teamGoals, writer), isNull(teamGoals.archivedAt)));
  });
}
