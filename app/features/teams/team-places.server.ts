import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { memberships, roleAssignments, users } from "#db/schema";
import type { RoleKey } from "#db/schema/teams";
import { joinPerson } from "~/features/people/person-query.server";
import { inCluster, type Tenant } from "~/utils/scope.server";

export type TeamPlace = {
  membershipId: string;
  teamId: string | null;
  role: RoleKey;
  access: boolean;
  firstName: string;
  lastName: string;
};

/**
 * The people placed in these teams as leader (team_admin) or member (team_member), active and not removed:
 * one row a place (a person in two of the teams, or leader and member of one, has two), by last and first
 * name. Who takes part in a team review, or may be nominated as a team's peer.
 */
export async function teamPlaces(
  tenant: Tenant,
  teamIds: readonly string[],
  db: DbOrTx = getDb(),
): Promise<TeamPlace[]> {
  if (teamIds.length === 0) return [];
  const query = db
    .select({
      membershipId: memberships.id,
      teamId: roleAssignments.teamId,
      role: roleAssignments.roleKey,
      access: memberships.access,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(roleAssignments)
    .$dynamic();
  return joinPerson(query, roleAssignments.membershipId)
    .where(
      and(
        inCluster(roleAssignments, tenant),
        inArray(roleAssignments.teamId, [...teamIds]),
        inArray(roleAssignments.roleKey, ["team_admin", "team_member"]),
        eq(memberships.status, "active"),
        isNull(memberships.deletedAt),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(asc(users.lastNameSort), asc(sql`lower(${users.firstName})`));
}
