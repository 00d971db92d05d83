import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import {
  contracts,
  memberships,
  membershipTags,
  positions,
  reviewReviewers,
  reviews,
  reviewSubjects,
  roleAssignments,
  tags,
  users,
} from "#db/schema";
import { lookupEmail } from "~/features/employees/employee-person.server";
import { action as deleteAction } from "~/routes/_app+/personnel+/user.$id.delete";
import { action as mergeAction } from "~/routes/_app+/personnel+/user.$id.merge";
import { loader as indexLoader } from "~/routes/_app+/personnel+/users._index";
import { action as listAction, loader as listLoader } from "~/routes/_app+/personnel+/users.$tab";
import { action as wizardAction } from "~/routes/_app+/personnel+/users.new";
import { requireUser } from "~/utils/tenant.server";
import {
  assignRole,
  createAccount,
  createClusterFor,
  createTeam,
  createUserWithMembership,
  uniqueSuffix,
} from "../factories";
import { context, formRequest, getRequest, run, unwrapData } from "../support/http";
import { sessionCookieFor } from "../support/session";
import { employeeAction, employeeLoader } from "../support/detail-tabs";
import { TEAM_SELECT_LIMIT } from "~/features/employees/list-sizes";

let accountId: string;
let clusterId: string;
let otherClusterId: string;
let hr: Awaited<ReturnType<typeof createUserWithMembership>>;
let hrCookie: string;

beforeAll(async () => {
  const db = getDb();
  accountId = (await createAccount(db)).id;
  clusterId = (await createClusterFor(db, accountId)).id;
  otherClusterId = (await createClusterFor(db, accountId)).id;
  hr = await createUserWithMembership(db, { accountId, clusterId, roles: [{ role: "cluster_admin" }] });
  hrCookie = (await sessionCookieFor({ userId: hr.user.id, accountId, clusterId })).cookie;
});

function person(email: string, extra: Record<string, string> = {}) {
  return { firstName: "Noor", lastName: "Bakker", email, language: "nl", loginType: "email", ...extra };
}

async function ctxOf(cookie: string) {
  return requireUser(getRequest("/personnel/users/active", cookie));
}

function wizard(fields: Record<string, string>, cookie = hrCookie) {
  return run(() =>
    wizardAction({ request: formRequest("/personnel/users/new", fields, cookie), context: context(), params: {} }),
  );
}

function list(query: string, tab = "active", cookie = hrCookie) {
  return listLoader({
    request: getRequest(`/personnel/users/${tab}${query}`, cookie),
    context: context(),
    params: { tab },
  }) as Promise<{ list: { rows: { id: string; email: string; teams: string[] }[]; total: number } }>;
}

function bulk(fields: Record<string, string | string[]>, tab = "active", cookie = hrCookie) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  const request = new Request(`http://localhost/personnel/users/${tab}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: body.toString(),
  });
  return run(() => listAction({ request, context: context(), params: { tab } }));
}

function toastOf(response: unknown): { type: string; key: string; values?: Record<string, unknown> } {
  const header = (response as Response).headers.get("Set-Cookie") ?? "";
  const value = decodeURIComponent(header.split(";")[0].split("=")[1]);
  const json = JSON.parse(Buffer.from(value.split(".")[0], "base64").toString("utf8"));
  return json.__flash_toast__;
}

describe("e-mail lookup: the seven outcomes", () => {
  it("notFound → create", async () => {
    const email = `nieuw-${uniqueSuffix()}@test.nl`;
    const confirm = unwrapData(await wizard({ intent: "details", ...person(email) }));
    expect(confirm.data).toMatchObject({ step: "confirm", lookup: { outcome: "notFound" } });
    const res = (await wizard({
      intent: "confirm",
      ...person(email, { employeeNumber: "E-1", birthday: "3-4-1990" }),
    })) as Response;
    expect(res.status).toBe(302);
    const membershipId = new URL(res.headers.get("Location")!, "http://x").searchParams.get("membership")!;
    const [row] = await getDb()
      .select({
        email: users.email,
        birthday: users.birthday,
        number: memberships.employeeNumber,
        access: memberships.access,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.id, membershipId));
    expect(row).toEqual({ email, birthday: "1990-04-03", number: "E-1", access: false });
    expect(toastOf(res)).toMatchObject({ key: "employees:wizard.saved.notFound", values: { email } });
  });

  it("foundNotMember → connect", async () => {
    const other = await createUserWithMembership(getDb(), { accountId, clusterId: otherClusterId, status: "inactive" });
    expect((await lookupEmail(await ctxOf(hrCookie), other.user.email)).outcome).toBe("foundNotMember");
    const res = (await wizard({ intent: "confirm", ...person(other.user.email) })) as Response;
    expect(res.status).toBe(302);
    const rows = await getDb().select().from(memberships).where(eq(memberships.userId, other.user.id));
    expect(rows.map((r) => r.clusterId).sort()).toEqual([clusterId, otherClusterId].sort());
  });

  it("foundMemberActive: '{email} wordt al gebruikt', nothing to confirm", async () => {
    const member = await createUserWithMembership(getDb(), { accountId, clusterId });
    const confirm = unwrapData(await wizard({ intent: "details", ...person(member.user.email) }));
    expect(confirm.data).toMatchObject({
      lookup: { outcome: "foundMemberActive", membershipId: member.membership.id },
    });
    const again = unwrapData(await wizard({ intent: "confirm", ...person(member.user.email) }));
    expect(again.status).toBe(409);
    const count = await getDb().select().from(memberships).where(eq(memberships.userId, member.user.id));
    expect(count).toHaveLength(1);
  });

  it("foundMemberInactive → activate", async () => {
    const member = await createUserWithMembership(getDb(), { accountId, clusterId, status: "inactive" });
    const confirm = unwrapData(await wizard({ intent: "details", ...person(member.user.email.toUpperCase()) }));
    expect(confirm.data).toMatchObject({ lookup: { outcome: "foundMemberInactive" } });
    await wizard({ intent: "confirm", ...person(member.user.email) });
    const [m] = await getDb().select().from(memberships).where(eq(memberships.id, member.membership.id));
    expect(m.status).toBe("active");
  });

  it("foundActiveElsewhere: connect with the right, otherwise a supervisor must attach them", async () => {
    const elsewhere = await createUserWithMembership(getDb(), { accountId, clusterId: otherClusterId });
    // hr has no role in the other cluster: may not connect.
    let result = await lookupEmail(await ctxOf(hrCookie), elsewhere.user.email);
    expect(result).toEqual({ outcome: "foundActiveElsewhere", canConnect: false });
    const refused = unwrapData(await wizard({ intent: "confirm", ...person(elsewhere.user.email) }));
    expect(refused.status).toBe(409);
    expect(await getDb().select().from(memberships).where(eq(memberships.userId, elsewhere.user.id))).toHaveLength(1);

    // A data manager in the other cluster too may connect.
    const manager = await createUserWithMembership(getDb(), {
      accountId,
      clusterId,
      roles: [{ role: "data_manager" }],
    });
    await getDb()
      .insert(memberships)
      .values({ accountId, clusterId: otherClusterId, userId: manager.user.id, access: true });
    const [m2] = await getDb()
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, manager.user.id), eq(memberships.clusterId, otherClusterId)));
    await assignRole(getDb(), m2, { role: "data_manager" });
    const managerCookie = (await sessionCookieFor({ userId: manager.user.id, accountId, clusterId })).cookie;
    result = await lookupEmail(await ctxOf(managerCookie), elsewhere.user.email);
    expect(result).toEqual({ outcome: "foundActiveElsewhere", canConnect: true });
    const res = (await wizard({ intent: "confirm", ...person(elsewhere.user.email) }, managerCookie)) as Response;
    expect(res.status).toBe(302);
    expect(await getDb().select().from(memberships).where(eq(memberships.userId, elsewhere.user.id))).toHaveLength(2);
  });

  it("foundOtherAccount: choose another e-mail, next to the field", async () => {
    const otherAccount = await createAccount(getDb());
    const otherCluster = await createClusterFor(getDb(), otherAccount.id);
    const stranger = await createUserWithMembership(getDb(), {
      accountId: otherAccount.id,
      clusterId: otherCluster.id,
    });
    const { status, data } = unwrapData(await wizard({ intent: "details", ...person(stranger.user.email) }));
    expect(status).toBe(400);
    expect(data).toMatchObject({
      step: "details",
      reply: { error: { email: ["employees:lookup.foundOtherAccount"] } },
    });
    const refused = unwrapData(await wizard({ intent: "confirm", ...person(stranger.user.email) }));
    expect(refused.status).toBe(409);
    expect(await getDb().select().from(memberships).where(eq(memberships.userId, stranger.user.id))).toHaveLength(1);
  });

  it("foundTrashedInAccount: restore first", async () => {
    const removed = await createUserWithMembership(getDb(), { accountId, clusterId });
    await getDb().update(memberships).set({ deletedAt: new Date() }).where(eq(memberships.id, removed.membership.id));
    const confirm = unwrapData(await wizard({ intent: "details", ...person(removed.user.email) }));
    expect(confirm.data).toMatchObject({ lookup: { outcome: "foundTrashedInAccount" } });
    const refused = unwrapData(await wizard({ intent: "confirm", ...person(removed.user.email) }));
    expect(refused.status).toBe(409);
  });

  it("checks names, the e-mail pattern and dd-MM-yyyy dates, and keeps what was typed", async () => {
    const { status, data } = unwrapData(
      await wizard({
        intent: "details",
        firstName: "",
        lastName: "",
        email: "geen-adres",
        birthday: "31-02-1990",
        city: "Zwolle",
      }),
    );
    expect(status).toBe(400);
    const reply = (data as { reply: { error: Record<string, string[]>; initialValue: Record<string, string> } }).reply;
    expect(reply.error.firstName).toEqual(["validation:firstOrLastName"]);
    expect(reply.error.email).toEqual(["validation:email.invalid"]);
    expect(reply.error.birthday).toEqual(["validation:date"]);
    expect(reply.initialValue.city).toBe("Zwolle");
  });

  it("going back from the confirm step shows the details again, as typed", async () => {
    const email = `terug-${uniqueSuffix()}@test.nl`;
    const back = unwrapData(await wizard({ intent: "back", ...person(email, { city: "Deventer" }) }));
    expect(back.data).toMatchObject({ step: "details", reply: { initialValue: { email, city: "Deventer" } } });
    expect(await getDb().select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it("the teams step places the new person in the chosen teams", async () => {
    const team = await createTeam(getDb(), { accountId, clusterId });
    const email = `teams-${uniqueSuffix()}@test.nl`;
    const res = (await wizard({ intent: "confirm", ...person(email) })) as Response;
    const membershipId = new URL(res.headers.get("Location")!, "http://x").searchParams.get("membership")!;
    const done = (await wizard({ intent: "teams", membershipId, teamIds: team.id })) as Response;
    expect(done.headers.get("Location")).toBe(`/personnel/user/${membershipId}/details`);
    const places = await getDb().select().from(roleAssignments).where(eq(roleAssignments.membershipId, membershipId));
    expect(places.map((p) => [p.roleKey, p.teamId]).sort()).toEqual(
      [
        ["employee", null],
        ["team_member", team.id],
      ].sort(),
    );
  });
});

describe("the list", () => {
  it("redirects /personnel/users to the active tab and answers 404 for an unknown tab", async () => {
    const res = (await run(() =>
      indexLoader({ request: getRequest("/personnel/users", hrCookie), context: context(), params: {} }),
    )) as Response;
    expect(res.headers.get("Location")).toBe("/personnel/users/active");
    const nope = (await run(() => list("", "nope"))) as unknown as Response;
    expect(nope.status).toBe(404);
  });

  it("searches by name, e-mail and employee number, filters by team, tag and access, and pages in SQL", async () => {
    const suffix = uniqueSuffix();
    const team = await createTeam(getDb(), { accountId, clusterId });
    const [tag] = await getDb()
      .insert(tags)
      .values({ accountId, clusterId, kind: "personnel", name: `Tag ${suffix}` })
      .returning();
    const made = [];
    for (let i = 0; i < 55; i++) {
      made.push(
        await createUserWithMembership(getDb(), {
          accountId,
          clusterId,
          lastName: `Zoek${suffix} ${String(i).padStart(2, "0")}`,
          employeeNumber: `P${suffix}-${i}`,
          access: i % 2 === 0,
          roles: i < 3 ? [{ role: "team_member", teamId: team.id }] : [],
        }),
      );
    }
    await getDb()
      .insert(membershipTags)
      .values({ accountId, clusterId, membershipId: made[7].membership.id, tagId: tag.id });

    const first = await list(`?q=Zoek${suffix}`);
    expect(first.list.total).toBe(55);
    expect(first.list.rows).toHaveLength(50);
    const second = await list(`?q=Zoek${suffix}&page=2`);
    expect(second.list.rows).toHaveLength(5);
    expect((await list(`?q=${made[4].user.email}`)).list.rows.map((r) => r.id)).toEqual([made[4].membership.id]);
    expect((await list(`?q=P${suffix}-9`)).list.rows.map((r) => r.id)).toEqual([made[9].membership.id]);
    const inTeam = await list(`?team=${team.id}`);
    expect(inTeam.list.rows.map((r) => r.id).sort()).toEqual(
      made
        .slice(0, 3)
        .map((m) => m.membership.id)
        .sort(),
    );
    expect(inTeam.list.rows[0].teams).toEqual([team.name]);
    expect((await list(`?tag=${tag.id}`)).list.rows.map((r) => r.id)).toEqual([made[7].membership.id]);
    expect((await list(`?q=Zoek${suffix}&access=no`)).list.total).toBe(27);
    expect((await list(`?q=Zoek${suffix}&role=team_member`)).list.total).toBe(3);
    const desc = await list(`?q=Zoek${suffix}&sort=name&dir=desc`);
    expect(desc.list.rows[0].id).toBe(made[54].membership.id);
    expect((await list(`?q=Zoek${suffix}`, "inactive")).list.total).toBe(0);
  });
});

describe("bulk actions", () => {
  it("deactivate and activate report how many changed and which did not", async () => {
    const a = await createUserWithMembership(getDb(), { accountId, clusterId });
    const b = await createUserWithMembership(getDb(), { accountId, clusterId, status: "inactive" });
    const res = await bulk({ action: "deactivate", ids: [a.membership.id, b.membership.id] });
    expect(toastOf(res)).toMatchObject({
      key: "employees:bulk.resultWithSkipped",
      values: { count: 1, skipped: `Test ${b.user.lastName}` },
    });
    const again = await bulk({ action: "deactivate", ids: [a.membership.id, b.membership.id] });
    expect(toastOf(again)).toMatchObject({ type: "error", key: "employees:bulk.errors.noUsersDeactivated" });
    const act = await bulk({ action: "activate", ids: [a.membership.id, b.membership.id] });
    expect(toastOf(act)).toMatchObject({ key: "employees:bulk.result", values: { count: 2 } });
    const none = await bulk({ action: "activate", ids: [a.membership.id] });
    expect(toastOf(none)).toMatchObject({ type: "error", key: "employees:bulk.errors.noUserUpdated" });
  });

  it("grants and revokes access, adds and removes cluster admins, assigns and unassigns teams and roles", async () => {
    const a = await createUserWithMembership(getDb(), { accountId, clusterId, access: false });
    const ids = [a.membership.id];
    expect(toastOf(await bulk({ action: "grantAccess", ids })).key).toBe("employees:bulk.result");
    expect(toastOf(await bulk({ action: "revokeAccess", ids })).key).toBe("employees:bulk.result");
    expect(toastOf(await bulk({ action: "clusterAdminRemove", ids })).key).toBe("employees:bulk.errors.noClusterAdmin");
    expect(toastOf(await bulk({ action: "clusterAdminAdd", ids })).key).toBe("employees:bulk.result");
    expect(toastOf(await bulk({ action: "clusterAdminRemove", ids })).key).toBe("employees:bulk.result");
    const team = await createTeam(getDb(), { accountId, clusterId });
    expect(toastOf(await bulk({ action: "unassignTeams", ids, teamIds: team.id })).key).toBe(
      "employees:bulk.errors.noTeamsRemoved",
    );
    expect(toastOf(await bulk({ action: "assignTeams", ids, teamIds: team.id })).key).toBe("employees:bulk.result");
    expect(toastOf(await bulk({ action: "unassignTeams", ids, teamIds: team.id })).key).toBe("employees:bulk.result");
    expect(toastOf(await bulk({ action: "assignRoles", ids, roleKeys: "advisor" })).key).toBe("employees:bulk.result");
    expect(toastOf(await bulk({ action: "assignRoles", ids, roleKeys: "advisor" })).key).toBe(
      "employees:bulk.errors.noRolesAssigned",
    );
    const roles = await getDb().select().from(roleAssignments).where(eq(roleAssignments.membershipId, a.membership.id));
    expect(roles.map((r) => r.roleKey).sort()).toEqual(["advisor", "employee"]);
  });

  it("restores removed employees from the removed tab", async () => {
    const a = await createUserWithMembership(getDb(), { accountId, clusterId });
    await getDb().update(memberships).set({ deletedAt: new Date() }).where(eq(memberships.id, a.membership.id));
    expect(toastOf(await bulk({ action: "restore", ids: a.membership.id }, "removed")).key).toBe(
      "employees:bulk.result",
    );
    const [m] = await getDb().select().from(memberships).where(eq(memberships.id, a.membership.id));
    expect(m.deletedAt).toBeNull();
    expect(toastOf(await bulk({ action: "restore", ids: a.membership.id }, "removed")).key).toBe(
      "employees:bulk.errors.noUserUpdated",
    );
  });

  it("returns to the list with its query after a bulk action, whatever the posted query holds", async () => {
    const a = await createUserWithMembership(getDb(), { accountId, clusterId });
    const back = (search: string) =>
      bulk({ action: "grantAccess", ids: a.membership.id, search }).then((res) => {
        expect((res as Response).status).toBe(302);
        return (res as Response).headers.get("Location");
      });
    expect(await back("?q=Noor%20B&sort=email")).toBe("/personnel/users/active?q=Noor+B&sort=email");
    // A newline or other odd input in the field is written as a query, never as a broken Location (500).
    const odd = await back("?q=a\nb&x=\u00e9\r\nSet-Cookie: y");
    expect(new URL(odd!, "http://x").searchParams.get("q")).toBe("a\nb");
    expect(odd).not.toMatch(/[\r\n]/);
    expect(await back("not a query")).toBe("/personnel/users/active");
    expect(await back("")).toBe("/personnel/users/active");
  });

  it("role actions need cluster_roles.manage; without a selection or action the page says so", async () => {
    const dm = await createUserWithMembership(getDb(), { accountId, clusterId, roles: [{ role: "data_manager" }] });
    const dmCookie = (await sessionCookieFor({ userId: dm.user.id, accountId, clusterId })).cookie;
    const target = await createUserWithMembership(getDb(), { accountId, clusterId });
    const refused = unwrapData(
      await bulk({ action: "clusterAdminAdd", ids: target.membership.id }, "active", dmCookie),
    );
    expect(refused.status).toBe(403);
    // Data managers manage everyone in the cluster otherwise.
    expect(toastOf(await bulk({ action: "revokeAccess", ids: target.membership.id }, "active", dmCookie)).key).toBe(
      "employees:bulk.result",
    );
    expect(unwrapData(await bulk({ action: "activate" })).data).toEqual({ error: "employees:bulk.chooseEmployees" });
    expect(unwrapData(await bulk({ action: "", ids: target.membership.id })).data).toEqual({
      error: "employees:bulk.chooseAction",
    });
  });
});

describe("one employee", () => {
  function post(id: string, tab: string, fields: Record<string, string>, cookie = hrCookie) {
    return run(() =>
      employeeAction({
        request: formRequest(`/personnel/user/${id}/${tab}`, fields, cookie),
        context: context(),
        params: { id, tab },
      }),
    );
  }

  it("adds a contract (position, start and end required), edits it and deletes it through the confirm page's action", async () => {
    const e = await createUserWithMembership(getDb(), { accountId, clusterId });
    const [position] = await getDb()
      .insert(positions)
      .values({ accountId, clusterId, name: `Verpleegkundige ${uniqueSuffix()}` })
      .returning();
    const bad = unwrapData(await post(e.membership.id, "contracts", { intent: "addContract", fte: "0.8" }));
    expect(bad.status).toBe(400);
    const errors = (bad.data as { reply: { error: Record<string, string[]> } }).reply.error;
    expect(errors.positionId).toEqual(["employees:contracts.positionRequired"]);
    expect(errors.start).toEqual(["employees:contracts.startRequired"]);
    expect(errors.end).toEqual(["employees:contracts.endRequired"]);
    const ok = (await post(e.membership.id, "contracts", {
      intent: "addContract",
      positionId: position.id,
      start: "01-01-2026",
      end: "31-12-2026",
      fte: "0.8",
      hoursPerWeek: "28.8",
      isTemporary: "temporary",
      isActive: "on",
    })) as Response;
    expect(ok.status).toBe(302);
    const [c] = await getDb().select().from(contracts).where(eq(contracts.membershipId, e.membership.id));
    expect(c).toMatchObject({
      startDate: "2026-01-01",
      endDate: "2026-12-31",
      fte: "0.80",
      isTemporary: true,
      isActive: true,
    });
    const { action: editContractAction, loader: editContractLoader } =
      await import("~/routes/_app+/personnel+/user.$id.contracts.$contractId._index");
    const editArgs = (fields: Record<string, string>) => ({
      request: formRequest(`/personnel/user/${e.membership.id}/contracts/${c.id}`, fields, hrCookie),
      context: context(),
      params: { id: e.membership.id, contractId: c.id },
    });
    const form = (await editContractLoader({
      ...editArgs({}),
      request: getRequest(`/personnel/user/${e.membership.id}/contracts/${c.id}`, hrCookie),
    })) as { values: Record<string, string> };
    expect(form.values).toMatchObject({ start: "01-01-2026", end: "31-12-2026", fte: "0.8", isTemporary: "temporary" });
    const badEdit = unwrapData(
      await editContractAction(
        editArgs({ positionId: position.id, start: "01-01-2026", end: "31-12-2025", fte: "0.8" }),
      ),
    );
    expect(badEdit.status).toBe(400);
    expect((badEdit.data as { error: Record<string, string[]> }).error.end).toEqual([
      "employees:contracts.endBeforeStart",
    ]);
    const edited = (await editContractAction(
      editArgs({ positionId: position.id, start: "01-02-2026", end: "31-12-2027", fte: "1", isTemporary: "permanent" }),
    )) as Response;
    expect(edited.status).toBe(302);
    const [changed] = await getDb().select().from(contracts).where(eq(contracts.id, c.id));
    expect(changed).toMatchObject({
      startDate: "2026-02-01",
      endDate: "2027-12-31",
      fte: "1.00",
      isTemporary: false,
      isActive: false,
    });

    const { action: deleteContractAction } =
      await import("~/routes/_app+/personnel+/user.$id.contracts.$contractId.delete");
    await run(() =>
      deleteContractAction({
        request: formRequest(`/personnel/user/${e.membership.id}/contracts/${c.id}/delete`, {}, hrCookie),
        context: context(),
        params: { id: e.membership.id, contractId: c.id },
      }),
    );
    expect(await getDb().select().from(contracts).where(eq(contracts.membershipId, e.membership.id))).toHaveLength(0);
  });

  it("places the employee in a team as leader, removes it, saves roles and tags", async () => {
    const e = await createUserWithMembership(getDb(), { accountId, clusterId });
    const team = await createTeam(getDb(), { accountId, clusterId });
    await post(e.membership.id, "teams", { intent: "addTeam", teamId: team.id, place: "team_admin" });
    const loaded = (await employeeLoader({
      request: getRequest(`/personnel/user/${e.membership.id}/teams`, hrCookie),
      context: context(),
      params: { id: e.membership.id, tab: "teams" },
    })) as { teamPlaces: { id: string; place: string }[] };
    expect(loaded.teamPlaces.map((p) => p.place)).toEqual(["team_admin"]);
    await post(e.membership.id, "teams", { intent: "removeTeam", assignmentId: loaded.teamPlaces[0].id });
    const body = new URLSearchParams([
      ["intent", "roles"],
      ["roleKeys", "reviewer"],
      ["roleKeys", "employee"],
    ]);
    await run(() =>
      employeeAction({
        request: new Request(`http://localhost/personnel/user/${e.membership.id}/roles`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: hrCookie },
          body: body.toString(),
        }),
        context: context(),
        params: { id: e.membership.id, tab: "roles" },
      }),
    );
    const roles = await getDb().select().from(roleAssignments).where(eq(roleAssignments.membershipId, e.membership.id));
    expect(roles.map((r) => r.roleKey).sort()).toEqual(["employee", "reviewer"]);
    const [tag] = await getDb()
      .insert(tags)
      .values({ accountId, clusterId, kind: "personnel", name: `T ${uniqueSuffix()}` })
      .returning();
    await post(e.membership.id, "tags", { intent: "tags", tagIds: tag.id });
    expect(
      await getDb().select().from(membershipTags).where(eq(membershipTags.membershipId, e.membership.id)),
    ).toHaveLength(1);
  });

  it("warns when the employee number changes and saves once confirmed", async () => {
    const e = await createUserWithMembership(getDb(), { accountId, clusterId, employeeNumber: "100" });
    const fields = { intent: "details", ...person(e.user.email), employeeNumber: "200" };
    const warned = unwrapData(await post(e.membership.id, "details", fields));
    expect(warned.status).toBe(400);
    expect(warned.data).toMatchObject({ warning: { from: "100", to: "200" } });
    const saved = (await post(e.membership.id, "details", { ...fields, confirmEmployeeNumber: "on" })) as Response;
    expect(saved.status).toBe(302);
    const [m] = await getDb().select().from(memberships).where(eq(memberships.id, e.membership.id));
    expect(m.employeeNumber).toBe("200");
    const taken = unwrapData(
      await post(e.membership.id, "details", { ...fields, email: hr.user.email, employeeNumber: "200" }),
    );
    expect((taken.data as { reply: { error: Record<string, string[]> } }).reply.error.email).toEqual([
      "employees:lookup.duplicate",
    ]);
  });

  it("soft-deletes and restores an employee; you cannot delete yourself", async () => {
    const e = await createUserWithMembership(getDb(), { accountId, clusterId });
    const res = (await run(() =>
      deleteAction({ request: formRequest(`/x`, {}, hrCookie), context: context(), params: { id: e.membership.id } }),
    )) as Response;
    expect(res.headers.get("Location")).toBe("/personnel/users/removed");
    expect((await list(`?q=${e.user.email}`, "removed")).list.total).toBe(1);
    expect((await list(`?q=${e.user.email}`)).list.total).toBe(0);
    await post(e.membership.id, "details", { intent: "restore" });
    expect((await list(`?q=${e.user.email}`)).list.total).toBe(1);
    const self = unwrapData(
      await run(() =>
        deleteAction({
          request: formRequest(`/x`, {}, hrCookie),
          context: context(),
          params: { id: hr.membership.id },
        }),
      ),
    );
    expect(self.status).toBe(400);
  });

  it("merges two employees in one transaction: contracts, roles, tags and review data move to the one that remains", async () => {
    const keep = await createUserWithMembership(getDb(), { accountId, clusterId });
    const go = await createUserWithMembership(getDb(), { accountId, clusterId });
    const team = await createTeam(getDb(), { accountId, clusterId });
    await assignRole(getDb(), keep.membership, { role: "team_member", teamId: team.id });
    await assignRole(getDb(), go.membership, { role: "team_member", teamId: team.id });
    await assignRole(getDb(), go.membership, { role: "reviewer" });
    const [position] = await getDb()
      .insert(positions)
      .values({ accountId, clusterId, name: `Functie ${uniqueSuffix()}` })
      .returning();
    const contract = {
      accountId,
      clusterId,
      positionId: position.id,
      startDate: "2026-01-01",
      endDate: "2026-12-31",
      fte: "1",
    };
    await getDb()
      .insert(contracts)
      .values([
        { ...contract, membershipId: keep.membership.id },
        { ...contract, membershipId: go.membership.id },
        { ...contract, membershipId: go.membership.id },
      ]);
    const [tag] = await getDb()
      .insert(tags)
      .values({ accountId, clusterId, kind: "personnel", name: `M ${uniqueSuffix()}` })
      .returning();
    await getDb()
      .insert(membershipTags)
      .values({ accountId, clusterId, membershipId: go.membership.id, tagId: tag.id });

    // A finished team review of the removed person, and one the removed person evaluated.
    const [round] = await getDb()
      .insert(reviews)
      .values({ accountId, clusterId, type: "team-summary", name: "Ronde", scale: 5 })
      .returning();
    const [teamReview] = await getDb()
      .insert(reviews)
      .values({ accountId, clusterId, type: "team", name: "Ronde", scale: 5, parentId: round.id, teamId: team.id })
      .returning();
    await getDb()
      .insert(reviewSubjects)
      .values({ accountId, clusterId, reviewId: teamReview.id, roundId: round.id, membershipId: go.membership.id });
    await getDb()
      .insert(reviewReviewers)
      .values({ accountId, clusterId, reviewId: teamReview.id, membershipId: go.membership.id });

    const ids = [keep.membership.id, go.membership.id];
    const count = async (table: typeof contracts | typeof roleAssignments | typeof membershipTags) =>
      Number(
        (
          await getDb()
            .select({ n: sql<number>`count(*)` })
            .from(table)
            .where(
              sql`${table.membershipId} in (${sql.join(
                ids.map((i) => sql`${i}`),
                sql`, `,
              )})`,
            )
        )[0].n,
      );
    const before = {
      contracts: await count(contracts),
      roles: await count(roleAssignments),
      tags: await count(membershipTags),
    };
    expect(before).toEqual({ contracts: 3, roles: 5, tags: 1 });

    const res = (await run(() =>
      mergeAction({
        request: formRequest(
          `/personnel/user/${go.membership.id}/merge`,
          { otherId: keep.membership.id, keep: "other" },
          hrCookie,
        ),
        context: context(),
        params: { id: go.membership.id },
      }),
    )) as Response;
    expect(res.headers.get("Location")).toBe(`/personnel/user/${keep.membership.id}/details`);
    const subjects = await getDb().select().from(reviewSubjects).where(eq(reviewSubjects.reviewId, teamReview.id));
    expect(subjects.map((r) => r.membershipId)).toEqual([keep.membership.id]);
    const reviewers = await getDb().select().from(reviewReviewers).where(eq(reviewReviewers.reviewId, teamReview.id));
    expect(reviewers.map((r) => r.membershipId)).toEqual([keep.membership.id]);
    // Every contract and tag survives; the duplicate team place and the duplicate employee role collapse.
    expect({
      contracts: await count(contracts),
      roles: await count(roleAssignments),
      tags: await count(membershipTags),
    }).toEqual({
      contracts: 3,
      roles: 3,
      tags: 1,
    });
    const kept = await getDb()
      .select()
      .from(roleAssignments)
      .where(eq(roleAssignments.membershipId, keep.membership.id));
    expect(kept.map((r) => r.roleKey).sort()).toEqual(["employee", "reviewer", "team_member"]);
    expect(await getDb().select().from(contracts).where(eq(contracts.membershipId, keep.membership.id))).toHaveLength(
      3,
    );
    const [gone] = await getDb().select().from(memberships).where(eq(memberships.id, go.membership.id));
    expect(gone.deletedAt).not.toBeNull();
  });
});

describe("a cluster with more teams than a select can hold", () => {
  it("filters by typed team name and assigns teams typed by name; unknown names are refused", async () => {
    const db = getDb();
    const account = await createAccount(db);
    const cluster = await createClusterFor(db, account.id);
    const ids = { accountId: account.id, clusterId: cluster.id };
    for (let i = 1; i <= TEAM_SELECT_LIMIT + 1; i++)
      await createTeam(db, { ...ids, name: `Team ${String(i).padStart(3, "0")}` });
    const admin = await createUserWithMembership(db, { ...ids, roles: [{ role: "cluster_admin" }] });
    const cookie = (await sessionCookieFor({ userId: admin.user.id, ...ids })).cookie;
    const a = await createUserWithMembership(db, { ...ids, email: `groot-a-${uniqueSuffix()}@test.nl` });
    const b = await createUserWithMembership(db, { ...ids, email: `groot-b-${uniqueSuffix()}@test.nl` });

    const page = (await listLoader({
      request: getRequest("/personnel/users/active", cookie),
      context: context(),
      params: { tab: "active" },
    })) as { options: { teams: unknown } };
    expect(page.options.teams).toBeNull();

    const refused = unwrapData(
      await bulk({ action: "assignTeams", ids: [a.membership.id], teamNames: "team 007, Team 999" }, "active", cookie),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toEqual({ error: "employees:bulk.unknownTeams", values: { names: "Team 999" } });

    const done = await bulk(
      { action: "assignTeams", ids: [a.membership.id, b.membership.id], teamNames: "team 007, TEAM 012" },
      "active",
      cookie,
    );
    expect(toastOf(done)).toMatchObject({ key: "employees:bulk.result", values: { count: 2 } });

    const filtered = await list("?teamName=012", "active", cookie);
    expect(filtered.list.rows.map((r) => r.id).sort()).toEqual([a.membership.id, b.membership.id].sort());
    expect(filtered.list.rows[0].teams.sort()).toEqual(["Team 007", "Team 012"]);
    expect((await list("?teamName=050", "active", cookie)).list.total).toBe(0);
  });
});
