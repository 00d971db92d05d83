import type { RoleKey } from "#db/schema/teams";
import { assignableRights, type Right } from "./rights";

/**
 * A cluster admin starts with every right that can be assigned, except the create/read/update rights of a
 * family whose `.manage` right covers them (criteria.read next to criteria.manage); analytics.read stays.
 */
const clusterAdminRights: readonly Right[] = assignableRights.filter((right) => {
  const [family, verb] = right.split(".");
  return !["create", "read", "update"].includes(verb) || !assignableRights.includes(`${family}.manage` as Right);
});

/**
 * The rights each role gets in a new cluster. Stored per cluster in role_rights so that an
 * authorization manager can change them later; this is only the starting point.
 * Every member with access also gets the 'employee' rights.
 */
export const defaultRoleRights: Record<RoleKey, readonly Right[]> = {
  // flows.manage: every employee measures their own flow; who sees whose is the flow service's rule (docs/decisions/0921).
  // dialogs.manage/dialogs.edit: every employee takes part in their own development dialogs; who sees which
  // dialog is the dialog service's rule (docs/decisions/1000).
  employee: ["selfReviews.active", "flows.manage", "dialogs.manage", "dialogs.edit"],
  team_member: ["selfReviews.active"],
  team_admin: [
    "teamReviews.manage",
    "reviews.manage",
    "selfReviews.manage",
    "sets.read",
    "criteria.read",
    "dialogs.edit",
    "dialogs.manage",
    "flows.manage",
    "knowledgeArea.manage",
    "competences.read",
    "competence_reviews.manage",
    "positions.read",
    // Their own teams' workforce planning (team scope; docs/decisions/1550).
    "analytics.read",
  ],
  reviewer: ["reviews.manage", "criteria.read", "sets.read"],
  advisor: ["reviews.manage", "analytics.read", "criteria.read", "sets.read", "dialogs.edit", "positions.read"],
  data_manager: [
    "users.manage",
    "users.import",
    "users.merge",
    "contracts.manage",
    "positions.manage",
    "positions.assign",
    "teams.manage",
    "tags.manage",
  ],
  auth_manager: ["team_roles.manage", "cluster_roles.manage"],
  cluster_admin: clusterAdminRights,
  account_admin: [],
};
