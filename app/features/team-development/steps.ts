import { accessFor } from "~/features/navigation/route-access";
import { canOpen } from "~/features/navigation/navigation";
import type { Right, RightsSubject } from "~/utils/rights";

/**
 * The team development method of spec §1 as steps (team-development/{step}, docs/decisions/1121). Texts are
 * growth:teamDevelopment.steps.<key>.*, link labels growth:teamDevelopment.links.<link key>. `{team}` in an
 * address is the chosen team's id. Only built pages are listed; a step without a built page has no link yet.
 */
export const teamDevelopmentSteps = ["goals", "team-review", "self-reviews", "dialogs", "follow-up"] as const;
export type TeamDevelopmentStep = (typeof teamDevelopmentSteps)[number];

export type StepLink = { key: string; href: string };
/**
 * A link whose `?team={team}` filter only holds for teams in the reader's scope of `teamRight` (the list behind
 * it answers 404 for another team): for a team outside that scope it opens the unfiltered list instead.
 */
type StepLinkDefinition = StepLink & { teamRight?: Right };

const stepLinks: Record<TeamDevelopmentStep, readonly StepLinkDefinition[]> = {
  goals: [
    { key: "goalsAndAmbitions", href: "/goals-and-ambitions?team={team}" },
    { key: "teamGoals", href: "/personnel/teams/{team}/goalsAndAmbitions" },
  ],
  "team-review": [
    { key: "createTeamReview", href: "/review/create/teamreview" },
    { key: "teamReviews", href: "/teamreviews/overview" },
  ],
  "self-reviews": [
    { key: "createSelfReview", href: "/review/create/selfreview" },
    { key: "selfReviews", href: "/selfreviews/overview" },
    { key: "myReviews", href: "/my/reviews" },
  ],
  dialogs: [
    { key: "dialogs", href: "/dialogs?team={team}", teamRight: "dialogs.manage" },
    { key: "createDialog", href: "/dialogs/create" },
    { key: "interventions", href: "/guide/intervention" },
  ],
  "follow-up": [
    { key: "tasks", href: "/tasks/inbox" },
    { key: "flow", href: "/flow" },
    { key: "process", href: "/guide/process" },
  ],
};

export function isTeamDevelopmentStep(value: string | undefined): value is TeamDevelopmentStep {
  return (teamDevelopmentSteps as readonly string[]).includes(value ?? "");
}

/**
 * The step's links this reader may open (the same right and module as the page's own guard), for the team.
 * `teamInScopeOf(right)` says whether the chosen team is in the reader's team scope of that right.
 */
export function visibleStepLinks(
  subject: RightsSubject,
  step: TeamDevelopmentStep,
  teamId: string | null,
  teamInScopeOf: (right: Right) => boolean = () => true,
): StepLink[] {
  return stepLinks[step]
    .map(({ teamRight, ...link }) =>
      teamRight && !(teamId && teamInScopeOf(teamRight))
        ? { ...link, href: link.href.replace("?team={team}", "") }
        : link,
    )
    .filter((link) => teamId || !link.href.includes("{team}"))
    .filter((link) => canOpen(subject, accessFor(link.href.split("?")[0]) ?? {}))
    .map((link) => ({ key: link.key, href: link.href.replace("{team}", teamId ?? "") }));
}
