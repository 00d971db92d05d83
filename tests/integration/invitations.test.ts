import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { auditEvents, emailOutbox, invitations, memberships, sessions, users } from "#db/schema";
import { verifyLogin } from "~/features/auth/login.server";
import {
  inviteMemberships,
  sendInvitationReminders,
  uninviteMemberships,
  type InviterContext,
} from "~/features/invitations/invitation-send.server";
import { invitationStatusOf } from "~/features/invitations/invitation-status.server";
import { action as acceptAction, loader as acceptLoader } from "~/routes/_public+/invitation.$token";
import { createAccount, createClusterFor, createUserWithMembership } from "../factories";
import { context, formRequest, getRequest, run, unwrapData } from "../support/http";

let hr: InviterContext;
let other: InviterContext;

beforeAll(async () => {
  const account = await createAccount(getDb());
  const cluster = await createClusterFor(getDb(), account.id);
  const admin = await createUserWithMembership(getDb(), { accountId: account.id, clusterId: cluster.id });
  hr = { accountId: account.id, clusterId: cluster.id, user: { id: admin.user.id } };
  const otherAccount = await createAccount(getDb());
  const otherCluster = await createClusterFor(getDb(), otherAccount.id);
  const otherAdmin = await createUserWithMembership(getDb(), {
    accountId: otherAccount.id,
    clusterId: otherCluster.id,
  });
  other = { accountId: otherAccount.id, clusterId: otherCluster.id, user: { id: otherAdmin.user.id } };
});

async function newEmployee(language: "nl" | "en" | "de" = "nl") {
  return createUserWithMembership(getDb(), {
    accountId: hr.accountId,
    clusterId: hr.clusterId,
    password: null,
    verified: false,
    access: false,
    language,
  });
}

async function invitationPath(email: string, template = "invitation") {
  const [mail] = await getDb()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, template)))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  return mail ? { path: (mail.props as { path: string }).path, locale: mail.locale } : null;
}

function accept(token: string, password = "Nieuwe-Collega-1") {
  return run(() =>
    acceptAction({
      request: formRequest(`/invitation/${token}`, { password, passwordConfirmation: password }),
      context: context(),
      params: { token },
    }),
  );
}

function load(token: string) {
  return run(() =>
    acceptLoader({ request: getRequest(`/invitation/${token}`), context: context(), params: { token } }),
  );
}

describe("inviting", () => {
  it("sets access and invited, sends the mail in the invitee's language and shows pending", async () => {
    const e = await newEmployee("de");
    const result = await inviteMemberships(hr, [e.membership.id]);
    expect(result).toEqual({ invited: [e.membership.id], skipped: [] });
    const [m] = await getDb().select().from(memberships).where(eq(memberships.id, e.membership.id));
    expect(m.access).toBe(true);
    expect(m.invited).toBe(true);
    const mail = await invitationPath(e.user.email);
    expect(mail?.locale).toBe("de");
    expect(mail?.path).toMatch(/^\/invitation\/[A-Za-z0-9_-]{43}$/);
    expect((await invitationStatusOf(hr, [e.membership.id])).get(e.membership.id)).toBe("pending");
    const audit = await getDb()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, e.membership.id), eq(auditEvents.action, "invitation.send")));
    expect(audit).toHaveLength(1);
  });

  it("skips ids of another account and garbage, and another account sees no status", async () => {
    const e = await newEmployee();
    const result = await inviteMemberships(other, [e.membership.id, "nonsense"]);
    expect(result.invited).toEqual([]);
    expect(result.skipped).toEqual([e.membership.id, "nonsense"]);
    expect(await invitationPath(e.user.email)).toBeNull();
    await inviteMemberships(hr, [e.membership.id]);
    expect((await invitationStatusOf(other, [e.membership.id])).size).toBe(0);
    expect((await uninviteMemberships(other, [e.membership.id])).uninvited).toEqual([]);
    const [m] = await getDb().select().from(memberships).where(eq(memberships.id, e.membership.id));
    expect(m.invited).toBe(true);
  });

  it("uninvite clears access and invited and voids the link", async () => {
    const e = await newEmployee();
    await inviteMemberships(hr, [e.membership.id]);
    const token = (await invitationPath(e.user.email))!.path.split("/")[2];
    expect((await uninviteMemberships(hr, [e.membership.id])).uninvited).toEqual([e.membership.id]);
    const [m] = await getDb().select().from(memberships).where(eq(memberships.id, e.membership.id));
    expect(m.access).toBe(false);
    expect(m.invited).toBe(false);
    expect((await invitationStatusOf(hr, [e.membership.id])).size).toBe(0);
    const res = unwrapData(await accept(token));
    expect(res.status).toBe(410);
    expect((res.data as { error: Record<string, string[]> }).error[""]).toEqual(["signup:invitation.invalid"]);
  });

  it("re-inviting voids the earlier link", async () => {
    const e = await newEmployee();
    await inviteMemberships(hr, [e.membership.id]);
    const first = (await invitationPath(e.user.email))!.path.split("/")[2];
    await inviteMemberships(hr, [e.membership.id]);
    const second = (await invitationPath(e.user.email))!.path.split("/")[2];
    expect(second).not.toBe(first);
    expect(unwrapData(await load(first)).status).toBe(410);
    expect(unwrapData(await load(second)).status).toBe(200);
  });
});

describe("accepting", () => {
  it("sets the password, verifies, signs in and lands on the introduction; the link works once", async () => {
    const e = await newEmployee();
    await inviteMemberships(hr, [e.membership.id]);
    const token = (await invitationPath(e.user.email))!.path.split("/")[2];
    const page = unwrapData(await load(token));
    expect((page.data as { invitation: { status: string; email: string } }).invitation).toMatchObject({
      status: "valid",
      email: e.user.email,
    });

    const weak = unwrapData(await accept(token, "zwak"));
    expect(weak.status).toBe(400);

    const res = (await accept(token)) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard/introduction");
    expect(res.headers.get("Set-Cookie")).toMatch(/^session=/);
    const [u] = await getDb().select().from(users).where(eq(users.id, e.user.id));
    expect(u.emailVerifiedAt).not.toBeNull();
    expect(u.firstLoginAt).not.toBeNull();
    expect((await verifyLogin(e.user.email, "Nieuwe-Collega-1")).ok).toBe(true);
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, e.user.id))).toHaveLength(1);
    expect((await invitationStatusOf(hr, [e.membership.id])).get(e.membership.id)).toBe("accepted");
    const audit = await getDb()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, e.membership.id), eq(auditEvents.action, "invitation.accept")));
    expect(audit).toHaveLength(1);

    expect(unwrapData(await accept(token, "Nog-Een-Poging-2")).status).toBe(410);
    expect((await verifyLogin(e.user.email, "Nog-Een-Poging-2")).ok).toBe(false);
  });

  it("an expired link shows the spec's message and is 'expired' to HR", async () => {
    const e = await newEmployee();
    await inviteMemberships(hr, [e.membership.id]);
    const token = (await invitationPath(e.user.email))!.path.split("/")[2];
    await getDb()
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.membershipId, e.membership.id));
    const page = unwrapData(await load(token));
    expect(page.status).toBe(410);
    expect((page.data as { invitation: { status: string } }).invitation.status).toBe("expired");
    const res = unwrapData(await accept(token));
    expect((res.data as { error: Record<string, string[]> }).error[""]).toEqual(["signup:invitation.expired"]);
    expect((await invitationStatusOf(hr, [e.membership.id])).get(e.membership.id)).toBe("expired");
  });

  it("the expiry is configurable (INVITATION_EXPIRY_DAYS)", async () => {
    process.env.INVITATION_EXPIRY_DAYS = "2";
    try {
      const e = await newEmployee();
      await inviteMemberships(hr, [e.membership.id]);
      const [row] = await getDb().select().from(invitations).where(eq(invitations.membershipId, e.membership.id));
      const days = (row.expiresAt.getTime() - row.createdAt.getTime()) / 86_400_000;
      expect(days).toBeGreaterThan(1.99);
      expect(days).toBeLessThan(2.01);
    } finally {
      delete process.env.INVITATION_EXPIRY_DAYS;
    }
  });
});

describe("reminder job", () => {
  it("re-sends a pending invitation once after 3 days, with a link that works as well as the first", async () => {
    const due = await newEmployee();
    const fresh = await newEmployee();
    const acceptedOne = await newEmployee();
    await inviteMemberships(hr, [due.membership.id, fresh.membership.id, acceptedOne.membership.id]);
    const acceptedToken = (await invitationPath(acceptedOne.user.email))!.path.split("/")[2];
    await accept(acceptedToken);
    const fourDaysAgo = new Date(Date.now() - 4 * 86_400_000);
    for (const e of [due, acceptedOne]) {
      await getDb()
        .update(invitations)
        .set({ createdAt: fourDaysAgo })
        .where(eq(invitations.membershipId, e.membership.id));
    }
    const firstToken = (await invitationPath(due.user.email))!.path.split("/")[2];

    expect(await sendInvitationReminders()).toBeGreaterThanOrEqual(1);
    const reminder = await invitationPath(due.user.email, "invitation-reminder");
    expect(reminder).not.toBeNull();
    expect(await invitationPath(fresh.user.email, "invitation-reminder")).toBeNull();
    expect(await invitationPath(acceptedOne.user.email, "invitation-reminder")).toBeNull();

    // Once only.
    await sendInvitationReminders();
    const reminders = await getDb()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, due.user.email), eq(emailOutbox.template, "invitation-reminder")));
    expect(reminders).toHaveLength(1);

    expect(unwrapData(await load(firstToken)).status).toBe(200);
    const reminderToken = reminder!.path.split("/")[2];
    expect(((await accept(reminderToken)) as Response).status).toBe(302);
    expect(unwrapData(await load(firstToken)).status).toBe(410);
  });
});
