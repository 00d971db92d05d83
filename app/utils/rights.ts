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

/** The rights per role as loaded (role key → granted rights), each expanded; for the team scope (1420). */
export function expandRoleRights(
  granted: Readonly<Record<string, readonly string[]>>,
): Map<string, ReadonlySet<Right>> {
  return new Map(Object.entries(granted).map(([role, rights]) => [role, expandRights(rights)]));
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

/**
 * What a guard asks: one right, or several of which any one will do (HR analytics opens with teams.manage or
 * analytics.read, each tab then its own; docs/decisions/1720).
 */
export type RightGuard = Right | readonly Right[];

export function passesGuard(subject: RightsSubject, guard: RightGuard): boolean {
  return typeof guard === "string" ? hasRight(subject, guard) : guard.some((right) => hasRight(subject, right));
}

export const rolesThatAreNotEmployee = ["team_admin", "advisor", "reviewer", "data_manager", "cluster_admin"] as const;

/**
 * Roles whose rights never reach the whole cluster (docs/decisions/1420): employee's rights are every
 * member's base, and team_admin and team_member give their rights in their own team only. Every other role
 * (cluster admin, data manager, authorization manager, advisor, reviewer) is cluster-level.
 */
export const teamOnlyRoles: readonly string[] = ["employee", "team_member", "team_admin"];

export type RolesSubject = { isAccountAdmin: boolean; isSystemAdmin: boolean; roles: ReadonlySet<string> };

/** A role check passes on any of the given roles; 'employee' means none of the leading roles. */
export function hasAnyRole(subject: RolesSubject, wanted: readonly string[]): boolean {
  if (subject.isAccountAdmin || subject.isSystemAdmin) return true;
  return wanted.some((role) =>
    role === "employee" ? !rolesThatAreNotEmployee.some((r) => subject.roles.has(r)) : subject.roles.has(role),
  );
}

// ---------------------------------------------------------------------------------------------
// "May this actor do this to this target" (docs/decisions/0620). Rights answer whether someone may do a
// kind of thing; these rules answer whether they may do it to a given person or give a given role.

/** What one person holds in one cluster: role keys (cluster and team level) and rights (expanded). */
export type Grants = { roles: ReadonlySet<string>; rights: ReadonlySet<string> };

export type Standing = {
  userId: string;
  isAccountAdmin: boolean;
  isSystemAdmin: boolean;
  /** Per cluster id; a cluster the person has no role in is absent. */
  clusters: ReadonlyMap<string, Grants>;
};

/** Roles that give only what every member with a role has: data managers hand these out (users.manage). */
const baseRoles: ReadonlySet<string> = new Set(["employee", "team_member"]);

/** The right that allows giving or taking a role (spec §6): team roles, cluster roles, base roles. */
export function rightToChangeRole(role: string): Right {
  if (baseRoles.has(role)) return "users.manage";
  if (role === "team_admin") return "team_roles.manage";
  return "cluster_roles.manage";
}

function holdsRole(actorRoles: ReadonlySet<string>, role: string): boolean {
  // A cluster admin is the top role of a cluster; base roles are held by every member with a role.
  return baseRoles.has(role) || actorRoles.has(role) || actorRoles.has("cluster_admin");
}

/**
 * Whether `actor` holds every role and right of `target` in one cluster. `baseRights` (what every member with
 * a role gets there) is left out of the comparison, so a plain employee elsewhere outranks nobody.
 */
export function holdsEverything(actor: Grants | undefined, target: Grants, baseRights: ReadonlySet<string>): boolean {
  for (const role of target.roles) if (!holdsRole(actor?.roles ?? new Set(), role)) return false;
  for (const right of target.rights) {
    if (!baseRights.has(right) && !actor?.rights.has(right)) return false;
  }
  return true;
}

/**
 * Whether the actor may change the target: themselves always; a system admin only themselves; an account
 * admin only account and system admins; everyone else only those of whom they hold every role and right in
 * each of the given clusters (the target's clusters for account-wide fields, the current one otherwise).
 */
export function mayActOn(
  actor: Standing,
  target: Standing,
  clusterIds: Iterable<string>,
  baseRights: (clusterId: string) => ReadonlySet<string>,
): boolean {
  if (actor.userId === target.userId) return true;
  if (target.isSystemAdmin) return false;
  if (actor.isSystemAdmin) return true;
  if (target.isAccountAdmin) return actor.isAccountAdmin;
  if (actor.isAccountAdmin) return true;
  for (const clusterId of clusterIds) {
    const theirs = target.clusters.get(clusterId);
    if (theirs && !holdsEverything(actor.clusters.get(clusterId), theirs, baseRights(clusterId))) return false;
  }
  return true;
}

/**
 * Whether the actor may give or take `role`: the right for its kind (team_roles.manage, cluster_roles.manage,
 * or users.manage for base roles), and every right the role gives in the cluster — nobody hands out more than
 * they hold. The account-admin flag is never a role to give.
 */
export function mayChangeRole(actor: RightsSubject, role: string, rightsOfRole: Iterable<string>): boolean {
  if (role === "account_admin") return false;
  const needed = rightToChangeRole(role);
  // Team members are also placed from the team's own page, which needs teams.manage.
  const allowed = hasRight(actor, needed) || (baseRoles.has(role) && hasRight(actor, "teams.manage"));
  if (!allowed) return false;
  if (actor.isAccountAdmin || actor.isSystemAdmin) return true;
  for (const right of expandRights(rightsOfRole)) if (!actor.rights.has(right)) return false;
  return true;
}
