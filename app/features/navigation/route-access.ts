import type { ModuleKey } from "~/utils/modules";
import type { RightGuard } from "~/utils/rights";

/**
 * Signed-in areas of spec §2 with the right (and module) that guards them. Areas that have no page yet
 * are answered by the catch-all route with these same guards, so a link never bypasses a right check.
 * Longest prefix wins; an `exact` entry matches only its own path and wins over a prefix of the same length.
 */
export const routeAccess: readonly { prefix: string; right?: RightGuard; module?: ModuleKey; exact?: true }[] = [
  { prefix: "/personnel/users", right: "users.manage" },
  { prefix: "/personnel/user", right: "users.manage" },
  { prefix: "/personnel/teams", right: "teams.manage" },
  { prefix: "/personnel/tags", right: "tags.manage" },
  { prefix: "/personnel/positions", right: "positions.read" },
  { prefix: "/modules", right: "cluster_modules.manage" },
  { prefix: "/settings", right: "cluster_settings.manage" },
  { prefix: "/settings/rights", right: "roles.manage" },
  { prefix: "/review/settings", right: "review_settings.manage" },
  { prefix: "/import", right: "users.import" },
  { prefix: "/review/create/teamreview", right: "teamReviews.manage", module: "team-review" },
  { prefix: "/teamreviews", right: "teamReviews.manage", module: "team-review" },
  { prefix: "/review/create/selfreview", right: "selfReviews.manage", module: "self-review" },
  { prefix: "/selfreviews", right: "selfReviews.manage", module: "self-review" },
  { prefix: "/review/selfreview", right: "selfReviews.manage", module: "self-review" },
  { prefix: "/peerreviews", right: "reviews.manage", module: "peer-review" },
  { prefix: "/peerreview", module: "peer-review" },
  { prefix: "/review", right: "reviews.manage" },
  { prefix: "/review/calibration", right: "reviews.manage", module: "team-review" },
  { prefix: "/teamreview", right: "reviews.manage" },
  { prefix: "/file", right: "reviews.manage" },
  { prefix: "/file/processing-register", right: "account.admin" },
  { prefix: "/selfreview", right: "selfReviews.active", module: "self-review" },
  { prefix: "/my/reviews", right: "selfReviews.active", module: "self-review" },
  { prefix: "/my/growth", right: "growth.active" },
  { prefix: "/criteria/book", right: "criteria.manage" },
  { prefix: "/criteria/sets", right: "sets.manage" },
  { prefix: "/criteria/tags", right: "tags.manage" },
  { prefix: "/competences/scores/positions", right: "competence_reviews.manage", module: "competences" },
  { prefix: "/competences/scores/users", right: "competence_reviews.manage", module: "competences" },
  { prefix: "/competences/sets", right: "competences.manage", module: "competences" },
  { prefix: "/competences", right: "competences.read", module: "competences" },
  { prefix: "/positions", right: "competence_reviews.manage", module: "competences" },
  { prefix: "/knowledge-areas", right: "knowledgeArea.manage", module: "knowledge-areas" },
  { prefix: "/flow", right: "flows.manage", module: "flow" },
  // Spec §2: the list and create need dialogs.manage, a dialog and its events dialogs.edit (decision 1000).
  { prefix: "/dialogs", right: "dialogs.manage", module: "dialog", exact: true },
  { prefix: "/dialogs/create", right: "dialogs.manage", module: "dialog" },
  { prefix: "/dialogs", right: "dialogs.edit", module: "dialog" },
  { prefix: "/account", right: "account.admin" },
  { prefix: "/analytics", right: "teams.manage" },
  // HR analytics: any of its tabs' rights opens it, each tab then needs its own (decision 1720).
  { prefix: "/analytics", right: ["teams.manage", "analytics.read"], exact: true },
  { prefix: "/analytics/users", right: ["teams.manage", "analytics.read"] },
  { prefix: "/analytics/planning", right: "analytics.read" },
  // Criteria analytics show review outcomes of the reader's teams, as HR analytics' review tabs (1602, 1730).
  { prefix: "/analytics/criteria", right: "analytics.read" },
  { prefix: "/goals-and-ambitions", right: "teamGoals.read" },
  { prefix: "/tasks" },
  { prefix: "/team-development" },
  { prefix: "/guide" },
  { prefix: "/knowledge-base" },
  { prefix: "/my" },
];

/** Legal documents under /file are public (people read them before registering); other files need reviews.manage. */
export const publicFilePaths: readonly string[] = ["/file/terms", "/file/privacy", "/file/processing-agreement"];

export function accessFor(pathname: string) {
  // A legal document's file (/file/{slug}/download) is as public as its page (1120).
  if (publicFilePaths.includes(pathname.replace(/\/download$/, ""))) return null;
  let best: (typeof routeAccess)[number] | undefined;
  for (const entry of routeAccess) {
    const matches = pathname === entry.prefix || (!entry.exact && pathname.startsWith(entry.prefix + "/"));
    const better = !best || entry.prefix.length > best.prefix.length;
    const exactTie = best && entry.exact && entry.prefix.length === best.prefix.length;
    if (matches && (better || exactTie)) best = entry;
  }
  return best ?? null;
}
