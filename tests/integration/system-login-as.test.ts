import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { auditEvents, sessionImpersonations, sessions, users } from "#db/schema";
import { loader as layoutLoader } from "~/routes/_app+/_layout";
import { action as pickAction, loader as pickLoader } from "~/routes/_app+/system+/login-as";
import { action as stopAction } from "~/routes/resources+/login-as-stop";
import { createAccount, createClusterFor, createUserWithMembership } from "../factories";
import { BASE, context, cookieFrom, formRequest, getRequest, run } from "../support/http";
import { sessionCookieFor } from "../support/session";

type Listing = { users: { id: string; name: string; email: string; account: string }[]; total: number; q: string };

const stamp = `${Date.now()}`;
let admin: { id: string; firstName: string; lastName: string };
let adminCookie: string;
let adminSessionId: string;
let employeeCookie: string;
const targets: { id: string; email: string; accountName: string }[] = [];

beforeAll(async () => {
  const db = getDb();
  const home = await createAccount(db, { name: `Beheer ${stamp}` });
  const homeCluster = await createClusterFor(db, home.id);
  const a = await createUserWithMembership(db, { accountId: home.id, clusterId: homeCluster.id, firstName: "Sam" });
  await db.update(users).set({ isSystemAdmin: true }).where(eq(users.id, a.user.id));
  admin = a.user;
  ({ cookie: adminCookie, sessionId: adminSessionId } = await sessionCookieFor({
    userId: a.user.id,
    accountId: home.id,
    clusterId: homeCluster.id,
  }));
  const employee = await createUserWithMembership(db, { accountId: home.id, clusterId: homeCluster.id });
  employeeCookie = (await sessionCookieFor({ userId: employee.user.id, accountId: home.id, clusterId: homeCluster.id }))
    .cookie;
  // Users in two other accounts that share a searchable name part.
  for (const [i, name] of [`Klant A ${stamp}`, `Klant B ${stamp}`].entries()) {
    const account = await createAccount(db, { name });
    const cluster = await createClusterFor(db, account.id);
    for (let n = 0; n < 14; n++) {
      const { user } = await createUserWithMembership(db, {
        accountId: account.id,
        clusterId: cluster.id,
        email: `zoek-${stamp}-${i}-${String(n).padStart(2, "0")}@klant.test`,
        lastName: `Zoekbaar${stamp}`,
      });
      targets.push({ id: user.id, email: user.email, accountName: name });
    }
  }
});

function list(query: string, cookie = adminCookie) {
  return run(() =>
    pickLoader({ request: getRequest(`/system/login-as${query}`, cookie), context: context(), params: {} }),
  );
}

describe("the system admin's login-as picker", () => {
  it("is for system admins only: anyone else goes to /dashboard", async () => {
    const res = (await list("", employeeCookie)) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard");
    const post = (await run(() =>
      pickAction({
        request: formRequest("/system/login-as", { userId: targets[0].id }, employeeCookie),
        context: context(),
        params: {},
      }),
    )) as Response;
    expect(post.headers.get("Location")).toBe("/dashboard");
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, targets[0].id))).toEqual([]);
  });

  it("searches users of every account by e-mail or name, 25 a page, never the admin", async () => {
    const first = (await list(`?q=zoek-${stamp}`)) as Listing;
    expect(first.total).toBe(28);
    expect(first.users).toHaveLength(25);
    expect(first.users[0]).toMatchObject({ email: targets[0].email, account: targets[0].accountName });
    expect(new Set(first.users.map((u) => u.account))).toEqual(new Set([`Klant A ${stamp}`, `Klant B ${stamp}`]));
    const second = (await list(`?q=zoek-${stamp}&page=2`)) as Listing;
    expect(second.users.map((u) => u.email)).toEqual(targets.slice(25).map((t) => t.email));

    const byName = (await list(`?q=${encodeURIComponent(`Zoekbaar${stamp}`)}`)) as Listing;
    expect(byName.total).toBe(28);
    // LIKE wildcards are taken literally.
    expect(((await list("?q=%25")) as Listing).users.every((u) => u.email.includes("%"))).toBe(true);
    const self = (await list("?q=Sam")) as Listing;
    expect(self.users.map((u) => u.id)).not.toContain(admin.id);
  });

  it("'Inloggen als' starts an audited login-as session with a way back to the admin's own session", async () => {
    const target = targets[3];
    const res = (await run(() =>
      pickAction({
        request: formRequest("/system/login-as?q=zoek", { userId: target.id }, adminCookie),
        context: context(),
        params: {},
      }),
    )) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard");
    const cookie = cookieFrom(res);
    const [session] = await getDb().select().from(sessions).where(eq(sessions.userId, target.id));
    expect(
      (await layoutLoader({ request: getRequest("/dashboard", cookie), context: context(), params: {} })).impersonation,
    ).toEqual({ impersonatorName: `Sam ${admin.lastName}` });
    const [impersonation] = await getDb()
      .select()
      .from(sessionImpersonations)
      .where(eq(sessionImpersonations.sessionId, session.id));
    expect(impersonation.returnSessionId).toBe(adminSessionId);
    const audit = await getDb()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, target.id), eq(auditEvents.action, "loginAs.start")));
    expect(audit).toHaveLength(1);
    expect(audit[0].actorUserId).toBe(admin.id);

    // The banner's button ends it and returns to the admin's session.
    const stop = (await run(() =>
      stopAction({
        request: new Request(`${BASE}/resources/login-as-stop`, {
          method: "POST",
          headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
          body: "",
        }),
        context: context(),
        params: {},
      }),
    )) as Response;
    expect(stop.status).toBe(302);
    expect(cookieFrom(stop)).toBe(adminCookie);
  });

  it("an unknown or malformed user id, or the admin themself, gives an error message and no session", async () => {
    for (const userId of ["00000000-0000-4000-8000-000000000000", "geen-id", admin.id]) {
      const res = (await run(() =>
        pickAction({
          request: formRequest("/system/login-as?q=x", { userId }, adminCookie),
          context: context(),
          params: {},
        }),
      )) as Response;
      expect(res.headers.get("Location")).toBe("/system/login-as?q=x");
      expect(res.headers.get("Set-Cookie")).toMatch(/^toast=/);
    }
  });
});
