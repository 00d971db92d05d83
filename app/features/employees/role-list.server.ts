import { roleKeys } from "#db/schema/teams";
import { clusterRoleKeys } from "~/utils/cluster-roles";

/**
 * The general roles with their level (spec §3 "General role keys", a role has a key and a level): cluster
 * roles are given per person, team_admin and team_member per team, account_admin is a flag on the user.
 */
export function roleList() {
  const level = (key: string) =>
    (clusterRoleKeys as readonly string[]).includes(key) ? "cluster" : key === "account_admin" ? "account" : "team";
  return roleKeys.map((key) => ({ key, level: level(key) }));
}
