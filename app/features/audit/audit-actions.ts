/**
 * The actions of the audit trail, by category (client-safe): the viewer's action filter offers these, and
 * `recordAudit` takes only these (a new action is added here, with its category's label in
 * public/locales/{nl,en,de}/audit.json). Decision 1520.
 */
export const auditActionsByCategory = {
  signIn: [
    "login",
    "login.failed",
    "logout",
    "sso-login",
    "twoFactor.enable",
    "twoFactor.disable",
    "twoFactor.verify",
    "password.change",
    "password.resetRequest",
    "password.reset",
    "email.verify",
    "email.change.request",
    "email.change",
  ],
  loginAs: ["loginAs.start", "loginAs.stop"],
  roles: ["membership.roles", "membership.teamLeader", "account.admin", "rights.change", "team.roles"],
  exports: [
    "export.personnel",
    "export.review",
    "export.audit",
    "export.personalData",
    "export.personalDataRequest",
    "export.planning",
  ],
  imports: ["import.apply"],
  settings: [
    "settings.account",
    "settings.accountModules",
    "settings.clusterModules",
    "settings.cluster",
    "settings.review",
    "sso-config-azure",
    "sso-config-surfconext",
    "settings.retention",
  ],
  privacy: ["person.erase", "retention.apply"],
  reads: ["read.reviewReport", "read.dialog", "read.flow"],
  people: [
    "membership.create",
    "membership.connect",
    "membership.activate",
    "membership.update",
    "membership.delete",
    "membership.restore",
    "membership.deactivate",
    "membership.merge",
    "membership.bulk.activate",
    "membership.bulk.deactivate",
    "membership.bulk.grantAccess",
    "membership.bulk.revokeAccess",
    "membership.bulk.invite",
    "membership.bulk.uninvite",
    "membership.bulk.clusterAdminAdd",
    "membership.bulk.clusterAdminRemove",
    "membership.bulk.assignTeams",
    "membership.bulk.unassignTeams",
    "membership.bulk.assignRoles",
    "membership.bulk.restore",
    "contract.create",
    "contract.update",
    "contract.delete",
    "contract.end",
    "invitation.send",
    "invitation.revoke",
    "invitation.accept",
  ],
  reviews: [
    "review.create",
    "review.finish",
    "review.confirm",
    "review.rollback",
    "review.lock",
    "review.unlock",
    "review.delete",
    "review.developmentGoal",
    "review.calibrate",
    "review.selfreview.finish",
    "review.peerreview.nominate",
    "review.peerreview.approve",
    "review.peerreview.reject",
    "review.peerreview.peers",
    "review.peerreview.finish",
    "review.scoresChangedAfterFinish",
  ],
  account: ["account.register", "cluster.switch", "licence.order"],
} as const;

export type AuditCategory = keyof typeof auditActionsByCategory;
export type AuditAction = (typeof auditActionsByCategory)[AuditCategory][number];

export const auditCategories = Object.keys(auditActionsByCategory) as AuditCategory[];
export const auditActions: readonly AuditAction[] = Object.values(auditActionsByCategory).flat();

export function isAuditAction(value: string): value is AuditAction {
  return (auditActions as readonly string[]).includes(value);
}

export function auditCategoryOf(action: string): AuditCategory | null {
  return auditCategories.find((c) => (auditActionsByCategory[c] as readonly string[]).includes(action)) ?? null;
}

/** Rows per page of the viewer, and the most rows one export holds. */
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_EXPORT_MAX_ROWS = 100_000;
