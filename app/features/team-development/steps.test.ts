import { describe, expect, it } from "vitest";
import { expandRights } from "~/utils/rights";
import { teamDevelopmentSteps, visibleStepLinks } from "./steps";

const employee = {
  isAccountAdmin: false,
  isSystemAdmin: false,
  rights: expandRights(["selfReviews.active", "teamGoals.read"]),
  modules: new Set(["self-review", "team-review"]),
};
const team = "7b0c6a52-1f4e-4d8e-9b7a-0d7f1f1c2a3b";

const hrefs = (subject: typeof employee, teamId: string | null = team) =>
  teamDevelopmentSteps.flatMap((step) => visibleStepLinks(subject, step, teamId).map((link) => link.href));

describe("team development steps", () => {
  it("show an employee only the pages they may open, with the chosen team filled in", () => {
    expect(hrefs(employee)).toEqual([
      `/goals-and-ambitions?team=${team}`,
      "/my/reviews",
      "/guide/intervention",
      "/tasks/inbox",
      "/guide/process",
    ]);
  });

  it("leave out a team's page without a team, and a module's pages while it is off", () => {
    const manager = { ...employee, rights: expandRights(["teams.manage", "teamReviews.manage", "teamGoals.read"]) };
    expect(hrefs(manager)).toContain(`/personnel/teams/${team}/goalsAndAmbitions`);
    expect(hrefs(manager, null).some((href) => href.includes("goalsAndAmbitions"))).toBe(false);
    expect(hrefs(manager)).toContain("/review/create/teamreview");
    expect(hrefs({ ...manager, modules: new Set<string>() })).not.toContain("/review/create/teamreview");
  });

  it("open the unfiltered dialog list for a team outside the reader's dialog scope (the filtered one is a 404)", () => {
    const leader = { ...employee, rights: expandRights(["dialogs.manage"]), modules: new Set(["dialog"]) };
    const links = (inScope: boolean) =>
      visibleStepLinks(leader, "dialogs", team, (right) => right === "dialogs.manage" && inScope).map((l) => l.href);
    expect(links(true)).toContain(`/dialogs?team=${team}`);
    expect(links(false)).toContain("/dialogs");
    expect(links(false).some((href) => href.includes("?team="))).toBe(false);
  });
});
