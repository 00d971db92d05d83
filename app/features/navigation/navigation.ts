import type { ModuleKey } from "~/utils/modules";
import { hasRight, type Right, type RightsSubject } from "~/utils/rights";

/** One entry of the signed-in navigation (spec §2 "Navigation sections"). */
export type NavItem = {
  key: string;
  href: string;
  right?: Right;
  module?: ModuleKey;
  anyModule?: readonly ModuleKey[];
};
export type NavSection = { key: string; items: NavItem[] };

/**
 * Only pages that are built have an entry (an unbuilt page has none; the page walk in
 * tests/e2e/page-walk.spec.ts fails on an entry that does not answer 200). A module adds its entry here
 * together with its page, with the same right and module as its `routeAccess` line.
 */
export const navigation: readonly NavSection[] = [
  { key: "dashboard", items: [{ key: "dashboard", href: "/dashboard" }] },
  // Every signed-in user's (route-access: "/team-development" needs no right).
  { key: "teamDevelopment", items: [{ key: "teamDevelopment", href: "/team-development/goals" }] },
  {
    key: "guide",
    items: [
      { key: "guideProcess", href: "/guide/process" },
      { key: "guideIntervention", href: "/guide/intervention" },
    ],
  },
  // Every signed-in user's (route-access: "/knowledge-base" needs no right).
  { key: "knowledgeBase", items: [{ key: "knowledgeBase", href: "/knowledge-base" }] },
  {
    key: "personnel",
    items: [
      { key: "persons", href: "/personnel/users/active", right: "users.manage" },
      { key: "teams", href: "/personnel/teams", right: "teams.manage" },
      { key: "personnelTags", href: "/personnel/tags", right: "tags.manage" },
      { key: "positions", href: "/personnel/positions", right: "positions.read" },
    ],
  },
  { key: "import", items: [{ key: "import", href: "/import", right: "users.import" }] },
  {
    key: "criteria",
    items: [
      { key: "criteriaBook", href: "/criteria/book", right: "criteria.manage" },
      { key: "criteriaSets", href: "/criteria/sets", right: "sets.manage" },
      { key: "criteriaTags", href: "/criteria/tags", right: "tags.manage" },
    ],
  },
  {
    key: "reviews",
    items: [
      { key: "teamReviews", href: "/teamreviews/overview", right: "teamReviews.manage", module: "team-review" },
      { key: "selfReviews", href: "/selfreviews/overview", right: "selfReviews.manage", module: "self-review" },
      { key: "peerReviews", href: "/peerreviews/overview", right: "reviews.manage", module: "peer-review" },
    ],
  },
  { key: "flow", items: [{ key: "flow", href: "/flow", right: "flows.manage", module: "flow" }] },
  { key: "dialogs", items: [{ key: "dialogs", href: "/dialogs", right: "dialogs.manage", module: "dialog" }] },
  {
    key: "competences",
    items: [
      { key: "competenceBook", href: "/competences/book", right: "competences.read", module: "competences" },
      { key: "competenceSets", href: "/competences/sets", right: "competences.manage", module: "competences" },
      {
        key: "knowledgeCards",
        href: "/knowledge-areas/teams",
        right: "knowledgeArea.manage",
        module: "knowledge-areas",
      },
      { key: "competenceMatrix", href: "/competences/matrix", right: "competences.read", module: "competences" },
    ],
  },
  { key: "modules", items: [{ key: "modules", href: "/modules", right: "cluster_modules.manage" }] },
  {
    key: "settings",
    items: [
      { key: "clusterSettings", href: "/settings", right: "cluster_settings.manage" },
      { key: "reviewSettings", href: "/review/settings", right: "review_settings.manage" },
      { key: "rights", href: "/settings/rights", right: "roles.manage" },
    ],
  },
  {
    key: "account",
    items: [
      { key: "subscription", href: "/account/dashboard", right: "account.admin" },
      { key: "organisation", href: "/account/clusters", right: "account.admin" },
      { key: "accountEmployees", href: "/account/users", right: "account.admin" },
      { key: "accountModules", href: "/account/modules", right: "account.admin" },
      { key: "accountSettings", href: "/account/settings", right: "account.admin" },
      { key: "accountAudit", href: "/account/audit", right: "account.admin" },
      // The register of processing is a document of file/{slug} (decision 1571), for account admins.
      { key: "processingRegister", href: "/file/processing-register", right: "account.admin" },
    ],
  },
  {
    key: "analytics",
    // Team comparison also needs analytics.read; without it the page shows the spec's message (1409).
    items: [
      { key: "analyticsHr", href: "/analytics/users/workforce", right: "teams.manage" },
      { key: "analyticsCriteria", href: "/analytics/criteria/performance", right: "teams.manage" },
      { key: "teamComparison", href: "/analytics/teams/team-comparison", right: "teams.manage" },
      // Team leaders with analytics.read see their own teams' planning (1550).
      { key: "planning", href: "/analytics/planning/current", right: "analytics.read" },
    ],
  },
  {
    key: "my",
    items: [
      { key: "profile", href: "/my/profile/details" },
      { key: "myReviews", href: "/my/reviews", right: "selfReviews.active", module: "self-review" },
      // Every member's questionnaires in peer rounds (route-access: "/peerreview" needs the module only).
      { key: "myPeerReviews", href: "/peerreview", module: "peer-review" },
      // growth.active holds the module rule (growth-and-ambition, dialog or competences).
      { key: "myGrowth", href: "/my/growth", right: "growth.active" },
      // Everyone's own tasks and notes (route-access: "/tasks" needs no right).
      { key: "tasks", href: "/tasks/inbox" },
    ],
  },
  {
    key: "goals",
    items: [{ key: "goalsAndAmbitions", href: "/goals-and-ambitions", right: "teamGoals.read" }],
  },
];

export function canOpen(subject: RightsSubject, item: Pick<NavItem, "right" | "module">): boolean {
  if (item.right && !hasRight(subject, item.right)) return false;
  if (item.module && !subject.modules.has(item.module)) return false;
  return true;
}

/** What the shell gets of an entry: its label key and address (the rights behind it stay on the server). */
export type VisibleNavSection = { key: string; items: { key: string; href: string }[] };

/** The navigation this user may see: sections with no visible entry disappear. */
export function visibleNavigation(subject: RightsSubject): VisibleNavSection[] {
  return navigation
    .map((section) => ({
      key: section.key,
      items: section.items.filter((item) => canOpen(subject, item)).map(({ key, href }) => ({ key, href })),
    }))
    .filter((section) => section.items.length > 0);
}
