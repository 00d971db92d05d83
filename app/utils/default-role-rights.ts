import type { RoleKey } from "#db/schema/teams";
import type { Right } from "./rights";

/**
 * The rights each role gets in a new cluster. Stored per cluster in role_rights so that an
 * authorization manager can change them later; this is only the starting point.
 * Every member with access also gets the 'employee' rights.
 */
export const defaultRoleRights: Record<RoleKey, readonly Right[]> = {
  // flows.manage: every employee measures their own flow; who sees whose is the flow service's rule (docs/decisions/0921).
  employee: ["selfReviews.active", "flows.manage"],
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
  cluster_admin: [
    "users.import",
    "users.manage",
    "users.merge",
    "cluster_modules.manage",
    "cluster_settings.manage",
    "review_settings.manage",
    "reviews.manage",
    "teamReviews.manage",
    "selfReviews.manage",
    "selfReviews.active",
    "criteria.manage",
    "criteria.delete",
    "sets.manage",
    "sets.delete",
    "tags.manage",
    "tags.delete",
    "contracts.manage",
    "contracts.delete",
    "competences.manage",
    "competences.delete",
    "competence_reviews.manage",
    "knowledgeArea.manage",
    "dialogs.edit",
    "dialogs.manage",
    "positions.manage",
    "positions.assign",
    "team_roles.manage",
    "cluster_roles.manage",
    "teams.manage",
    "analytics.read",
    "flows.manage",
  ],
  account_admin: [],
};
