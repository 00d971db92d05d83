import { and, eq, inArray, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { emailOutbox, invitations, memberships } from "#db/schema";
import { action as usersApiAction } from "~/routes/api+/users";
import { action as listAction, loader as listLoader } from "~/routes/_app+/personnel+/users.$tab";
import { createAccount, createClusterFor, createUserWithMembership } from "../factories";
import { context, formRequest, getRequest, run } from "../support/http";
import { jsonOf } from "../support/remix-handler";
import { sessionCookieFor } from "../support/session";
import { employeeAction, employeeLoader } from "../support/detail-tabs";

let accountId: string;
let clusterId: string;
let hrCookie: string;
let hrMembershipId: string;
let otherCookie: string;

beforeAll(async () => {
  const db = getDb();
  accountId = (await createAccount(db)).id;
  clusterId = (await createClusterFor(db, accountId)).id;
  const hr = await createUserWithMembership(db, { accountId, clusterId, roles: [{ role: "cluster_admin" }] });
  hrMembershipId = hr.membership.id;
  hrCookie = (await sessionCookieFor({ userId: hr.user.id, accountId, clusterId })).cookie;
  const otherAccountId = (await createAccount(db)).id;
  const otherClusterId = (await createClusterFor(db, otherAccountId)).id;
  const other = await createUserWithMembership(db, {
    accountId: otherAccountId,
    clusterId: otherClusterId,
    roles: [{ role: "cluster_admin" }],
  });
  otherCookie = (
    await sessionCookieFor({ userId: other.user.id, accountId: otherAccountId, clusterId: otherClusterId })
  ).cookie;
});

function bulk(fields: Record<string, string | string[]>, cookie = hrCookie, tab = "active") {
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

function api(body: unknown, cookie = hrCookie) {
  return usersApiAction({
    request: new Request("http://localhost/api/users", {
      method: "PUT",
      headers: { "Content-Type": "application/json", Cookie: cookie },
      body: JSON.stringify(body),
    }),
    context: context(),
    params: {},
  });
}

async function membershipOf(id: string) {
  const [m] = await getDb().select().from(memberships).where(eq(memberships.id, id));
  return m;
}

async function openInvitations(ids: string[]) {
  return getDb()
    .select()
    .from(invitations)
    .where(and(inArray(invitations.membershipId, ids), isNull(invitations.voidedAt)));
}

describe("bulk invite and uninvite (invitation service)", () => {
  it("invites: sets access and invited, stores an invitation and queues the e-mail in the invitee's language", async () => {
    const de = await createUserWithMembership(getDb(), { accountId, clusterId, access: false, language: "de" });
    const nl = await createUserWithMembership(getDb(), { accountId, clusterId, access: false });
    const res = await bulk({ action: "invite", ids: [de.membership.id, nl.membership.id] });
    expect(toastOf(res)).toMatchObject({ key: "employees:bulk.result", values: { count: 2 } });
    expect(await membershipOf(de.membership.id)).toMatchObject({ access: true, invited: true });
    expect(await openInvitations([de.membership.id, nl.membership.id])).toHaveLength(2);
    const [mail] = await getDb()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, de.user.email), eq(emailOutbox.template, "invitation")));
    expect(mail.locale).toBe("de");
    const [nlMail] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.toAddress, nl.user.email));
    expect(nlMail.locale).toBe("nl");

    const invitedTab = (await listLoader({
      request: getRequest("/personnel/users/invited", hrCookie),
      context: context(),
      params: { tab: "invited" },
    })) as { list: { rows: { id: string }[] }; invitations: Record<string, string> };
    expect(invitedTab.list.rows.map((r) => r.id)).toEqual(expect.arrayContaining([de.membership.id, nl.membership.id]));
    expect(invitedTab.invitations[de.membership.id]).toBe("pending");

    const again = await bulk({ action: "invite", ids: [de.membership.id] });
    expect(toastOf(again)).toMatchObject({ key: "employees:bulk.result", values: { count: 1 } });
    expect(await openInvitations([de.membership.id])).toHaveLength(1);
  });

  it("uninvites: clears access and invited and voids the link; nothing selected that changes → the spec's message", async () => {
    const a = await createUserWithMembership(getDb(), { accountId, clusterId, access: false });
    await bulk({ action: "invite", ids: [a.membership.id] });
    const res = await bulk({ action: "uninvite", ids: [a.membership.id, hrMembershipId] }, hrCookie, "invited");
    expect(toastOf(res)).toMatchObject({ key: "employees:bulk.resultWithSkipped", values: { count: 1 } });
    expect(await membershipOf(a.membership.id)).toMatchObject({ access: false, invited: false });
    expect(await openInvitations([a.membership.id])).toHaveLength(0);
    expect(await membershipOf(hrMembershipId)).toMatchObject({ access: true });
    const none = await bulk({ action: "uninvite", ids: [hrMembershipId] });
    expect(toastOf(none)).toMatchObject({ type: "error", key: "employees:bulk.errors.noUserUpdated" });
  });

  it("PUT /api/users runs invite and uninvite", async () => {
    const a = await createUserWithMembership(getDb(), { accountId, clusterId, access: false });
    const invited = await jsonOf(await api({ action: "invite", users: [a.membership.id] }));
    expect(invited.status).toBe(200);
    expect(invited.data).toMatchObject({ changed: 1 });
    expect(await openInvitations([a.membership.id])).toHaveLength(1);
    const uninvited = await jsonOf(await api({ action: "uninvite", users: [a.membership.id] }));
    expect(uninvited.data).toMatchObject({ changed: 1 });
    expect(await membershipOf(a.membership.id)).toMatchObject({ access: false, invited: false });
  });

  it("the employee page shows the state and invites and uninvites", async () => {
    const a = await createUserWithMembership(getDb(), { accountId, clusterId, access: false });
    const path = `/personnel/user/${a.membership.id}/details`;
    const load = () =>
      employeeLoader({
        request: getRequest(path, hrCookie),
        context: context(),
        params: { id: a.membership.id, tab: "details" },
      }) as Promise<{ invitation: string }>;
    expect((await load()).invitation).toBe("none");
    const post = (intent: string) =>
      run(() =>
        employeeAction({
          request: formRequest(path, { intent }, hrCookie),
          context: context(),
          params: { id: a.membership.id, tab: "details" },
        }),
      );
    expect(toastOf(await post("invite")).key).toBe("employees:invitation.sent");
    expect((await load()).invitation).toBe("pending");
    await getDb()
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.membershipId, a.membership.id));
    expect((await load()).invitation).toBe("expired");
    expect(toastOf(await post("uninvite")).key).toBe("employees:invitation.revoked");
    expect((await load()).invitation).toBe("none");
  });

  it("ids of another account change nothing (form, API and employee page)", async () => {
    const a = await createUserWithMembership(getDb(), { accountId, clusterId, access: false });
    const res = await bulk({ action: "invite", ids: [a.membership.id] }, otherCookie);
    expect(toastOf(res)).toMatchObject({ type: "error", key: "employees:bulk.errors.noUserUpdated" });
    const viaApi = await jsonOf(await api({ action: "invite", users: [a.membership.id] }, otherCookie));
    expect(viaApi.status).toBe(422);
    const page = (await run(() =>
      employeeAction({
        request: formRequest(`/personnel/user/${a.membership.id}/details`, { intent: "invite" }, otherCookie),
        context: context(),
        params: { id: a.membership.id, tab: "details" },
      }),
    )) as Response;
    expect(page.status).toBe(404);
    expect(await membershipOf(a.membership.id)).toMatchObject({ access: false, invited: false });
    expect(await openInvitations([a.membership.id])).toHaveLength(0);
    const mails = await getDb().select().from(emailOutbox).where(eq(emailOutbox.toAddress, a.user.email));
    expect(mails).toHaveLength(0);
  });
});
