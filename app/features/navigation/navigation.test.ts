import { describe, expect, it } from "vitest";
import { expandRights } from "~/utils/rights";
import { navigation, visibleNavigation } from "./navigation";
import { accessFor } from "./route-access";

const employee = {
  isAccountAdmin: false,
  isSystemAdmin: false,
  rights: expandRights(["selfReviews.active"]),
  modules: new Set(["self-review"]),
};
const leader = { ...employee, rights: expandRights(["teamReviews.manage"]), modules: new Set(["team-review"]) };

function hrefs(subject: typeof employee) {
  return visibleNavigation(subject).flatMap((s) => s.items.map((i) => i.href));
}

describe("navigation", () => {
  it("shows an employee only the open entries and their own", () => {
    const visible = hrefs(employee);
    expect(visible).toContain("/dashboard");
    expect(visible).toContain("/my/profile/details");
    expect(visible).toContain("/knowledge-base");
    expect(visible).toContain("/guide/process");
    expect(visible).toContain("/guide/intervention");
    expect(visible).toContain("/tasks/inbox");
    expect(visible).not.toContain("/personnel/users/active");
    expect(visible).not.toContain("/account/dashboard");
  });

  it("shows my reviews to an employee and the self review overview to whoever manages self reviews", () => {
    expect(hrefs(employee)).toContain("/my/reviews");
    expect(hrefs(employee)).not.toContain("/selfreviews/overview");
    const manager = { ...employee, rights: expandRights(["selfReviews.manage", "selfReviews.active"]) };
    expect(hrefs(manager)).toContain("/selfreviews/overview");
    expect(hrefs({ ...manager, modules: new Set<string>() })).not.toContain("/my/reviews");
  });

  it("hides entries whose module is off, even with the right", () => {
    expect(hrefs(leader)).toContain("/teamreviews/overview");
    const withoutModule = { ...leader, modules: new Set<string>() };
    expect(hrefs(withoutModule)).not.toContain("/teamreviews/overview");
  });

  it("drops sections that have no visible entry", () => {
    const sections = visibleNavigation(employee).map((s) => s.key);
    expect(sections).not.toContain("personnel");
    expect(sections).not.toContain("account");
  });

  it("shows HR analytics exactly to who may open one of its tabs: teams.manage or analytics.read", () => {
    expect(hrefs(employee)).not.toContain("/analytics/users");
    expect(hrefs({ ...employee, rights: expandRights(["analytics.read"]) })).toContain("/analytics/users");
    expect(hrefs({ ...employee, rights: expandRights(["teams.manage"]) })).toContain("/analytics/users");
    expect(accessFor("/analytics/users/completion")?.right).toEqual(["teams.manage", "analytics.read"]);
  });

  it("shows account management to account admins", () => {
    expect(hrefs({ ...employee, isAccountAdmin: true })).toContain("/account/dashboard");
  });

  it("guards every navigation entry with the same right as its route", () => {
    const admin = {
      ...employee,
      isAccountAdmin: true,
      modules: new Set([
        "team-review",
        "self-review",
        "peer-review",
        "flow",
        "dialog",
        "competences",
        "knowledge-areas",
        "growth-and-ambition",
      ]),
    };
    const visible = visibleNavigation(admin).flatMap((section) => section.items.map((item) => item.href));
    for (const item of navigation.flatMap((section) => section.items)) {
      if (item.href.startsWith("/dashboard")) continue;
      expect(visible, item.href).toContain(item.href);
      const access = accessFor(item.href);
      expect(access, item.href).not.toBeNull();
      expect(access?.right, item.href).toBe(item.right);
      expect(access?.module, item.href).toBe(item.module);
    }
  });
});
