/**
 * The demo people's roles: cluster roles and team places (team-level team_admin/team_member roles).
 * Raw inserts: the team and employee services change one place at a time for a signed-in actor (their
 * rights and an audit trail); here there is no actor, and the plan in people.ts is already consistent.
 */
import { roleAssignments } from "#db/schema";
import type { SeedContext } from "../context";
import type { DemoTenants } from "./accounts-and-clusters";
import type { DemoTeams } from "./teams";
import type { DemoPeople } from "./users";

export async function seedRoles(
  { tx }: SeedContext,
  input: { tenants: DemoTenants; teams: DemoTeams; people: DemoPeople },
): Promise<void> {
  const rows: Array<typeof roleAssignments.$inferInsert> = [];
  for (const p of input.people.people) {
    for (const m of p.memberships) {
      const membershipId = input.people.membershipOf(p.email, m.cluster);
      for (const r of m.roles) {
        rows.push({
          ...input.tenants.clusters[m.cluster],
          membershipId,
          roleKey: r.role,
          level: r.team ? "team" : "cluster",
          teamId: r.team ? input.teams.get(r.team)! : null,
        });
      }
    }
  }
  await tx.insert(roleAssignments).values(rows);
}
