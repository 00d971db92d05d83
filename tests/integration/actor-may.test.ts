import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { emailOutbox, memberships, roleAssignments, sessions, users } from "#db/schema";
import { action as mergeAction } from "~/routes/_app+/personnel+/user.$id.merge";
import { action as listAction } from "~/routes/_app+/personnel+/users.$tab";
import { assignRole, createAccount, createClusterFor, createTeam, createUserWithMembership } from "../factories";
import { context, run, unwrapData } from "../support/http";
import { apiRequest, handle } from "../support/remix-handler";
import { sessionCookieFor } from "../support/session";
import { employeeAction, employeeLoader, teamTabAction as teamAction } from "../support/detail-tabs";

/**
 * "May this actor do this to this target" (issue 12, items 2–4): each attack as the demo roles would
 * try it, through the routes a browser posts to.
 */

type Person = Awaited<ReturnType<typeof createUserWithMembership>> & { cookie: string };

let accountId: string;
let clusterId: string;
let admin: Person;
let hr: Person;
let dm: Person;

async function person(input: Omit<Parameters<typeof createUserWithMembership>[1], "accountId" | "clusterId">) {
  const created = await createUserWithMembership(getDb(), { accountId, clusterId, ...input });
  const { cookie } = await sessionCookieFor({ userId: created.user.id, accountId, clusterId });
  return { ...created, cookie };
}

beforeAll(async () => {
  accountId = (await createAccount(getDb())).id;
  clusterId = (await createClusterFor(getDb(), accountId)).id;
  admin = await person({ isAccountAdmin: true, roles: [{ role: "cluster_admin" }] });
  hr = await person({ roles: [{ role: "cluster_admin" }] });
  dm = await person({ roles: [{ role: "data_manager" }] });
});

function body(fields: Record<string, string | string[]>) {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) out.append(k, one);
  return out.toString();
}

function post(path: string, fields: Record<string, string | string[]>, cookie: string) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: body(fields),
  });
}

function postEmployee(membershipId: string, tab: string, fields: Record<string, string | string[]>, cookie: string) {
  return run(() =>
    employeeAction({
      request: post(`/personnel/user/${membershipId}/${tab}`, fields, cookie),
      context: context(),
      params: { id: membershipId, tab },
    }),
  );
}

function detailsOf(target: Person, changes: Record<string, string>) {
  return {
    intent: "details",
    firstName: target.user.firstName,
    lastName: target.user.lastName,
    email: target.user.email,
    language: target.user.language,
    loginType: target.user.loginType,
    ...changes,
  };
}

function fieldErrors(result: unknown): Record<string, string[]> {
  const { data } = unwrapData(result);
  return (data as { reply: { error: Record<string, string[]> } }).reply.error;
}

async function userRow(userId: string) {
  const [row] = await getDb().select().from(users).where(eq(users.id, userId));
  return row;
}

async function roleKeys(membershipId: string) {
  const rows = await getDb()
    .select({ roleKey: roleAssignments.roleKey })
    .from(roleAssignments)
    .where(eq(roleAssignments.membershipId, membershipId));
  return rows.map((r) => r.roleKey).sort();
}

describe("account-wide fields of someone with more rights", () => {
  it("a cluster admin cannot change the account admin's e-mail or login type", async () => {
    const newEmail = `overname-${Date.now()}@evil.test`;
    const byEmail = await postEmployee(
      admin.membership.id,
      "details",
      detailsOf(admin, { email: newEmail }),
      hr.cookie,
    );
    expect(unwrapData(byEmail).status).toBe(400);
    expect(fieldErrors(byEmail).email).toEqual(["employees:details.notAllowed"]);
    const bySso = await postEmployee(admin.membership.id, "details", detailsOf(admin, { loginType: "sso" }), hr.cookie);
    expect(fieldErrors(bySso).loginType).toEqual(["employees:details.notAllowed"]);
    const row = await userRow(admin.user.id);
    expect(row.email).toBe(admin.user.email);
    expect(row.loginType).toBe("email");
    const mails = await getDb().select().from(emailOutbox).where(eq(emailOutbox.toAddress, newEmail));
    expect(mails).toHaveLength(0);
  });

  it("a data manager cannot change a cluster admin's e-mail or name; the employee number stays theirs to edit", async () => {
    const refused = await postEmployee(
      hr.membership.id,
      "details",
      detailsOf(hr, { email: `x-${Date.now()}@evil.test`, firstName: "Overgenomen" }),
      dm.cookie,
    );
    expect(fieldErrors(refused).email).toEqual(["employees:details.notAllowed"]);
    expect((await userRow(hr.user.id)).firstName).toBe(hr.user.firstName);
    const numberOnly = (await postEmployee(
      hr.membership.id,
      "details",
      detailsOf(hr, { employeeNumber: "HR-1" }),
      dm.cookie,
    )) as Response;
    expect(numberOnly.status).toBe(302);
  });

  it("a system admin's record is changed by nobody but themselves", async () => {
    const sys = await person({ roles: [{ role: "employee" }] });
    await getDb().update(users).set({ isSystemAdmin: true }).where(eq(users.id, sys.user.id));
    const refused = await postEmployee(
      sys.membership.id,
      "details",
      detailsOf(sys, { firstName: "Anders" }),
      admin.cookie,
    );
    expect(fieldErrors(refused).firstName).toEqual(["employees:details.notAllowed"]);
  });
});

describe("the users API", () => {
  it("refuses names and the admin flag of someone with more rights (PUT api/users/{id})", async () => {
    const renamed = await handle(
      apiRequest("PUT", `/api/users/${admin.membership.id}`, { cookie: hr.cookie, body: { firstName: "Overgenomen" } }),
    );
    expect(renamed.status).toBe(403);
    expect((await userRow(admin.user.id)).firstName).toBe(admin.user.firstName);
  });
});

describe("merging", () => {
  it("a data manager refused cluster_admin does not become one by merging a cluster admin into themselves", async () => {
    const refused = await postEmployee(
      dm.membership.id,
      "roles",
      { intent: "roles", roleKeys: "cluster_admin" },
      dm.cookie,
    );
    expect(refused instanceof Response ? refused.status : unwrapData(refused).status).toBe(403);
    const otherAdmin = await person({ roles: [{ role: "cluster_admin" }] });
    const result = await run(() =>
      mergeAction({
        request: post(
          `/personnel/user/${dm.membership.id}/merge`,
          { otherId: otherAdmin.membership.id, keep: "this" },
          dm.cookie,
        ),
        context: context(),
        params: { id: dm.membership.id },
      }),
    );
    expect(unwrapData(result)).toMatchObject({ status: 400, data: { error: "employees:merge.outranks" } });
    expect(await roleKeys(dm.membership.id)).toEqual(["data_manager"]);
    const [kept] = await getDb().select().from(memberships).where(eq(memberships.id, otherAdmin.membership.id));
    expect(kept.deletedAt).toBeNull();
  });

  it("a merge never gives the kept record a role the actor could not grant", async () => {
    // Both are data managers like the actor (no more rights), but only cluster_roles.manage grants the role.
    const keep = await person({ roles: [{ role: "employee" }] });
    const go = await person({ roles: [{ role: "data_manager" }] });
    const result = await run(() =>
      mergeAction({
        request: post(
          `/personnel/user/${keep.membership.id}/merge`,
          { otherId: go.membership.id, keep: "this" },
          dm.cookie,
        ),
        context: context(),
        params: { id: keep.membership.id },
      }),
    );
    expect(unwrapData(result)).toMatchObject({ status: 400, data: { error: "employees:merge.rolesNotGrantable" } });
    expect(await roleKeys(keep.membership.id)).toEqual(["employee"]);
  });

  it("still merges two employees", async () => {
    const keep = await person({ roles: [{ role: "employee" }] });
    const go = await person({ roles: [{ role: "employee" }] });
    const result = (await run(() =>
      mergeAction({
        request: post(
          `/personnel/user/${keep.membership.id}/merge`,
          { otherId: go.membership.id, keep: "this" },
          dm.cookie,
        ),
        context: context(),
        params: { id: keep.membership.id },
      }),
    )) as Response;
    expect(result.status).toBe(302);
  });
});

describe("role changes (spec §6)", () => {
  it("users.manage alone does not make anyone team leader: team_roles.manage is needed", async () => {
    const team = await createTeam(getDb(), { accountId, clusterId });
    const refused = await postEmployee(
      dm.membership.id,
      "teams",
      { intent: "addTeam", teamId: team.id, place: "team_admin" },
      dm.cookie,
    );
    expect(fieldErrors(refused).place).toEqual(["employees:roles.notAllowed"]);
    expect(await roleKeys(dm.membership.id)).toEqual(["data_manager"]);
    // A team member place is a data manager's to give.
    const member = await postEmployee(
      dm.membership.id,
      "teams",
      { intent: "addTeam", teamId: team.id, place: "team_member" },
      dm.cookie,
    );
    expect((member as Response).status).toBe(302);
  });

  it("teams.manage alone does not make anyone team leader from the team's page either", async () => {
    const team = await createTeam(getDb(), { accountId, clusterId });
    await run(() =>
      teamAction({
        request: post(
          `/personnel/teams/${team.id}/leaders`,
          { intent: "add", membershipId: dm.membership.id },
          dm.cookie,
        ),
        context: context(),
        params: { id: team.id, tab: "leaders" },
      }),
    );
    const leaders = await getDb()
      .select()
      .from(roleAssignments)
      .where(and(eq(roleAssignments.teamId, team.id), eq(roleAssignments.roleKey, "team_admin")));
    expect(leaders).toHaveLength(0);
  });

  it("nobody grants a role with rights they do not hold", async () => {
    // An authorization manager (both role rights) who is also a data manager, but not a cluster admin.
    const manager = await person({ roles: [{ role: "data_manager" }, { role: "auth_manager" }] });
    const own = await postEmployee(
      manager.membership.id,
      "roles",
      { intent: "roles", roleKeys: ["data_manager", "auth_manager", "cluster_admin"] },
      manager.cookie,
    );
    expect(unwrapData(own).status).toBe(403);
    expect(await roleKeys(manager.membership.id)).toEqual(["auth_manager", "data_manager"]);
    const target = await person({ roles: [{ role: "employee" }] });
    const bulk = await run(() =>
      listAction({
        request: post(
          "/personnel/users/active",
          { action: "clusterAdminAdd", ids: [target.membership.id, manager.membership.id] },
          manager.cookie,
        ),
        context: context(),
        params: { tab: "active" },
      }),
    );
    expect(unwrapData(bulk).status).toBe(403);
    expect(await roleKeys(target.membership.id)).toEqual(["employee"]);
    // Roles within their own rights they may give.
    const reviewer = (await postEmployee(
      target.membership.id,
      "roles",
      { intent: "roles", roleKeys: ["employee", "data_manager"] },
      manager.cookie,
    )) as Response;
    expect(reviewer.status).toBe(302);
    expect(await roleKeys(target.membership.id)).toEqual(["data_manager", "employee"]);
  });

  it("nobody changes the roles of someone with more rights", async () => {
    const manager = await person({ roles: [{ role: "data_manager" }, { role: "auth_manager" }] });
    const boss = await person({ roles: [{ role: "cluster_admin" }] });
    const refused = await postEmployee(
      boss.membership.id,
      "roles",
      { intent: "roles", roleKeys: "employee" },
      manager.cookie,
    );
    expect(unwrapData(refused).status).toBe(403);
    expect(await roleKeys(boss.membership.id)).toEqual(["cluster_admin"]);
    const bulk = await run(() =>
      listAction({
        request: post(
          "/personnel/users/active",
          { action: "clusterAdminRemove", ids: boss.membership.id },
          manager.cookie,
        ),
        context: context(),
        params: { tab: "active" },
      }),
    );
    expect(unwrapData(bulk).status).toBe(403);
    expect(await roleKeys(boss.membership.id)).toEqual(["cluster_admin"]);
  });

  it("a cluster admin still gives and takes roles and team leadership", async () => {
    const e = await person({ roles: [{ role: "employee" }] });
    const team = await createTeam(getDb(), { accountId, clusterId });
    expect(
      (
        (await postEmployee(
          e.membership.id,
          "teams",
          { intent: "addTeam", teamId: team.id, place: "team_admin" },
          hr.cookie,
        )) as Response
      ).status,
    ).toBe(302);
    expect(
      (
        (await postEmployee(
          e.membership.id,
          "roles",
          { intent: "roles", roleKeys: ["employee", "cluster_admin"] },
          hr.cookie,
        )) as Response
      ).status,
    ).toBe(302);
    expect(await roleKeys(e.membership.id)).toEqual(["cluster_admin", "employee", "team_admin"]);
  });
});

describe("an e-mail change waits for the new address", () => {
  it("is pending until confirmed; the page says so", async () => {
    const e = await person({ roles: [{ role: "employee" }] });
    await assignRole(getDb(), e.membership, { role: "reviewer" });
    const newEmail = `nieuw-${Date.now()}@test.nl`;
    const saved = (await postEmployee(
      e.membership.id,
      "details",
      detailsOf(e, { email: newEmail }),
      hr.cookie,
    )) as Response;
    expect(saved.status).toBe(302);
    expect((await userRow(e.user.id)).email).toBe(e.user.email);
    const loaded = (await employeeLoader({
      request: new Request(`http://localhost/personnel/user/${e.membership.id}/details`, {
        headers: { Cookie: hr.cookie },
      }),
      context: context(),
      params: { id: e.membership.id, tab: "details" },
    })) as unknown as { pendingEmail: string | null };
    expect(loaded.pendingEmail).toBe(newEmail);
    const [mail] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.toAddress, newEmail));
    expect(mail.template).toBe("email-change");
    const sessionsLeft = await getDb().select().from(sessions).where(eq(sessions.userId, e.user.id));
    expect(sessionsLeft).toHaveLength(1);
  });
});
