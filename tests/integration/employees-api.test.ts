import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { memberships, users } from "#db/schema";
import { createAccount, createClusterFor, createTeam, createUserWithMembership, uniqueSuffix } from "../factories";
import { apiRequest, handle, jsonOf } from "../support/remix-handler";
import { sessionCookieFor } from "../support/session";

let accountId: string;
let clusterId: string;
let hrCookie: string;
let hrMembershipId: string;

beforeAll(async () => {
  accountId = (await createAccount(getDb())).id;
  clusterId = (await createClusterFor(getDb(), accountId)).id;
  const hr = await createUserWithMembership(getDb(), { accountId, clusterId, roles: [{ role: "cluster_admin" }] });
  hrMembershipId = hr.membership.id;
  hrCookie = (await sessionCookieFor({ userId: hr.user.id, accountId, clusterId })).cookie;
});

/** Through Remix's request handler: the status and JSON body a client receives. */
async function send(method: string, path: string, body?: unknown, cookie = hrCookie, type = "application/json") {
  return jsonOf(await handle(apiRequest(method, path, { cookie, body, type })));
}

describe("api/users (spec §7)", () => {
  it("GET ?for=store answers users, roles, teams and tags; ?for=user the signed-in employee", async () => {
    const team = await createTeam(getDb(), { accountId, clusterId });
    const member = await createUserWithMembership(getDb(), {
      accountId,
      clusterId,
      roles: [{ role: "team_member", teamId: team.id }],
    });
    const store = (await send("GET", "/api/users?for=store")).data as {
      users: { membershipId: string; teams: { id: string }[] }[];
      roles: { id: string; key: string; level: string }[];
      teams: { id: string }[];
      tags: unknown[];
    };
    expect(store.users.find((u) => u.membershipId === member.membership.id)?.teams).toEqual([
      { id: team.id, name: team.name, role: "team_member" },
    ]);
    expect(store.teams.map((t) => t.id)).toContain(team.id);
    expect(store.roles).toContainEqual({ id: expect.any(String), key: "cluster_admin", level: "cluster" });
    expect(store.tags).toEqual([]);
    const me = (await send("GET", "/api/users?for=user")).data as { id: string };
    expect(me.id).toBe(hrMembershipId);
  });

  it("GET ?for=store takes the list page's filter (one schema); an unknown value filters nothing", async () => {
    const team = await createTeam(getDb(), { accountId, clusterId });
    const member = await createUserWithMembership(getDb(), {
      accountId,
      clusterId,
      roles: [{ role: "team_member", teamId: team.id }],
    });
    const ids = async (query: string) =>
      ((await send("GET", `/api/users?for=store${query}`)).data as { users: { membershipId: string }[] }).users.map(
        (u) => u.membershipId,
      );
    expect(await ids(`&team=${team.id}`)).toEqual([member.membership.id]);
    expect(await ids(`&q=${encodeURIComponent(member.user.email)}&access=yes`)).toEqual([member.membership.id]);
    expect(await ids(`&q=${encodeURIComponent(member.user.email)}&access=no`)).toEqual([]);
    const all = await ids("");
    expect(await ids("&status=bogus&role=nope")).toEqual(all);
    expect(all).toEqual(expect.arrayContaining([member.membership.id, hrMembershipId]));
  });

  it("POST creates a person, and answers 409 with the lookup outcome when the e-mail is in use", async () => {
    const email = `api-${uniqueSuffix()}@test.nl`;
    const created = await send("POST", "/api/users", { firstName: "Api", email });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ outcome: "notFound" });
    const again = await send("POST", "/api/users", { firstName: "Api", email });
    expect(again).toMatchObject({ status: 409, data: { outcome: "foundMemberActive" } });
    const bad = await send("POST", "/api/users", { email: "x" });
    expect(bad.status).toBe(422);
  });

  it("PUT runs a bulk action, refuses form posts and reports when nothing changed", async () => {
    const a = await createUserWithMembership(getDb(), { accountId, clusterId });
    const ok = await send("PUT", "/api/users", { action: "deactivate", users: [a.membership.id] });
    expect(ok).toMatchObject({ status: 200, data: { changed: 1 } });
    const none = await send("PUT", "/api/users", { action: "deactivate", users: [a.membership.id] });
    expect(none).toMatchObject({
      status: 422,
      data: { error: "noChange", message: "Geen gebruikers gedeactiveerd", changed: 0 },
    });
    const form = await send(
      "PUT",
      "/api/users",
      `action=deactivate&users=${a.membership.id}`,
      hrCookie,
      "application/x-www-form-urlencoded",
    );
    expect(form.status).toBe(415);
  });

  it("GET and PUT api/users/{id}; another tenant's id is 404; accountAdmin only for account admins", async () => {
    const a = await createUserWithMembership(getDb(), { accountId, clusterId });
    const got = (await send("GET", `/api/users/${a.membership.id}`)).data as { email: string; name: string };
    expect(got.email).toBe(a.user.email);
    expect(got).toMatchObject({ verified: expect.any(Boolean), teams: [], tags: [], updatesFrequency: "weekly" });
    expect((await send("PUT", `/api/users/${a.membership.id}`, { firstName: "Nieuw" })).status).toBe(200);
    const [u] = await getDb().select().from(users).where(eq(users.id, a.user.id));
    expect(u.firstName).toBe("Nieuw");
    const admin = await send("PUT", `/api/users/${a.membership.id}`, { accountAdmin: true });
    expect(admin.status).toBe(403);

    const other = await createAccount(getDb());
    const otherCluster = await createClusterFor(getDb(), other.id);
    const stranger = await createUserWithMembership(getDb(), { accountId: other.id, clusterId: otherCluster.id });
    expect((await send("GET", `/api/users/${stranger.membership.id}`)).status).toBe(404);
    expect((await send("PUT", `/api/users/${stranger.membership.id}`, { firstName: "X" })).status).toBe(404);
    const bulk = await send("PUT", "/api/users", { action: "deactivate", users: [stranger.membership.id] });
    expect(bulk.status).toBe(422);
    const [m] = await getDb().select().from(memberships).where(eq(memberships.id, stranger.membership.id));
    expect(m.status).toBe("active");
  });
});

describe("api/users field shapes and assignments (issue 37)", () => {
  it("?for=user gives an employee without users.manage their own record", async () => {
    const employee = await createUserWithMembership(getDb(), { accountId, clusterId });
    const cookie = (await sessionCookieFor({ userId: employee.user.id, accountId, clusterId })).cookie;
    const me = await send("GET", "/api/users?for=user", undefined, cookie);
    expect(me).toMatchObject({ status: 200, data: { id: employee.membership.id, email: employee.user.email } });
    expect((await send("GET", "/api/users?for=store", undefined, cookie)).status).toBe(403);
  });

  it("cluster_admin_add and _remove take the role; teams take the assignment; a no-op says 'Geen gebruiker geupdate'", async () => {
    const team = await createTeam(getDb(), { accountId, clusterId });
    const a = await createUserWithMembership(getDb(), { accountId, clusterId });
    const roleKeys = async () =>
      ((await send("GET", `/api/users/${a.membership.id}`)).data as { roles: { key: string; teamId: string | null }[] })
        .roles;
    const add = await send("PUT", "/api/users", {
      action: "cluster_admin_add",
      users: [a.membership.id],
      role: "advisor",
      level: "cluster",
    });
    expect(add.status).toBe(200);
    expect(await roleKeys()).toContainEqual(expect.objectContaining({ key: "advisor", teamId: null }));
    const remove = await send("PUT", "/api/users", {
      action: "cluster_admin_remove",
      users: [a.membership.id],
      role: "advisor",
    });
    expect(remove.status).toBe(200);
    expect((await roleKeys()).map((r) => r.key)).not.toContain("advisor");
    const teamLevel = await send("PUT", "/api/users", {
      action: "cluster_admin_add",
      users: [a.membership.id],
      level: "team",
    });
    expect(teamLevel.status).toBe(422);
    const leader = await send("PUT", "/api/users", {
      action: "teams",
      users: [a.membership.id],
      teams: [team.id],
      assignment: "team_admin",
    });
    expect(leader.status).toBe(200);
    expect(await roleKeys()).toContainEqual(expect.objectContaining({ key: "team_admin", teamId: team.id }));
    const activeAlready = await send("PUT", "/api/users", { action: "activate", users: [a.membership.id] });
    expect(activeAlready).toMatchObject({
      status: 422,
      data: { error: "noChange", message: "Geen gebruiker geupdate" },
    });
  });
});
