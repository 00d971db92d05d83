import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { emailOutbox, sessions, users } from "#db/schema";
import { deliverEmail } from "~/features/email/outbox.server";
import { closeTransport } from "~/features/email/transport.server";
import { action as confirmAction, loader as confirmLoader } from "~/routes/_public+/confirm-email.$id.$hash";
import { createAccount, createClusterFor, createUserWithMembership, uniqueSuffix } from "../factories";
import { context, run, unwrapData } from "../support/http";
import { sessionCookieFor } from "../support/session";
import { employeeAction } from "../support/detail-tabs";
import { readMail, startSmtpCapture } from "../support/smtp";

/** The e-mail change round trip (issue 12 item 2) through a real SMTP server. */

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
const savedSmtpUrl = process.env.SMTP_URL;
let accountId: string;
let clusterId: string;
let hr: Awaited<ReturnType<typeof createUserWithMembership>>;
let hrCookie: string;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  process.env.SMTP_URL = smtp.url;
  accountId = (await createAccount(getDb())).id;
  clusterId = (await createClusterFor(getDb(), accountId)).id;
  hr = await createUserWithMembership(getDb(), { accountId, clusterId, roles: [{ role: "cluster_admin" }] });
  hrCookie = (await sessionCookieFor({ userId: hr.user.id, accountId, clusterId })).cookie;
});

afterAll(async () => {
  closeTransport();
  await smtp.close();
  if (savedSmtpUrl === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = savedSmtpUrl;
});

beforeEach(() => {
  smtp.messages.length = 0;
});

function details(
  target: { membership: { id: string }; user: typeof users.$inferSelect },
  email: string,
  cookie: string,
) {
  const fields = {
    intent: "details",
    firstName: target.user.firstName,
    lastName: target.user.lastName,
    email,
    language: target.user.language,
    loginType: target.user.loginType,
  };
  return run(() =>
    employeeAction({
      request: new Request(`http://localhost/personnel/user/${target.membership.id}/details`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
        body: new URLSearchParams(fields).toString(),
      }),
      context: context(),
      params: { id: target.membership.id, tab: "details" },
    }),
  );
}

/** Delivers the newest outbox row for an address over SMTP and returns the mail as received. */
async function deliverNewestTo(address: string) {
  const [row] = await getDb()
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, address))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  expect(row, `a mail to ${address}`).toBeDefined();
  await deliverEmail(row.id);
  const captured = smtp.messages.find((m) => m.envelopeTo.includes(address));
  expect(captured, `a mail delivered to ${address}`).toBeDefined();
  return readMail(captured!.raw);
}

function linkIn(text: string): { id: string; hash: string } {
  const match = /\/confirm-email\/([0-9a-f-]{36})\/([A-Za-z0-9_-]+)/.exec(text);
  expect(match, "a confirmation link").not.toBeNull();
  return { id: match![1], hash: match![2] };
}

function confirm(link: { id: string; hash: string }, cookie?: string) {
  return run(() =>
    confirmAction({
      request: new Request(`http://localhost/confirm-email/${link.id}/${link.hash}`, {
        method: "POST",
        headers: cookie ? { Cookie: cookie } : {},
      }),
      context: context(),
      params: link,
    }),
  );
}

async function emailOf(userId: string) {
  const [row] = await getDb().select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row.email;
}

describe("an e-mail change", () => {
  it("takes effect when the new address confirms: the old address is told and the sessions end", async () => {
    const target = await createUserWithMembership(getDb(), { accountId, clusterId, language: "en" });
    await sessionCookieFor({ userId: target.user.id, accountId, clusterId });
    await sessionCookieFor({ userId: target.user.id, accountId, clusterId });
    const newEmail = `nieuw-${uniqueSuffix()}@example.test`;

    expect(((await details(target, newEmail, hrCookie)) as Response).status).toBe(302);
    expect(await emailOf(target.user.id)).toBe(target.user.email);
    const mail = await deliverNewestTo(newEmail);
    expect(mail.subject).toBe("Confirm your new e-mail address");
    const link = linkIn(mail.text ?? "");

    // The link's GET only shows the button: a mail scanner does not use the token up.
    await confirmLoader({
      request: new Request(`http://localhost/confirm-email/${link.id}/${link.hash}`),
      context: context(),
      params: link,
    });
    expect(await emailOf(target.user.id)).toBe(target.user.email);

    const done = (await confirm(link)) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/login");
    expect(await emailOf(target.user.id)).toBe(newEmail);
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, target.user.id))).toHaveLength(0);

    const notice = await deliverNewestTo(target.user.email);
    expect(notice.subject).toBe("Your e-mail address has been changed");
    expect(notice.text).toContain(newEmail);

    // Used once only.
    expect(unwrapData(await confirm(link))).toMatchObject({ status: 400, data: { failed: "invalid" } });
  });

  it("a newer change voids the older link; a link to an address taken meanwhile changes nothing", async () => {
    const target = await createUserWithMembership(getDb(), { accountId, clusterId });
    const first = `eerste-${uniqueSuffix()}@example.test`;
    const second = `tweede-${uniqueSuffix()}@example.test`;
    await details(target, first, hrCookie);
    const firstLink = linkIn((await deliverNewestTo(first)).text ?? "");
    await details(target, second, hrCookie);
    const secondLink = linkIn((await deliverNewestTo(second)).text ?? "");
    expect(unwrapData(await confirm(firstLink))).toMatchObject({ status: 400, data: { failed: "invalid" } });

    await createUserWithMembership(getDb(), { accountId, clusterId, email: second });
    expect(unwrapData(await confirm(secondLink))).toMatchObject({ status: 400, data: { failed: "taken" } });
    expect(await emailOf(target.user.id)).toBe(target.user.email);
  });

  it("changing your own address keeps the session that confirms it and ends the others", async () => {
    const self = await createUserWithMembership(getDb(), { accountId, clusterId, roles: [{ role: "cluster_admin" }] });
    const mine = await sessionCookieFor({ userId: self.user.id, accountId, clusterId });
    const other = await sessionCookieFor({ userId: self.user.id, accountId, clusterId });
    const newEmail = `zelf-${uniqueSuffix()}@example.test`;
    expect(((await details(self, newEmail, mine.cookie)) as Response).status).toBe(302);
    const link = linkIn((await deliverNewestTo(newEmail)).text ?? "");
    expect(((await confirm(link, mine.cookie)) as Response).status).toBe(302);
    const left = await getDb().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, self.user.id));
    expect(left.map((s) => s.id)).toEqual([mine.sessionId]);
    expect(left.map((s) => s.id)).not.toContain(other.sessionId);
  });
});
