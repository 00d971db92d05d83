import { developmentRoles, type DevelopmentRoleKey } from "~/features/criteria/development-roles";
import { accessFor } from "~/features/navigation/route-access";
import { canOpen } from "~/features/navigation/navigation";
import type { RightsSubject } from "~/utils/rights";

/** A page a step of the review process links to; only built pages are listed here. */
export type GuideLink = { key: string; href: string };
export type GuideStep = { key: string; links: readonly GuideLink[] };

/**
 * The review process of spec §1 in its order (guide/process). Texts are guide:process.steps.<key>.*,
 * link labels guide:process.links.<link key>. A page that is not built yet (dialogs, peer reviews) has no link.
 */
export const processSteps: readonly GuideStep[] = [
  {
    key: "criteria",
    links: [
      { key: "criteriaBook", href: "/criteria/book" },
      { key: "criteriaSets", href: "/criteria/sets" },
      { key: "reviewSettings", href: "/review/settings" },
    ],
  },
  {
    key: "teamReview",
    links: [
      { key: "createTeamReview", href: "/review/create/teamreview" },
      { key: "teamReviews", href: "/teamreviews/overview" },
    ],
  },
  { key: "grid", links: [{ key: "interventions", href: "/guide/intervention" }] },
  {
    key: "selfReviews",
    links: [
      { key: "selfReviews", href: "/selfreviews/overview" },
      { key: "myReviews", href: "/my/reviews" },
    ],
  },
  { key: "dialog", links: [{ key: "goalsAndAmbitions", href: "/goals-and-ambitions" }] },
  {
    key: "followUp",
    links: [
      { key: "tasks", href: "/tasks/inbox" },
      { key: "flow", href: "/flow" },
    ],
  },
];

/** The steps with only the links this reader may open: the same right and module as the page's own guard. */
export function visibleProcessSteps(subject: RightsSubject): GuideStep[] {
  return processSteps.map((step) => ({
    key: step.key,
    links: step.links.filter((link) => canOpen(subject, accessFor(link.href) ?? {})),
  }));
}

/** Interventions per development role (guide/intervention), from star (5) down to change of career (1). */
export const interventionRoles: readonly DevelopmentRoleKey[] = [...developmentRoles]
  .sort((a, b) => b.id - a.id)
  .map((role) => role.key);

/** How many interventions each role lists: guide:intervention.roles.<role>.actions.1 … 4. */
export const interventionsPerRole = 4;
