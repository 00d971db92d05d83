import { describe, expect, it } from "vitest";
import {
  expandRights,
  hasAnyRole,
  hasRight,
  isRight,
  mayActOn,
  mayChangeRole,
  rightKeys,
  type Right,
  type RightsSubject,
  type Standing,
} from "./rights";

function subject(overrides: Partial<RightsSubject> & { granted?: string[] } = {}): RightsSubject {
  return {
    isAccountAdmin: overrides.isAccountAdmin ?? false,
    isSystemAdmin: overrides.isSystemAdmin ?? false,
    rights: expandRights(overrides.granted ?? []),
    modules: overrides.modules ?? new Set(),
  };
}

describe("expandRights", () => {
  it("lets a manage right imply create, read and update, but not delete", () => {
    const rights = expandRights(["criteria.manage"]);
    expect([...rights].sort()).toEqual(["criteria.create", "criteria.manage", "criteria.read", "criteria.update"]);
  });

  it("implies only rights that exist", () => {
    expect([...expandRights(["users.manage"])]).toEqual(["users.manage"]);
    expect([...expandRights(["positions.manage"])].sort()).toEqual([
      "positions.create",
      "positions.manage",
      "positions.read",
    ]);
  });

  it("drops unknown rights", () => {
    expect([...expandRights(["users.destroy", "nonsense"])]).toEqual([]);
  });
});

describe("hasRight", () => {
  it("grants a stored right and denies one that is not stored", () => {
    const s = subject({ granted: ["users.manage"] });
    expect(hasRight(s, "users.manage")).toBe(true);
    expect(hasRight(s, "teams.manage")).toBe(false);
  });

  it("grants implied rights of manage", () => {
    expect(hasRight(subject({ granted: ["sets.manage"] }), "sets.read")).toBe(true);
    expect(hasRight(subject({ granted: ["sets.manage"] }), "sets.delete")).toBe(false);
  });

  it("lets account admins and system admins pass every known right", () => {
    for (const right of rightKeys) {
      if (right === "growth.active") continue; // a module rule, see below
      expect(hasRight(subject({ isAccountAdmin: true }), right), right).toBe(true);
      expect(hasRight(subject({ isSystemAdmin: true }), right), right).toBe(true);
    }
  });

  it("denies an unknown right, to admins too", () => {
    expect(hasRight(subject({ isAccountAdmin: true }), "users.destroy")).toBe(false);
    expect(hasRight(subject({ granted: ["users.manage"] }), "")).toBe(false);
  });

  it("reserves account.admin for account and system admins", () => {
    expect(hasRight(subject({ granted: [...rightKeys] }), "account.admin")).toBe(false);
    expect(hasRight(subject({ isAccountAdmin: true }), "account.admin")).toBe(true);
  });

  it("needs both team_roles.manage and cluster_roles.manage for roles.manage", () => {
    expect(hasRight(subject({ granted: ["team_roles.manage"] }), "roles.manage")).toBe(false);
    expect(hasRight(subject({ granted: ["cluster_roles.manage"] }), "roles.manage")).toBe(false);
    expect(hasRight(subject({ granted: ["team_roles.manage", "cluster_roles.manage"] }), "roles.manage")).toBe(true);
  });

  it("opens teamGoals.read to everyone and ties teamGoals.manage to teams.manage", () => {
    expect(hasRight(subject(), "teamGoals.read")).toBe(true);
    expect(hasRight(subject(), "teamGoals.manage")).toBe(false);
    expect(hasRight(subject({ granted: ["teams.manage"] }), "teamGoals.manage")).toBe(true);
  });

  it("grants growth.active only with one of the growth modules", () => {
    expect(hasRight(subject(), "growth.active")).toBe(false);
    expect(hasRight(subject({ isAccountAdmin: true }), "growth.active")).toBe(false);
    for (const module of ["growth-and-ambition", "dialog", "competences"]) {
      expect(hasRight(subject({ modules: new Set([module]) }), "growth.active"), module).toBe(true);
    }
    expect(hasRight(subject({ modules: new Set(["flow"]) }), "growth.active")).toBe(false);
  });
});

describe("hasAnyRole", () => {
  const roles = (...r: string[]) => ({ isAccountAdmin: false, isSystemAdmin: false, roles: new Set(r) });

  it("passes when the user has any of the given roles", () => {
    expect(hasAnyRole(roles("reviewer"), ["team_admin", "reviewer"])).toBe(true);
    expect(hasAnyRole(roles("team_member"), ["team_admin", "reviewer"])).toBe(false);
  });

  it("treats employee as none of team_admin, advisor, reviewer, data_manager, cluster_admin", () => {
    expect(hasAnyRole(roles("team_member"), ["employee"])).toBe(true);
    expect(hasAnyRole(roles(), ["employee"])).toBe(true);
    expect(hasAnyRole(roles("auth_manager"), ["employee"])).toBe(true);
    for (const leading of ["team_admin", "advisor", "reviewer", "data_manager", "cluster_admin"]) {
      expect(hasAnyRole(roles("team_member", leading), ["employee"]), leading).toBe(false);
    }
  });

  it("lets account and system admins pass every role check", () => {
    expect(hasAnyRole({ isAccountAdmin: true, isSystemAdmin: false, roles: new Set() }, ["cluster_admin"])).toBe(true);
    expect(hasAnyRole({ isAccountAdmin: false, isSystemAdmin: true, roles: new Set() }, ["team_admin"])).toBe(true);
  });
});

describe("the registry", () => {
  it("knows every right of the spec", () => {
    const spec: Right[] = [
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
    ];
    for (const right of spec) expect(isRight(right), right).toBe(true);
  });
});

describe("may this actor do this to this target (docs/decisions/0620)", () => {
  const cluster = "c1";
  const base = new Set(["selfReviews.active"]);
  function standing(
    userId: string,
    roles: string[],
    rights: string[],
    flags: { isAccountAdmin?: boolean; isSystemAdmin?: boolean } = {},
  ): Standing {
    return {
      userId,
      isAccountAdmin: flags.isAccountAdmin ?? false,
      isSystemAdmin: flags.isSystemAdmin ?? false,
      clusters: new Map([[cluster, { roles: new Set(roles), rights: expandRights([...rights, ...base]) }]]),
    };
  }
  const may = (actor: Standing, target: Standing) => mayActOn(actor, target, [cluster], () => base);
  const clusterAdmin = standing(
    "ca",
    ["cluster_admin"],
    ["users.manage", "users.merge", "team_roles.manage", "cluster_roles.manage"],
  );
  const dataManager = standing("dm", ["data_manager"], ["users.manage", "users.merge"]);
  const employee = standing("e", ["employee"], []);

  it("lets people with every role and right of the target act on them, and nobody else", () => {
    expect(may(clusterAdmin, dataManager)).toBe(true);
    expect(may(dataManager, clusterAdmin)).toBe(false);
    expect(may(dataManager, employee)).toBe(true);
    expect(may(dataManager, standing("dm2", ["data_manager"], ["users.manage", "users.merge"]))).toBe(true);
    expect(may(dataManager, standing("x", ["data_manager"], ["users.manage", "teams.manage"]))).toBe(false);
  });

  it("keeps account admins to account admins and system admins to themselves", () => {
    const accountAdmin = standing("aa", [], [], { isAccountAdmin: true });
    const systemAdmin = standing("sa", [], [], { isSystemAdmin: true });
    expect(may(clusterAdmin, accountAdmin)).toBe(false);
    expect(may(standing("aa2", [], [], { isAccountAdmin: true }), accountAdmin)).toBe(true);
    expect(may(accountAdmin, systemAdmin)).toBe(false);
    expect(may(standing("sa2", [], [], { isSystemAdmin: true }), systemAdmin)).toBe(false);
    expect(may(systemAdmin, systemAdmin)).toBe(true);
  });

  it("counts a cluster where the actor has no role as holding nothing but the base rights", () => {
    expect(mayActOn(dataManager, employee, ["elsewhere"], () => base)).toBe(true);
    const leaderElsewhere: Standing = {
      ...employee,
      clusters: new Map([["elsewhere", { roles: new Set(["team_admin"]), rights: expandRights(["reviews.manage"]) }]]),
    };
    expect(mayActOn(dataManager, leaderElsewhere, ["elsewhere"], () => base)).toBe(false);
  });

  it("needs team_roles.manage for team leaders, cluster_roles.manage for cluster roles, and every right of the role", () => {
    const dm = subject({ granted: ["users.manage", "teams.manage"] });
    expect(mayChangeRole(dm, "team_admin", [])).toBe(false);
    expect(mayChangeRole(dm, "team_member", [])).toBe(true);
    expect(mayChangeRole(dm, "reviewer", [])).toBe(false);
    const auth = subject({ granted: ["team_roles.manage", "cluster_roles.manage", "reviews.manage"] });
    expect(mayChangeRole(auth, "team_admin", ["reviews.manage"])).toBe(true);
    expect(mayChangeRole(auth, "cluster_admin", ["reviews.manage", "criteria.manage"])).toBe(false);
    expect(mayChangeRole(subject({ isAccountAdmin: true }), "cluster_admin", ["criteria.manage"])).toBe(true);
    expect(mayChangeRole(subject({ isAccountAdmin: true }), "account_admin", [])).toBe(false);
  });
});
