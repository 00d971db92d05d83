import type { ModuleKey } from "~/utils/modules";
import { passesGuard, type RightGuard, type RightsSubject } from "~/utils/rights";
import { accessFor } from "./route-access";

/**
 * One entry of the signed-in navigation (spec §2 "Navigation sections"): its label key and address. Who sees it
 * is its route's rule — the right and module of its `routeAccess` line —, so an entry and its page never differ.
 */
export type NavItem = { key: string; href: string; right?: RightGuard; module?: ModuleKey };
export type NavSection = { key: string; items: NavItem[] };
type NavEntry = Pick<NavItem, "key" | "href">;

/**
 * Only pages that are built have an entry (an unbuilt page has none; the page walk in
 * tests/e2e/page-walk.spec.ts fails on an entry that does not answer 200). A module adds its entry here
 * together with its page and its `routeAccess` line.
 */
const entries: readonly { key: string; items: NavEntry[] }[] = [
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
      { key: "persons", href: "/personnel/users/active" },
      { key: "teams", href: "/personnel/teams" },
      { key: "personnelTags", href: "/personnel/tags" },
      { key: "positions", href: "/personnel/positions" },
    ],
  },
  { key: "import", items: [{ key: "import", href: "/import" }] },
  {
    key: "criteria",
    items: [
      { key: "criteriaBook", href: "/criteria/book" },
      { key: "criteriaSets", href: "/criteria/sets" },
      { key: "criteriaTags", href: "/criteria/tags" },
    ],
  },
  {
    key: "reviews",
    items: [
      { key: "teamReviews", href: "/teamreviews/overview" },
      { key: "selfReviews", href: "/selfreviews/overview" },
      { key: "peerReviews", href: "/peerreviews/overview" },
      // Finished team reviews' development roles across teams, moved with a reason (1610).
      { key: "calibration", href: "/review/calibration" },
    ],
  },
  { key: "flow", items: [{ key: "flow", href: "/flow" }] },
  { key: "dialogs", items: [{ key: "dialogs", href: "/dialogs" }] },
  {
    key: "competences",
    items: [
      { key: "competenceBook", href: "/competences/book" },
      { key: "competenceSets", href: "/competences/sets" },
      { key: "knowledgeCards", href: "/knowledge-areas/teams" },
      { key: "competenceMatrix", href: "/competences/matrix" },
    ],
  },
  { key: "modules", items: [{ key: "modules", href: "/modules" }] },
  {
    key: "settings",
    items: [
      { key: "clusterSettings", href: "/settings" },
      { key: "reviewSettings", href: "/review/settings" },
      { key: "rights", href: "/settings/rights" },
    ],
  },
  {
    key: "account",
    items: [
      // Spec §2 "Account management": account, licence, subscription (decision 1630).
      { key: "account", href: "/account/dashboard" },
      { key: "licence", href: "/account/licence" },
      { key: "subscription", href: "/account/subscription" },
      { key: "organisation", href: "/account/clusters" },
      { key: "accountEmployees", href: "/account/users" },
      { key: "accountModules", href: "/account/modules" },
      { key: "accountSettings", href: "/account/settings" },
      { key: "accountAudit", href: "/account/audit" },
      // The register of processing is a document of file/{slug} (decision 1571), for account admins.
      { key: "processingRegister", href: "/file/processing-register" },
    ],
  },
  {
    key: "analytics",
    // Team comparison also needs analytics.read; without it the page shows the spec's message (1409).
    items: [
      // Opens the first HR tab the reader may see (decision 1720).
      { key: "analyticsHr", href: "/analytics/users" },
      { key: "analyticsCriteria", href: "/analytics/criteria/distribution" },
      { key: "teamComparison", href: "/analytics/teams/team-comparison" },
      // Team leaders with analytics.read see their own teams' planning (1550).
      { key: "planning", href: "/analytics/planning/current" },
    ],
  },
  {
    key: "my",
    items: [
      { key: "profile", href: "/my/profile/details" },
      { key: "myReviews", href: "/my/reviews" },
      // Every member's questionnaires in peer rounds (route-access: "/peerreview" needs the module only).
      { key: "myPeerReviews", href: "/peerreview" },
      // growth.active holds the module rule (growth-and-ambition, dialog or competences).
      { key: "myGrowth", href: "/my/growth" },
      // Everyone's own tasks and notes (route-access: "/tasks" needs no right).
      { key: "tasks", href: "/tasks/inbox" },
    ],
  },
  {
    key: "goals",
    items: [{ key: "goalsAndAmbitions", href: "/goals-and-ambitions" }],
  },
];

export const navigation: readonly NavSection[] = entries.map((section) => ({
  key: section.key,
  items: section.items.map((item) => {
    const access = accessFor(item.href);
    return { ...item, right: access?.right, module: access?.module };
  }),
}));

export function canOpen(subject: RightsSubject, item: Pick<NavItem, "right" | "module">): boolean {
  if (item.right && !passesGuard(subject, item.right)) return false;
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
