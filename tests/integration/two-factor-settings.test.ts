import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { accountSecuritySettings, userTwoFactor } from "#db/schema";
import { DEMO_PASSWORD } from "../../seed/demo-data";
import { action as settingsAction, loader as settingsLoader } from "~/routes/_app+/account+/settings";
import { action as profileAction, loader as profileLoader } from "~/routes/_app+/my+/profile.$tab";
import { action as setupAction, loader as setupLoader } from "~/routes/_public+/2fa.setup";
import { moduleKeys, type ModuleKey } from "~/utils/modules";
import { createAccount, createClusterFor, createUserWithMembership } from "../factories";
import { context, formRequest, getRequest, run, unwrapData } from "../support/http";
import { sessionCookieFor } from "../support/session";

async function personOf(options: { modules?: readonly ModuleKey[]; admin?: boolean } = {}) {
  const account = await createAccount(getDb(), { modules: options.modules ?? moduleKeys });
  const cluster = await createClusterFor(getDb(), account.id);
  const { user } = await createUserWithMembership(getDb(), {
    accountId: account.id,
    clusterId: cluster.id,
    isAccountAdmin: options.admin ?? false,
  });
  const { cookie } = await sessionCookieFor({ userId: user.id, accountId: account.id, clusterId: cluster.id });
  return { user, accountId: account.id, cookie };
}

const withoutModule = moduleKeys.filter((m) => m !== "2fa");

async function requiredOf(accountId: string) {
  const [row] = await getDb()
    .select()
    .from(accountSecuritySettings)
    .where(eq(accountSecuritySettings.accountId, accountId));
  return row?.requireTwoFactorForAdmins ?? false;
}

function settingsPost(fields: Record<string, string>, cookie: string) {
  return run(() =>
    settingsAction({ request: formRequest("/account/settings", fields, cookie), context: context(), params: {} }),
  );
}

function profilePost(fields: Record<string, string>, cookie: string, ip?: string) {
  return run(() =>
    profileAction({
      request: formRequest("/my/profile/two-factor", fields, cookie),
      context: context(ip),
      params: { tab: "two-factor" },
    }),
  );
}

async function profileState(cookie: string) {
  const page = (await profileLoader({
    request: getRequest("/my/profile/two-factor", cookie),
    context: context(),
    params: { tab: "two-factor" },
  })) as { twoFactor: { moduleActive: boolean; enabled: boolean; required: boolean } };
  return page.twoFactor;
}

async function enableVia2faSetup(cookie: string) {
  const res = (await profilePost({ intent: "enable" }, cookie)) as Response;
  expect(res.headers.get("Location")).toBe("/2fa/setup");
  const pending = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const page = unwrapData(
    await setupLoader({ request: getRequest("/2fa/setup", pending), context: context(), params: {} }),
  ).data as { secret: string };
  const code = await generate({ secret: page.secret, epoch: Math.floor(Date.now() / 1000) });
  const done = unwrapData(
    await run(() =>
      setupAction({ request: formRequest("/2fa/setup", { code }, pending), context: context(), params: {} }),
    ),
  );
  expect(done.data).toMatchObject({ done: { target: "/my/profile/two-factor" } });
}

describe("account settings: require 2FA for admins", () => {
  it("an account admin switches it on and off; the page says when module 2fa is not active", async () => {
    const admin = await personOf({ admin: true });
    const page = (await settingsLoader({
      request: getRequest("/account/settings", admin.cookie),
      context: context(),
      params: {},
    })) as { twoFactor: { moduleActive: boolean; requiredForAdmins: boolean } };
    expect(page.twoFactor).toEqual({ moduleActive: true, requiredForAdmins: false });
    const on = (await settingsPost({ intent: "twoFactor", requireTwoFactorForAdmins: "on" }, admin.cookie)) as Response;
    expect(on.status).toBe(302);
    expect(await requiredOf(admin.accountId)).toBe(true);
    await settingsPost({ intent: "twoFactor" }, admin.cookie);
    expect(await requiredOf(admin.accountId)).toBe(false);

    const noModule = await personOf({ admin: true, modules: withoutModule });
    const other = (await settingsLoader({
      request: getRequest("/account/settings", noModule.cookie),
      context: context(),
      params: {},
    })) as { twoFactor: { moduleActive: boolean } };
    expect(other.twoFactor.moduleActive).toBe(false);
    // Each account has its own setting.
    await settingsPost({ intent: "twoFactor", requireTwoFactorForAdmins: "on" }, noModule.cookie);
    expect(await requiredOf(noModule.accountId)).toBe(true);
    expect(await requiredOf(admin.accountId)).toBe(false);
  });

  it("someone without account.admin cannot change it", async () => {
    const employee = await personOf();
    const res = (await settingsPost(
      { intent: "twoFactor", requireTwoFactorForAdmins: "on" },
      employee.cookie,
    )) as Response;
    // The spec's guard: back to the dashboard with the "no access" message.
    expect(res.headers.get("Location")).toBe("/dashboard");
    expect(await requiredOf(employee.accountId)).toBe(false);
  });
});

describe("my profile: two-step verification", () => {
  it("turns on through /2fa/setup and off with the password", async () => {
    const person = await personOf();
    expect(await profileState(person.cookie)).toEqual({ moduleActive: true, enabled: false, required: false });
    await enableVia2faSetup(person.cookie);
    expect((await profileState(person.cookie)).enabled).toBe(true);

    const wrong = unwrapData(await profilePost({ intent: "disable", currentPassword: "Verkeerd-1!" }, person.cookie));
    expect(wrong.status).toBe(400);
    expect((wrong.data as { error: Record<string, string[]> }).error.currentPassword).toEqual([
      "validation:password.currentWrong",
    ]);
    const empty = unwrapData(await profilePost({ intent: "disable" }, person.cookie));
    expect(empty.status).toBe(400);

    const ok = (await profilePost({ intent: "disable", currentPassword: DEMO_PASSWORD }, person.cookie)) as Response;
    expect(ok.headers.get("Location")).toBe("/my/profile/two-factor");
    expect(await getDb().select().from(userTwoFactor).where(eq(userTwoFactor.userId, person.user.id))).toEqual([]);
    expect((await profileState(person.cookie)).enabled).toBe(false);
  });

  it("cannot be turned off when the account requires it for the user's role", async () => {
    const admin = await personOf({ admin: true });
    await settingsPost({ intent: "twoFactor", requireTwoFactorForAdmins: "on" }, admin.cookie);
    await enableVia2faSetup(admin.cookie);
    expect(await profileState(admin.cookie)).toEqual({ moduleActive: true, enabled: true, required: true });
    const res = unwrapData(await profilePost({ intent: "disable", currentPassword: DEMO_PASSWORD }, admin.cookie));
    expect(res.status).toBe(400);
    expect((res.data as { error: Record<string, string[]> }).error[""]).toEqual(["profile:twoFactor.requiredError"]);
    expect(await getDb().select().from(userTwoFactor).where(eq(userTwoFactor.userId, admin.user.id))).toHaveLength(1);
  });

  it("without module 2fa there is nothing to turn on", async () => {
    const person = await personOf({ modules: withoutModule });
    expect((await profileState(person.cookie)).moduleActive).toBe(false);
    const res = (await profilePost({ intent: "enable" }, person.cookie)) as Response;
    expect(res.headers.get("Location")).toBe("/my/profile/two-factor");
    expect(res.headers.get("Set-Cookie")).toBeNull();
  });

  it("limits wrong passwords like a sign-in: beyond five a minute even the right one is refused unchecked", async () => {
    const person = await personOf();
    await enableVia2faSetup(person.cookie);
    const ip = "198.51.100.83";
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = unwrapData(
        await profilePost({ intent: "disable", currentPassword: "Verkeerd-1!" }, person.cookie, ip),
      );
      expect(wrong.status).toBe(400);
    }
    const limited = unwrapData(
      await profilePost({ intent: "disable", currentPassword: DEMO_PASSWORD }, person.cookie, ip),
    );
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((limited.data as { error: Record<string, string[]> }).error[""]).toEqual(["auth:login.tooManyAttempts"]);
    expect(await getDb().select().from(userTwoFactor).where(eq(userTwoFactor.userId, person.user.id))).toHaveLength(1);
  });
});
