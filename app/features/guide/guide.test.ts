import { describe, expect, it } from "vitest";
import { expandRights } from "~/utils/rights";
import { interventionRoles, processSteps, visibleProcessSteps } from "./guide";

const employee = {
  isAccountAdmin: false,
  isSystemAdmin: false,
  rights: expandRights(["selfReviews.active"]),
  modules: new Set(["self-review", "team-review"]),
};

function hrefs(subject: typeof employee) {
  return visibleProcessSteps(subject).flatMap((step) => step.links.map((link) => link.href));
}

describe("guide", () => {
  it("keeps every step, but shows an employee only the pages they may open", () => {
    const steps = visibleProcessSteps(employee);
    expect(steps.map((s) => s.key)).toEqual(processSteps.map((s) => s.key));
    expect(hrefs(employee)).toEqual(["/guide/intervention", "/my/reviews", "/goals-and-ambitions", "/tasks/inbox"]);
  });

  it("shows team review pages to a leader only while the module is on", () => {
    const leader = { ...employee, rights: expandRights(["teamReviews.manage"]) };
    expect(hrefs(leader)).toContain("/teamreviews/overview");
    expect(hrefs({ ...leader, modules: new Set<string>() })).not.toContain("/teamreviews/overview");
  });

  it("lists the five development roles by id, from star (5) down to change of career (1)", () => {
    expect(interventionRoles).toEqual(["star", "midfield", "achiever", "potential", "changeofcareer"]);
  });
});
