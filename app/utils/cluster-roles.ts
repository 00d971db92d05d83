/**
 * Cluster-level roles that can be given to a person: on the employee's roles tab and by an account admin
 * on a cluster page (team places are given on the team page). Client-safe; both schemas use it.
 */
export const clusterRoleKeys = [
  "employee",
  "cluster_admin",
  "data_manager",
  "auth_manager",
  "advisor",
  "reviewer",
] as const;
export type ClusterRoleKey = (typeof clusterRoleKeys)[number];
