import { and, eq, inArray, isNotNull, isNull, ne, type SQL } from "drizzle-orm";
import { getDb, type Tx } from "#db/client.server";
import { memberships, roleAssignments, users } from "#db/schema";
import { inCluster, isUuid } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { inviteMemberships, uninviteMemberships } from "~/features/invitations/invitation-send.server";
import { membershipsActorMayChange, rolesActorMayNotChange } from "~/features/people/actor-may.server";
import { auditMembership } from "./employee-audit.server";
import { insertClusterRoles, teamPlaceRoles, teamsOfCluster } from "./employee-assignments.server";
import { teamIdsByNames } from "./employee-list.server";
import { clusterRoleKeys, type BulkAction } from "./employees.schema";
import { personName } from "~/utils/person-name";

export type BulkInput = {
  action: BulkAction;
  ids: string[];
  teamIds?: string[];
  /** Team names typed instead of chosen, comma-separated (clusters with many teams, docs/decisions/0254). */
  teamNames?: string;
  roleKeys?: string[];
  /** The cluster role of clusterAdminAdd/-Remove (spec §7 "with role and level"); cluster_admin by default. */
  clusterRole?: (typeof clusterRoleKeys)[number];
  /** The team place assignTeams gives (spec §7 "teams (assignment and teams)"); team_member by default. */
  teamRole?: (typeof teamPlaceRoles)[number];
};
export type BulkResult = {
  changed: number;
  /** Names of selected employees that were not changed (already in that state, or not allowed). */
  unchanged: string[];
  /** The spec's message when nothing changed (§8). */
  errorKey?: string;
  /** The action gives or takes a role the actor may not change: nothing was done (403). */
  denied?: true;
  /** Typed team names that match no team: nothing was done (400). */
  unknownTeams?: string[];
};

/** The roles a bulk action gives or takes. */
function rolesOfBulkAction(input: BulkInput, roleKeys: readonly string[]): string[] {
  const { action } = input;
  if (action === "clusterAdminAdd" || action === "clusterAdminRemove") return [input.clusterRole ?? "cluster_admin"];
  if (action === "assignRoles") return [...roleKeys];
  if (action === "assignTeams") return [input.teamRole ?? "team_member"];
  if (action === "unassignTeams") return [...teamPlaceRoles];
  return [];
}

const noChangeMessages: Record<BulkAction, string> = {
  activate: "employees:bulk.errors.noUserUpdated",
  deactivate: "employees:bulk.errors.noUsersDeactivated",
  grantAccess: "employees:bulk.errors.noUserUpdated",
  revokeAccess: "employees:bulk.errors.noUserUpdated",
  invite: "employees:bulk.errors.noUserUpdated",
  uninvite: "employees:bulk.errors.noUserUpdated",
  clusterAdminAdd: "employees:bulk.errors.noUserUpdated",
  clusterAdminRemove: "employees:bulk.errors.noClusterAdmin",
  assignTeams: "employees:bulk.errors.failed",
  unassignTeams: "employees:bulk.errors.noTeamsRemoved",
  assignRoles: "employees:bulk.errors.noRolesAssigned",
  restore: "employees:bulk.errors.noUserUpdated",
};

/**
 * The actions that set a field of the membership row: only rows that differ count as changed. The actor
 * never deactivates or locks out themselves; only restore works on removed rows.
 */
const membershipUpdates = {
  activate: { set: { status: "active" }, differs: eq(memberships.status, "inactive") },
  deactivate: { set: { status: "inactive" }, differs: eq(memberships.status, "active"), notSelf: true },
  grantAccess: { set: { access: true }, differs: eq(memberships.access, false) },
  revokeAccess: { set: { access: false }, differs: eq(memberships.access, true), notSelf: true },
  restore: { set: { deletedAt: null }, differs: isNotNull(memberships.deletedAt), removedRows: true },
} satisfies Partial<
  Record<
    BulkAction,
    {
      set: Partial<typeof memberships.$inferInsert>;
      differs: SQL;
      notSelf?: true;
      removedRows?: true;
    }
  >
>;

/**
 * Applies one action to the selected employees of the current cluster in one transaction. Ids of other
 * tenants simply match nothing. Each statement returns the memberships it changed, so the result can
 * name the ones that stayed as they were. The role rule is checked here, for the page and the API alike.
 * No `db`: invitations run their own transaction (and mail), so this never runs inside another one.
 */
export async function runBulkAction(ctx: TenantContext, input: BulkInput): Promise<BulkResult> {
  const typedTeams = await teamIdsByNames(ctx, input.teamNames ?? "");
  if (typedTeams.unknown.length > 0) return { changed: 0, unchanged: [], unknownTeams: typedTeams.unknown };
  const ids = [...new Set(input.ids.filter(isUuid))];
  if (ids.length === 0) return { changed: 0, unchanged: [], errorKey: noChangeMessages[input.action] };
  const db = getDb();
  const selected = await db
    .select({ id: memberships.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(inCluster(memberships, ctx), inArray(memberships.id, ids)));
  const teamIds = await teamsOfCluster(ctx, [...(input.teamIds ?? []), ...typedTeams.ids], db);
  const roleKeys = clusterRoleKeys.filter((k) => (input.roleKeys ?? []).includes(k));
  // The one rule for role changes (docs/decisions/0620): a role the actor may not give or take stops the
  // action; removing team places then removes only the places the actor may take.
  const refusedRoles = await rolesActorMayNotChange(ctx, rolesOfBulkAction(input, roleKeys), db);
  const removableTeamRoles = teamPlaceRoles.filter((r) => !refusedRoles.includes(r));
  if (refusedRoles.length > 0 && (input.action !== "unassignTeams" || removableTeamRoles.length === 0)) {
    return { changed: 0, unchanged: [], errorKey: "employees:bulk.errors.noRight", denied: true };
  }
  // People with more rights than the actor stay as they are (named as unchanged).
  const changeable = await membershipsActorMayChange(
    ctx,
    selected.map((s) => s.id),
    db,
  );
  const selectedIds = selected.filter((s) => changeable.has(s.id)).map((s) => s.id);

  const changedIds = new Set<string>();
  if (selectedIds.length > 0 && (input.action === "invite" || input.action === "uninvite")) {
    // The invitation service of the account lifecycle does the work (its own transaction and audit).
    const done =
      input.action === "invite"
        ? (await inviteMemberships(ctx, selectedIds)).invited
        : (
            await uninviteMemberships(
              ctx,
              selectedIds.filter((id) => id !== ctx.membershipId),
            )
          ).uninvited;
    for (const id of done) changedIds.add(id);
  } else if (selectedIds.length > 0) {
    await db.transaction(async (tx) => {
      const touched = await applyInTransaction(tx, ctx, {
        ...input,
        selectedIds,
        teamIds,
        roleKeys,
        removableTeamRoles,
      });
      for (const t of touched) changedIds.add(t.id);
      if (changedIds.size > 0) {
        await auditMembership(tx, ctx, `membership.bulk.${input.action}`, null, {
          ids: [...changedIds],
          teamIds,
          roleKeys,
        });
      }
    });
  }
  const unchanged = selected
    .filter((s) => !changedIds.has(s.id))
    .map((s) => personName(s.firstName, s.lastName, s.email));
  return {
    changed: changedIds.size,
    unchanged,
    errorKey: changedIds.size === 0 ? noChangeMessages[input.action] : undefined,
  };
}

/** The statement of one action; returns the memberships it changed. */
async function applyInTransaction(
  tx: Tx,
  ctx: TenantContext,
  input: {
    action: BulkAction;
    selectedIds: string[];
    teamIds: string[];
    roleKeys: (typeof clusterRoleKeys)[number][];
    clusterRole?: (typeof clusterRoleKeys)[number];
    teamRole?: (typeof teamPlaceRoles)[number];
    removableTeamRoles: (typeof teamPlaceRoles)[number][];
  },
): Promise<{ id: string }[]> {
  const { action, selectedIds, teamIds, roleKeys } = input;
  const notSelf = (column: typeof memberships.id | typeof roleAssignments.membershipId) =>
    ctx.membershipId ? ne(column, ctx.membershipId) : undefined;
  const selectedAssignments = and(inCluster(roleAssignments, ctx), inArray(roleAssignments.membershipId, selectedIds));
  switch (action) {
    case "activate":
    case "deactivate":
    case "grantAccess":
    case "revokeAccess":
    case "restore": {
      const update: (typeof membershipUpdates)[keyof typeof membershipUpdates] = membershipUpdates[action];
      return tx
        .update(memberships)
        .set({ ...update.set, updatedAt: new Date() })
        .where(
          and(
            inCluster(memberships, ctx),
            inArray(memberships.id, selectedIds),
            "removedRows" in update ? undefined : isNull(memberships.deletedAt),
            update.differs,
            "notSelf" in update ? notSelf(memberships.id) : undefined,
          ),
        )
        .returning({ id: memberships.id });
    }
    case "clusterAdminAdd":
      return insertClusterRoles(tx, ctx, selectedIds, [input.clusterRole ?? "cluster_admin"]);
    case "assignRoles":
      return roleKeys.length ? insertClusterRoles(tx, ctx, selectedIds, roleKeys) : [];
    case "clusterAdminRemove":
      return tx
        .delete(roleAssignments)
        .where(
          and(
            selectedAssignments,
            eq(roleAssignments.roleKey, input.clusterRole ?? "cluster_admin"),
            isNull(roleAssignments.teamId),
            notSelf(roleAssignments.membershipId),
          ),
        )
        .returning({ id: roleAssignments.membershipId });
    case "assignTeams":
      if (teamIds.length === 0) return [];
      return tx
        .insert(roleAssignments)
        .values(
          selectedIds.flatMap((membershipId) =>
            teamIds.map((teamId) => ({
              accountId: ctx.accountId,
              clusterId: ctx.clusterId,
              membershipId,
              roleKey: input.teamRole ?? ("team_member" as const),
              level: "team" as const,
              teamId,
            })),
          ),
        )
        .onConflictDoNothing()
        .returning({ id: roleAssignments.membershipId });
    case "unassignTeams":
      if (teamIds.length === 0) return [];
      return tx
        .delete(roleAssignments)
        .where(
          and(
            selectedAssignments,
            inArray(roleAssignments.teamId, teamIds),
            inArray(roleAssignments.roleKey, input.removableTeamRoles),
          ),
        )
        .returning({ id: roleAssignments.membershipId });
    default:
      return [];
  }
}
