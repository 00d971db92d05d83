import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { auditEvents, clusterModules, sessions } from "#db/schema";
import { action as switchClusterAction } from "~/routes/resources+/switch-cluster";
import { loader as splatLoader } from "~/routes/$";
import { requireRightForApi } from "~/utils/api-guard.server";
import { runInRequestScope } from "~/utils/request-scope.server";
import { setSessionCluster } from "~/utils/session.server";
import { requireModule, requireRight, requireUser } from "~/utils/tenant.server";
import { createAccount, createClusterFor, createTeam, createUserWithMembership } from "../factories";
import { context, formRequest, getRequest, run } from "../support/http";
import { sessionCookieFor } from "../support/session";

type World = Awaited<ReturnType<typeof buildWorld>>;
let w: World;

async function buildWorld() {
  const db = getDb();
  const accountA = await createAccount(db, { name: "Account A" });
  const a1 = await createClusterFor(db, accountA.id, { name: "A-een" });
  const a2 = await createClusterFor(db, accountA.id, { name: "A-twee", modules: ["team-review"] });
  const accountB = await createAccount(db, { name: "Account B" });
  const b1 = await createClusterFor(db, accountB.id, { name: "B-een" });
  const teamA1 = await createTeam(db, { accountId: accountA.id, clusterId: a1.id });

  const employee = await createUserWithMembership(db, {
    accountId: accountA.id,
    clusterId: a1.id,
    roles: [{ role: "team_member", teamId: teamA1.id }],
  });
  const hr = await createUserWithMembership(db, {
    accountId: accountA.id,
    clusterId: a1.id,
    roles: [{ role: "cluster_admin" }],
  });
  const accountAdmin = await createUserWithMembership(db, {
    accountId: accountA.id,
    clusterId: a1.id,
    isAccountAdmin: true,
    roles: [],
  });
  const noRoles = await createUserWithMembership(db, { accountId: accountA.id, clusterId: a1.id, roles: [] });
  const noAccess = await createUserWithMembership(db, { accountId: accountA.id, clusterId: a1.id, access: false });
  const userB = await createUserWithMembership(db, {
    accountId: accountB.id,
    clusterId: b1.id,
    roles: [{ role: "cluster_admin" }],
  });
  return { accountA, accountB, a1, a2, b1, employee, hr, accountAdmin, noRoles, noAccess, userB };
}

beforeAll(async () => {
  w = await buildWorld();
});

async function cookieOf(u: { user: { id: string; accountId: string } }, clusterId: string | null) {
  return (await sessionCookieFor({ userId: u.user.id, accountId: u.user.accountId, clusterId })).cookie;
}

function location(result: unknown): string | null {
  return result instanceof Response ? result.headers.get("Location") : null;
}

describe("guards (spec §2)", () => {
  it("sends an anonymous visitor to /login and remembers the intended route", async () => {
    expect(location(await run(() => requireUser(getRequest("/personnel/users/active?page=2"))))).toBe(
      "/login?redirectTo=%2Fpersonnel%2Fusers%2Factive%3Fpage%3D2",
    );
  });

  it("does not remember login, root or dashboard as the intended route", async () => {
    for (const path of ["/dashboard", "/login", "/"]) {
      expect(location(await run(() => requireUser(getRequest(path)))), path).toBe("/login");
    }
  });

  it("sends an expired session to /login with the expired notice and clears the cookie", async () => {
    const { cookie, sessionId } = await sessionCookieFor({
      userId: w.employee.user.id,
      accountId: w.accountA.id,
      clusterId: w.a1.id,
    });
    await getDb()
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.id, sessionId));
    const result = await run(() => requireUser(getRequest("/my/profile/details", cookie)));
    expect(location(result)).toBe("/login?expired=1&redirectTo=%2Fmy%2Fprofile%2Fdetails");
    expect((result as Response).headers.get("Set-Cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
  });

  it("treats a deleted session like an expired one", async () => {
    const { cookie, sessionId } = await sessionCookieFor({
      userId: w.employee.user.id,
      accountId: w.accountA.id,
      clusterId: w.a1.id,
    });
    await getDb().delete(sessions).where(eq(sessions.id, sessionId));
    expect(location(await run(() => requireUser(getRequest("/dashboard", cookie))))).toBe("/login?expired=1");
  });

  it("rejects a forged cookie as if there were none", async () => {
    expect(location(await run(() => requireUser(getRequest("/dashboard", "session=abc.def"))))).toBe("/login");
  });

  it("sends a user without any role, or without access, to /nocluster", async () => {
    for (const u of [w.noRoles, w.noAccess]) {
      const cookie = await cookieOf(u, w.a1.id);
      expect(location(await run(() => requireUser(getRequest("/dashboard", cookie))))).toBe("/nocluster");
    }
  });

  it("lets an account admin open every cluster of their account, without a role", async () => {
    const ctx = await requireUser(getRequest("/dashboard", await cookieOf(w.accountAdmin, w.a1.id)));
    expect(ctx.clusters.map((c) => c.name)).toEqual(["A-een", "A-twee"]);
  });

  it("sends a failed right check to /dashboard with a notice", async () => {
    const cookie = await cookieOf(w.employee, w.a1.id);
    const result = await run(() => requireRight(getRequest("/personnel/users/active", cookie), "users.manage"));
    expect(location(result)).toBe("/dashboard");
    expect((result as Response).headers.get("Set-Cookie")).toMatch(/^toast=/);
  });

  it("grants a cluster admin the rights stored for the role in that cluster", async () => {
    const ctx = await requireRight(
      getRequest("/personnel/users/active", await cookieOf(w.hr, w.a1.id)),
      "users.manage",
    );
    expect(ctx.clusterId).toBe(w.a1.id);
    expect(ctx.roles.has("cluster_admin")).toBe(true);
    expect(ctx.rights.has("criteria.read")).toBe(true); // implied by criteria.manage
  });

  it("checks modules against the current cluster", async () => {
    const cookie = await cookieOf(w.hr, w.a1.id);
    await requireModule(getRequest("/flow", cookie), "flow", "flows.manage");
    await getDb().delete(clusterModules).where(eq(clusterModules.clusterId, w.a1.id));
    try {
      expect(location(await run(() => requireModule(getRequest("/flow", cookie), "flow", "flows.manage")))).toBe(
        "/dashboard",
      );
    } finally {
      await getDb()
        .insert(clusterModules)
        .values(
          ["flow", "team-review", "self-review"].map((moduleKey) => ({
            accountId: w.accountA.id,
            clusterId: w.a1.id,
            moduleKey,
          })),
        );
    }
  });

  it("guards the spec's areas that have no page yet like built ones", async () => {
    const employeeCookie = await cookieOf(w.employee, w.a1.id);
    expect(
      location(
        await run(() =>
          splatLoader({
            request: getRequest("/personnel/users/active", employeeCookie),
            context: context(),
            params: {},
          }),
        ),
      ),
    ).toBe("/dashboard");
    expect(
      location(
        await run(() =>
          splatLoader({ request: getRequest("/account/dashboard", employeeCookie), context: context(), params: {} }),
        ),
      ),
    ).toBe("/dashboard");
    expect(
      location(
        await run(() => splatLoader({ request: getRequest("/personnel/teams"), context: context(), params: {} })),
      ),
    ).toBe("/login?redirectTo=%2Fpersonnel%2Fteams");
  });

  it("answers 404 for unknown paths, signed in or not", async () => {
    for (const cookie of [undefined, await cookieOf(w.employee, w.a1.id)]) {
      const result = await run(() =>
        splatLoader({ request: getRequest("/bestaat-niet", cookie), context: context(), params: {} }),
      );
      const init = (result as { init?: ResponseInit }).init;
      expect(init?.status).toBe(404);
    }
  });
});

describe("the JSON API's guard (docs/decisions/0304, 0650)", () => {
  async function jsonAnswer(fn: () => Promise<unknown>) {
    const result = await run(fn);
    expect(result).toBeInstanceOf(Response);
    const response = result as Response;
    expect(response.headers.get("Location")).toBeNull();
    return { status: response.status, body: (await response.json()) as { error: string } };
  }

  it("answers 401 as JSON to anonymous and expired sessions, never a redirect", async () => {
    expect(await jsonAnswer(() => requireRightForApi(getRequest("/api/users?for=store"), "users.manage"))).toEqual({
      status: 401,
      body: expect.objectContaining({ error: "unauthenticated" }),
    });
    const noCluster = await cookieOf(w.noRoles, w.a1.id);
    expect(
      (await jsonAnswer(() => requireRightForApi(getRequest("/api/users", noCluster), "users.manage"))).status,
    ).toBe(401);
  });

  it("answers 403 as JSON for a missing right, and for a module that is off in the cluster", async () => {
    const employee = await cookieOf(w.employee, w.a1.id);
    expect(await jsonAnswer(() => requireRightForApi(getRequest("/api/users", employee), "users.manage"))).toEqual({
      status: 403,
      body: expect.objectContaining({ error: "forbidden" }),
    });
    const hr = await cookieOf(w.hr, w.a1.id);
    const ctx = await requireRightForApi(getRequest("/api/reviews", hr), "reviews.manage", "team-review");
    expect(ctx.clusterId).toBe(w.a1.id);
    await getDb()
      .delete(clusterModules)
      .where(and(eq(clusterModules.clusterId, w.a1.id), eq(clusterModules.moduleKey, "team-review")));
    try {
      expect(
        (await jsonAnswer(() => requireRightForApi(getRequest("/api/reviews", hr), "reviews.manage", "team-review")))
          .status,
      ).toBe(403);
    } finally {
      await getDb()
        .insert(clusterModules)
        .values({ accountId: w.accountA.id, clusterId: w.a1.id, moduleKey: "team-review" });
    }
  });
});

describe("cluster switch", () => {
  it("switches to another cluster where the user has a role", async () => {
    const both = await createUserWithMembership(getDb(), { accountId: w.accountA.id, clusterId: w.a1.id });
    await getDb().execute(sql`
      insert into memberships (account_id, cluster_id, user_id, status, access)
      values (${w.accountA.id}, ${w.a2.id}, ${both.user.id}, 'active', true)`);
    await getDb().execute(sql`
      insert into role_assignments (account_id, cluster_id, membership_id, role_key, level)
      select ${w.accountA.id}, ${w.a2.id}, id, 'employee', 'cluster' from memberships where user_id = ${both.user.id} and cluster_id = ${w.a2.id}`);
    const { cookie, sessionId } = await sessionCookieFor({
      userId: both.user.id,
      accountId: w.accountA.id,
      clusterId: w.a1.id,
    });

    const before = await requireUser(getRequest("/dashboard", cookie));
    expect(before.clusters.map((c) => c.id).sort()).toEqual([w.a1.id, w.a2.id].sort());

    const result = await run(() =>
      switchClusterAction({
        request: formRequest("/resources/switch-cluster", { clusterId: w.a2.id }, cookie),
        context: context(),
        params: {},
      }),
    );
    expect(location(result)).toBe("/dashboard");
    const after = await requireUser(getRequest("/dashboard", cookie));
    expect(after.clusterId).toBe(w.a2.id);
    expect(after.modules.has("flow")).toBe(false); // A-twee only has team-review
    const [session] = await getDb().select().from(sessions).where(eq(sessions.id, sessionId));
    expect(session.currentClusterId).toBe(w.a2.id);
    const audit = await getDb().select().from(auditEvents).where(eq(auditEvents.actorUserId, both.user.id));
    expect(audit.map((a) => a.action)).toContain("cluster.switch");
  });

  it("refuses a cluster without a role, and a cluster of another account", async () => {
    const { cookie, sessionId } = await sessionCookieFor({
      userId: w.employee.user.id,
      accountId: w.accountA.id,
      clusterId: w.a1.id,
    });
    for (const clusterId of [w.a2.id, w.b1.id, "00000000-0000-0000-0000-000000000000", "not-a-uuid"]) {
      const result = await run(() =>
        switchClusterAction({
          request: formRequest("/resources/switch-cluster", { clusterId }, cookie),
          context: context(),
          params: {},
        }),
      );
      expect(location(result)).toBe("/dashboard");
      const [session] = await getDb().select().from(sessions).where(eq(sessions.id, sessionId));
      expect(session.currentClusterId, clusterId).toBe(w.a1.id);
    }
  });
});

describe("tenant context", () => {
  it("never crosses accounts, even when a session points at another account's cluster", async () => {
    const { cookie } = await sessionCookieFor({
      userId: w.userB.user.id,
      accountId: w.accountB.id,
      clusterId: w.a1.id,
    });
    const ctx = await requireUser(getRequest("/dashboard", cookie));
    expect(ctx.accountId).toBe(w.accountB.id);
    expect(ctx.clusterId).toBe(w.b1.id);
    expect(ctx.clusters.map((c) => c.id)).toEqual([w.b1.id]);
  });

  it("ignores a session whose account does not match its user", async () => {
    const { cookie } = await sessionCookieFor({
      userId: w.userB.user.id,
      accountId: w.accountA.id,
      clusterId: w.a1.id,
    });
    expect(location(await run(() => requireUser(getRequest("/dashboard", cookie))))).toBe("/login?expired=1");
  });

  it("drops a cluster the user lost their role in and falls back to one they may open", async () => {
    const u = await createUserWithMembership(getDb(), { accountId: w.accountA.id, clusterId: w.a1.id });
    const { cookie } = await sessionCookieFor({ userId: u.user.id, accountId: w.accountA.id, clusterId: w.a2.id });
    const ctx = await requireUser(getRequest("/dashboard", cookie));
    expect(ctx.clusterId).toBe(w.a1.id);
  });
});

describe("one tenant lookup a request (docs/decisions/0009)", () => {
  const copy = (request: Request, method = "GET") => new Request(request.url, { method, headers: request.headers });

  it("shares the tenant between the loaders of one request, though each gets its own Request", async () => {
    const cookie = await cookieOf(w.hr, w.a1.id);
    const request = getRequest("/personnel/users/active", cookie);
    const [layout, page] = await runInRequestScope(() =>
      Promise.all([requireUser(copy(request)), requireUser(copy(request))]),
    );
    expect(page).toBe(layout);
    // Another request resolves afresh.
    const next = await runInRequestScope(() => requireUser(copy(request)));
    expect(next).not.toBe(page);
    expect(next.clusterId).toBe(page.clusterId);
  });

  it("lets the loaders after an action see what the action changed", async () => {
    const cookie = await cookieOf(w.accountAdmin, w.a1.id);
    const request = getRequest("/dashboard", cookie);
    const [before, after] = await runInRequestScope(async () => {
      const inAction = await requireUser(copy(request, "POST"));
      await setSessionCluster(inAction.sessionId, w.a2.id);
      return [inAction, await requireUser(copy(request))];
    });
    expect(before.clusterId).toBe(w.a1.id);
    expect(after.clusterId).toBe(w.a2.id);
  });
});
