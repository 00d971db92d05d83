import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { memberships, users } from "#db/schema";
import { action as usersAction, loader as usersLoader } from "~/routes/api+/users";
import { action as userAction, loader as userLoader } from "~/routes/api+/users.$id";
import { createAccount, createClusterFor, createTeam, createUserWithMembership, uniqueSuffix } from "../factories";
import { context, getRequest, run, unwrapData } from "../support/http";
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

function json(path: string, method: string, body: unknown, cookie = hrCookie, type = "application/json") {
  return new Request(`http://localhost${path}`, {
    method,
    headers: { "Content-Type": type, Cookie: cookie },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

describe("api/users (spec §7)", () => {
  it("GET ?for=store answers users, roles, teams and tags; ?for=user the signed-in employee", async () => {
    const team = await createTeam(getDb(), { accountId, clusterId });
    const member = await createUserWithMembership(getDb(), {
      accountId,
      clusterId,
      roles: [{ role: "team_member", teamId: team.id }],
    });
    const store = (await usersLoader({
      request: getRequest("/api/users?for=store", hrCookie),
      context: context(),
      params: {},
    })) as unknown as {
      users: { membershipId: string; teams: { id: string }[] }[];
      roles: string[];
      teams: { id: string }[];
      tags: unknown[];
    };
    expect(store.users.find((u) => u.membershipId === member.membership.id)?.teams).toEqual([
      { id: team.id, role: "team_member" },
    ]);
    expect(store.teams.map((t) => t.id)).toContain(team.id);
    expect(store.roles).toContain("cluster_admin");
    expect(store.tags).toEqual([]);
    const me = (await usersLoader({
      request: getRequest("/api/users?for=user", hrCookie),
      context: context(),
      params: {},
    })) as {
      user: { id: string };
    };
    expect(me.user.id).toBe(hrMembershipId);
  });

  it("POST creates a person, and answers 409 with the lookup outcome when the e-mail is in use", async () => {
    const email = `api-${uniqueSuffix()}@test.nl`;
    const created = unwrapData(
      await usersAction({
        request: json("/api/users", "POST", { firstName: "Api", email }),
        context: context(),
        params: {},
      }),
    );
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ outcome: "notFound" });
    const again = unwrapData(
      await usersAction({
        request: json("/api/users", "POST", { firstName: "Api", email }),
        context: context(),
        params: {},
      }),
    );
    expect(again).toMatchObject({ status: 409, data: { outcome: "foundMemberActive" } });
    const bad = unwrapData(
      await usersAction({ request: json("/api/users", "POST", { email: "x" }), context: context(), params: {} }),
    );
    expect(bad.status).toBe(400);
  });

  it("PUT runs a bulk action, refuses form posts and reports when nothing changed", async () => {
    const a = await createUserWithMembership(getDb(), { accountId, clusterId });
    const ok = unwrapData(
      await usersAction({
        request: json("/api/users", "PUT", { action: "deactivate", users: [a.membership.id] }),
        context: context(),
        params: {},
      }),
    );
    expect(ok).toMatchObject({ status: 200, data: { changed: 1 } });
    const none = unwrapData(
      await usersAction({
        request: json("/api/users", "PUT", { action: "deactivate", users: [a.membership.id] }),
        context: context(),
        params: {},
      }),
    );
    expect(none).toMatchObject({ status: 422, data: { errorKey: "employees:bulk.errors.noUsersDeactivated" } });
    const form = await run(() =>
      usersAction({
        request: json(
          "/api/users",
          "PUT",
          `action=deactivate&users=${a.membership.id}`,
          hrCookie,
          "application/x-www-form-urlencoded",
        ),
        context: context(),
        params: {},
      }),
    );
    expect(unwrapData(form).status).toBe(415);
  });

  it("GET and PUT api/users/{id}; another tenant's id is 404; accountAdmin only for account admins", async () => {
    const a = await createUserWithMembership(getDb(), { accountId, clusterId });
    const got = (await userLoader({
      request: getRequest(`/api/users/${a.membership.id}`, hrCookie),
      context: context(),
      params: { id: a.membership.id },
    })) as {
      user: { email: string };
    };
    expect(got.user.email).toBe(a.user.email);
    await userAction({
      request: json(`/api/users/${a.membership.id}`, "PUT", { firstName: "Nieuw" }),
      context: context(),
      params: { id: a.membership.id },
    });
    const [u] = await getDb().select().from(users).where(eq(users.id, a.user.id));
    expect(u.firstName).toBe("Nieuw");
    const admin = unwrapData(
      await userAction({
        request: json(`/api/users/${a.membership.id}`, "PUT", { accountAdmin: true }),
        context: context(),
        params: { id: a.membership.id },
      }),
    );
    expect(admin.status).toBe(403);

    const other = await createAccount(getDb());
    const otherCluster = await createClusterFor(getDb(), other.id);
    const stranger = await createUserWithMembership(getDb(), { accountId: other.id, clusterId: otherCluster.id });
    const res = await run(() =>
      userLoader({
        request: getRequest(`/api/users/${stranger.membership.id}`, hrCookie),
        context: context(),
        params: { id: stranger.membership.id },
      }),
    );
    expect((res as Response).status).toBe(404);
    const put = await run(() =>
      userAction({
        request: json(`/api/users/${stranger.membership.id}`, "PUT", { firstName: "X" }),
        context: context(),
        params: { id: stranger.membership.id },
      }),
    );
    expect((put as Response).status).toBe(404);
    const bulk = unwrapData(
      await usersAction({
        request: json("/api/users", "PUT", { action: "deactivate", users: [stranger.membership.id] }),
        context: context(),
        params: {},
      }),
    );
    expect(bulk.status).toBe(422);
    const [m] = await getDb().select().from(memberships).where(eq(memberships.id, stranger.membership.id));
    expect(m.status).toBe("active");
  });
});
