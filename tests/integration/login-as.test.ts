import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { auditEvents, sessions, userTokens, users } from "#db/schema";
import { createLoginAsToken } from "~/features/auth/login-as.server";
import { loader as layoutLoader } from "~/routes/_app+/_layout";
import { action as loginAsAction } from "~/routes/_public+/login-as";
import { action as stopAction } from "~/routes/resources+/login-as-stop";
import { createAccount, createClusterFor, createUserWithMembership } from "../factories";
import { BASE, context, cookieFrom, getRequest, run, unwrapData } from "../support/http";
import { sessionCookieFor } from "../support/session";

async function people() {
  const adminAccount = await createAccount(getDb());
  const adminCluster = await createClusterFor(getDb(), adminAccount.id);
  const admin = await createUserWithMembership(getDb(), { accountId: adminAccount.id, clusterId: adminCluster.id });
  await getDb().update(users).set({ isSystemAdmin: true }).where(eq(users.id, admin.user.id));
  const account = await createAccount(getDb());
  const cluster = await createClusterFor(getDb(), account.id);
  const target = await createUserWithMembership(getDb(), { accountId: account.id, clusterId: cluster.id });
  const adminSession = await sessionCookieFor({
    userId: admin.user.id,
    accountId: adminAccount.id,
    clusterId: adminCluster.id,
  });
  return { admin: admin.user, target: target.user, adminSession };
}

function post(token: string, options: { origin?: string | null; cookie?: string } = {}) {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  if (options.origin !== null) headers.set("Origin", options.origin ?? BASE);
  if (options.cookie) headers.set("Cookie", options.cookie);
  const request = new Request(`${BASE}/login-as`, { method: "POST", headers, body: new URLSearchParams({ token }) });
  return run(() => loginAsAction({ request, context: context(), params: {} }));
}

describe("login-as", () => {
  it("only a system admin gets a token", async () => {
    const { target } = await people();
    await expect(
      createLoginAsToken({ user: { id: target.id, isSystemAdmin: false } }, target.id),
    ).rejects.toBeInstanceOf(Response);
  });

  it("a one-time token starts an audited session as the user, with a banner and a way back", async () => {
    const { admin, target, adminSession } = await people();
    const created = await createLoginAsToken({ user: { id: admin.id, isSystemAdmin: true } }, target.id);
    const token = new URL(BASE + created!.path).searchParams.get("token")!;

    expect(((await run(() => post(token, { origin: "https://evil.example" }))) as Response).status).toBe(403);
    expect(((await run(() => post(token, { origin: null }))) as Response).status).toBe(403);

    const res = (await post(token, { cookie: adminSession.cookie })) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard");
    const cookie = cookieFrom(res);
    const [session] = await getDb().select().from(sessions).where(eq(sessions.userId, target.id));
    expect(
      (await layoutLoader({ request: getRequest("/dashboard", cookie), context: context(), params: {} })).impersonation,
    ).toEqual({
      impersonatorName: `${admin.firstName} ${admin.lastName}`,
    });
    const [audit] = await getDb()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, target.id), eq(auditEvents.action, "loginAs.start")));
    expect(audit.actorUserId).toBe(admin.id);
    expect(audit.accountId).toBe(target.accountId);

    // Used once.
    expect(unwrapData(await post(token)).status).toBe(400);

    // Back: the login-as session ends, the admin's own session is current again.
    const stopRequest = new Request(`${BASE}/resources/login-as-stop`, { method: "POST", headers: { Cookie: cookie } });
    const back = (await run(() => stopAction({ request: stopRequest, context: context(), params: {} }))) as Response;
    expect(back.headers.get("Location")).toBe("/dashboard");
    expect(cookieFrom(back)).toBe(adminSession.cookie);
    expect(await getDb().select().from(sessions).where(eq(sessions.id, session.id))).toEqual([]);
    const stops = await getDb()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, target.id), eq(auditEvents.action, "loginAs.stop")));
    expect(stops).toHaveLength(1);
  });

  it("an expired token is refused; a trusted admin origin may hand one over", async () => {
    const { admin, target } = await people();
    const ctx = { user: { id: admin.id, isSystemAdmin: true } };
    const first = new URL(BASE + (await createLoginAsToken(ctx, target.id))!.path).searchParams.get("token")!;
    await getDb()
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(userTokens.userId, target.id), eq(userTokens.purpose, "login-as")));
    expect(unwrapData(await post(first)).status).toBe(400);
    const second = new URL(BASE + (await createLoginAsToken(ctx, target.id))!.path).searchParams.get("token")!;
    expect(((await post(second, { origin: "http://localhost:8081" })) as Response).status).toBe(302);
  });
});
