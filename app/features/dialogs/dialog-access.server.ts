import { and, asc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { joinPerson } from "~/features/people/person-query.server";
import { getDb, type DbOrTx } from "#db/client.server";
import { dialogs, memberships, roleAssignments, users } from "#db/schema";
import { inCluster, isUuid, notFound } from "~/utils/scope.server";
import { membersInTeamScope, teamScope, type TeamScope } from "~/utils/team-scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { personNameSql as personNameOf } from "~/utils/person-name.server";

/**
 * Who may see which development dialog (docs/decisions/1000, 1420), the one rule of the dialog pages: account
 * admins and whoever holds dialogs.manage through a cluster-level role other than employee see the whole
 * cluster; a team leader the dialogs they lead or take part in and those of their team members; everyone
 * else the dialogs they take part in (as the person or as the leader). Whoever sees a dialog may work in it.
 */

export const dialogScope = (ctx: TenantContext): TeamScope => teamScope(ctx, "dialogs.manage");

/** The dialogs ctx may see, as a condition on dialogs (with the cluster). */
export function dialogVisibility(ctx: TenantContext): SQL {
  const scope = dialogScope(ctx);
  if (scope.all) return inCluster(dialogs, ctx);
  const own = ctx.membershipId
    ? or(eq(dialogs.membershipId, ctx.membershipId), eq(dialogs.leaderMembershipId, ctx.membershipId))
    : undefined;
  return and(inCluster(dialogs, ctx), or(own, membersInTeamScope(scope, ctx, dialogs.membershipId)))!;
}

export type DialogRow = typeof dialogs.$inferSelect;

/** A dialog ctx may see, or 404 whatever the id. Inside a transaction the row is locked for the change. */
export async function requireDialog(
  ctx: TenantContext,
  id: string,
  db: DbOrTx = getDb(),
  options: { forUpdate?: boolean } = {},
): Promise<DialogRow> {
  if (!isUuid(id)) notFound();
  const query = db
    .select()
    .from(dialogs)
    .where(and(eq(dialogs.id, id), dialogVisibility(ctx)));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  if (!row) notFound();
  return row;
}

export const personNameSql = personNameOf(users);

/**
 * The people ctx may start a dialog for, by name: themselves, the members of the teams they lead, or
 * everyone active in the cluster for a cluster-wide scope.
 */
export async function dialogPeople(ctx: TenantContext, db: DbOrTx = getDb()) {
  const scope = dialogScope(ctx);
  const own = ctx.membershipId ? eq(memberships.id, ctx.membershipId) : undefined;
  const whose = scope.all ? undefined : or(own, membersInTeamScope(scope, ctx, memberships.id));
  return db
    .select({ id: memberships.id, name: personNameSql })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(inCluster(memberships, ctx), isNull(memberships.deletedAt), eq(memberships.status, "active"), whose))
    .orderBy(asc(personNameSql), asc(memberships.id))
    .limit(1000);
}

/** A team leader of one of the person's teams (the first by name), for a dialog someone starts for themselves. */
export async function teamLeaderOf(ctx: TenantContext, membershipId: string, db: DbOrTx = getDb()) {
  const memberTeams = db
    .select({ teamId: roleAssignments.teamId })
    .from(roleAssignments)
    .where(
      and(
        inCluster(roleAssignments, ctx),
        eq(roleAssignments.membershipId, membershipId),
        eq(roleAssignments.roleKey, "team_member"),
      ),
    );
  const [row] = await joinPerson(
    db.select({ id: roleAssignments.membershipId }).from(roleAssignments).$dynamic(),
    roleAssignments.membershipId,
  )
    .where(
      and(
        inCluster(roleAssignments, ctx),
        eq(roleAssignments.roleKey, "team_admin"),
        inArray(roleAssignments.teamId, memberTeams),
        isNull(memberships.deletedAt),
        sql`${roleAssignments.membershipId} <> ${membershipId}`,
      ),
    )
    .orderBy(asc(personNameSql))
    .limit(1);
  return row?.id ?? null;
}
