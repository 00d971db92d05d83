import { and, asc, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { roleAssignments, teamGoals, teams } from "#db/schema";
import type { TeamGoalKind } from "#db/schema/enums";
import { parseDate, toIsoDate } from "~/utils/dates";
import { formatDate } from "~/utils/format";
import type { Result } from "~/utils/results.server";
import { hasRight } from "~/utils/rights";
import { inCluster, isUuid, notFound, type Tenant } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { periodEndsBeforeStart, type TeamGoalInput } from "./team-goals.schema";

/**
 * Team goals and ambitions (spec §3 "Team goal", §4, §6; docs/decisions/0960). Everyone reads
 * (teamGoals.read) the goals of the teams they may see: with teams.manage every team of the cluster,
 * otherwise the teams they lead or are a member of. Writing needs teamGoals.manage (= teams.manage),
 * which the routes guard; the services check tenancy and that the goal is not archived.
 */

/** Who writes: the tenant and the signed-in user (null for the demo seed). */
export type GoalWriter = Tenant & { userId: string | null };

export function goalWriter(ctx: TenantContext): GoalWriter {
  return { accountId: ctx.accountId, clusterId: ctx.clusterId, userId: ctx.user.id };
}

type Reader = Pick<TenantContext, "accountId" | "clusterId" | "membershipId" | "rights" | "modules"> & {
  user: Pick<TenantContext["user"], "isAccountAdmin" | "isSystemAdmin">;
};

/** Whether this person sees every team of the cluster (teams.manage), else only their own teams. */
function seesAllTeams(ctx: Reader): boolean {
  return hasRight(
    {
      isAccountAdmin: ctx.user.isAccountAdmin,
      isSystemAdmin: ctx.user.isSystemAdmin,
      rights: ctx.rights,
      modules: ctx.modules,
    },
    "teams.manage",
  );
}

/** Live teams of the cluster this person may read the goals of (a condition on `teams`). */
function visibleTeams(ctx: Reader): SQL {
  const live = and(inCluster(teams, ctx), isNull(teams.deletedAt))!;
  if (seesAllTeams(ctx)) return live;
  if (!ctx.membershipId) return sql`false`;
  return and(
    live,
    sql`exists (select 1 from ${roleAssignments} ra where ra.team_id = ${teams.id}
      and ra.membership_id = ${ctx.membershipId} and ra.role_key in ('team_admin', 'team_member'))`,
  )!;
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
  };
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
  const goals = rows.map(toView);
  return { active: goals.filter((g) => !g.archivedOn), archived: goals.filter((g) => g.archivedOn) };
}

/** One goal of a team this person may read; 404 for another team's, cluster's or account's goal. */
export async function requireTeamGoal(ctx: Reader, goalId: string, db: DbOrTx = getDb()) {
  if (!isUuid(goalId)) notFound();
  const [row] = await selectGoals(db, and(eq(teamGoals.id, goalId), inCluster(teamGoals, ctx), visibleTeams(ctx)));
  if (!row) notFound();
  return toView(row);
}

function toColumns(input: TeamGoalInput) {
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
function checkInput(input: TeamGoalInput): Result {
  if (!input.text.trim()) return { ok: false, field: "text", errorKey: "goals:textRequired" };
  if (periodEndsBeforeStart(input.periodStart, input.periodEnd))
    return { ok: false, field: "periodEnd", errorKey: "goals:periodEndBeforeStart" };
  return { ok: true };
}

/** Adds a goal or ambition to a team of the writer's cluster (404 for any other team). */
export async function createTeamGoal(
  writer: GoalWriter,
  teamId: string,
  input: TeamGoalInput,
  db: DbOrTx = getDb(),
): Promise<Result<{ id: string }>> {
  const checked = checkInput(input);
  if (!checked.ok) return checked;
  if (!isUuid(teamId)) notFound();
  const [team] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.id, teamId), inCluster(teams, writer), isNull(teams.deletedAt)));
  if (!team) notFound();
  const [row] = await db
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
  return { ok: true, id: row.id };
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
  input: TeamGoalInput,
  options: { teamId?: string } = {},
  db: DbOrTx = getDb(),
): Promise<Result> {
  const checked = checkInput(input);
  if (!checked.ok) return checked;
  return db.transaction(async (tx) => {
    const goal = await lockGoal(tx, writer, goalId, options.teamId);
    if (goal.archivedAt) return archivedGoal;
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
