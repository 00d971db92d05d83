import type { ModuleKey } from "./modules";

/**
 * Every named right of spec §6. The i18n key of a right is `rights:<right>` (public/locales/<lng>/rights.json).
 * Rights are granted to roles per cluster (table role_rights); this file holds the rules of how they combine.
 */
export const rightKeys = [
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
  "criteria.create",
  "criteria.read",
  "criteria.update",
  "criteria.delete",
  "criteria.manage",
  "sets.create",
  "sets.read",
  "sets.update",
  "sets.delete",
  "sets.manage",
  "tags.create",
  "tags.read",
  "tags.update",
  "tags.delete",
  "tags.manage",
  "contracts.create",
  "contracts.read",
  "contracts.update",
  "contracts.delete",
  "contracts.manage",
  "competences.create",
  "competences.read",
  "competences.update",
  "competences.delete",
  "competences.manage",
  "competence_reviews.create",
  "competence_reviews.read",
  "competence_reviews.update",
  "competence_reviews.manage",
  "knowledgeArea.manage",
  "dialogs.edit",
  "dialogs.manage",
  "positions.create",
  "positions.read",
  "positions.assign",
  "positions.manage",
  "team_roles.manage",
  "cluster_roles.manage",
  "roles.manage",
  "teams.manage",
  "analytics.read",
  "flows.manage",
  "growth.active",
  "account.admin",
  "teamGoals.read",
  "teamGoals.manage",
] as const;
export type Right = (typeof rightKeys)[number];

const rightSet: ReadonlySet<string> = new Set(rightKeys);
export function isRight(value: string): value is Right {
  return rightSet.has(value);
}

/** Rights that are derived from other facts and are never stored for a role. */
const derivedRights = new Set<Right>([
  "roles.manage",
  "teamGoals.read",
  "teamGoals.manage",
  "growth.active",
  "account.admin",
]);
export const assignableRights: readonly Right[] = rightKeys.filter((r) => !derivedRights.has(r));

/** Rights that make a role an administrative role: they cannot be switched off for it (spec §6). */
export const adminRights: ReadonlySet<Right> = new Set<Right>([
  "users.manage",
  "cluster_modules.manage",
  "cluster_settings.manage",
  "team_roles.manage",
  "cluster_roles.manage",
]);

/** "A manage right implies create, read and update." */
export function expandRights(granted: Iterable<string>): Set<Right> {
  const out = new Set<Right>();
  for (const raw of granted) {
    if (!isRight(raw)) continue;
    out.add(raw);
    if (raw.endsWith(".manage")) {
      const base = raw.slice(0, -".manage".length);
      for (const implied of ["create", "read", "update"]) {
        const candidate = `${base}.${implied}`;
        if (isRight(candidate)) out.add(candidate);
      }
    }
  }
  return out;
}

export type RightsSubject = {
  isAccountAdmin: boolean;
  isSystemAdmin: boolean;
  /** Already expanded with expandRights. */
  rights: ReadonlySet<Right>;
  modules: ReadonlySet<string>;
};

const growthModules: readonly ModuleKey[] = ["growth-and-ambition", "dialog", "competences"];

export function hasRight(subject: RightsSubject, right: string): boolean {
  if (!isRight(right)) return false; // an unknown guard is denied, for admins too
  switch (right) {
    case "teamGoals.read":
      return true;
    case "teamGoals.manage":
      return hasRight(subject, "teams.manage");
    case "growth.active":
      return growthModules.some((m) => subject.modules.has(m));
    case "account.admin":
      // Never granted through a role: only the user's own flag counts.
      return subject.isAccountAdmin || subject.isSystemAdmin;
    case "roles.manage":
      return hasRight(subject, "team_roles.manage") && hasRight(subject, "cluster_roles.manage");
    default:
      break;
  }
  if (subject.isAccountAdmin || subject.isSystemAdmin) return true;
  return subject.rights.has(right);
}

export const rolesThatAreNotEmployee = ["team_admin", "advisor", "reviewer", "data_manager", "cluster_admin"] as const;

export type RolesSubject = { isAccountAdmin: boolean; isSystemAdmin: boolean; roles: ReadonlySet<string> };

/** A role check passes on any of the given roles; 'employee' means none of the leading roles. */
export function hasAnyRole(subject: RolesSubject, wanted: readonly string[]): boolean {
  if (subject.isAccountAdmin || subject.isSystemAdmin) return true;
  return wanted.some((role) =>
    role === "employee" ? !rolesThatAreNotEmployee.some((r) => subject.roles.has(r)) : subject.roles.has(role),
  );
}
