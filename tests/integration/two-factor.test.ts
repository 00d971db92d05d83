import type { ActionFunctionArgs } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { accountSecuritySettings, auditEvents, sessions, userTwoFactor } from "#db/schema";
import { DEMO_PASSWORD } from "../../seed/demo-data";
import { setTwoFactorRequiredForAdmins } from "~/features/auth/two-factor.server";
import { action as loginAction } from "~/routes/_public+/login";
import { action as setupAction, loader as setupLoader } from "~/routes/_public+/2fa.setup";
import { action as verifyAction, loader as verifyLoader } from "~/routes/_public+/2fa.verify";
import type { ModuleKey } from "~/utils/modules";
import { moduleKeys } from "~/utils/modules";
import { createAccount, createClusterFor, createUserWithMembership } from "../factories";
import { context, formRequest, getRequest, run, unwrapData } from "../support/http";

async function adminOfAccount(options: { modules?: readonly ModuleKey[]; required?: boolean } = {}) {
  const account = await createAccount(getDb(), { modules: options.modules ?? moduleKeys });
  const cluster = await createClusterFor(getDb(), account.id);
  const { user } = await createUserWithMembership(getDb(), {
    accountId: account.id,
    clusterId: cluster.id,
    isAccountAdmin: true,
  });
  if (options.required ?? true) {
    await setTwoFactorRequiredForAdmins({ accountId: account.id, user: { id: user.id, isAccountAdmin: true } }, true);
  }
  return user;
}

function cookiePairs(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function login(email: string, ip = "203.0.113.50") {
  return (await run(() =>
    loginAction({
      request: formRequest("/login", { email, password: DEMO_PASSWORD }),
      context: context(ip),
      params: {},
    }),
  )) as Response;
}

function post(
  fn: (args: ActionFunctionArgs) => Promise<unknown>,
  path: string,
  code: string,
  cookie: string,
  ip = "203.0.113.50",
) {
  return run(() => fn({ request: formRequest(path, { code }, cookie), context: context(ip), params: {} }));
}

describe("two-factor sign-in", () => {
  it("without module 2fa, or when not required and not enabled, the password is enough", async () => {
    const noModule = await adminOfAccount({ modules: moduleKeys.filter((m) => m !== "2fa") });
    expect((await login(noModule.email)).headers.get("Location")).toBe("/dashboard/introduction");
    const notRequired = await adminOfAccount({ required: false });
    expect((await login(notRequired.email)).headers.get("Location")).toBe("/dashboard/introduction");
  });

  it("required: set-up with QR code, a code, recovery codes once; then verify with replay refused", async () => {
    const user = await adminOfAccount();
    const res = await login(user.email);
    expect(res.headers.get("Location")).toBe("/2fa/setup");
    const pending = cookiePairs(res);
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);

    // Without the pending cookie the step pages send to /login.
    const anonymous = (await run(() =>
      setupLoader({ request: getRequest("/2fa/setup"), context: context(), params: {} }),
    )) as Response;
    expect(anonymous.headers.get("Location")).toBe("/login");

    const page = unwrapData(
      await setupLoader({ request: getRequest("/2fa/setup", pending), context: context(), params: {} }),
    ).data as { secret: string; qrSvg: string };
    expect(page.qrSvg).toContain("<svg");
    expect(page.secret).toMatch(/^[A-Z2-7]{32}$/);
    const again = unwrapData(
      await setupLoader({ request: getRequest("/2fa/setup", pending), context: context(), params: {} }),
    ).data as { secret: string };
    expect(again.secret).toBe(page.secret);
    const [stored] = await getDb().select().from(userTwoFactor).where(eq(userTwoFactor.userId, user.id));
    expect(stored.secretEncrypted).not.toContain(page.secret);

    const wrong = unwrapData(await post(setupAction, "/2fa/setup", "000000", pending));
    expect(wrong.status).toBe(400);
    expect((wrong.data as { reply: { error: Record<string, string[]> } }).reply.error.code).toEqual([
      "signup:twoFactor.invalid",
    ]);

    const now = Math.floor(Date.now() / 1000);
    const code = await generate({ secret: page.secret, epoch: now });
    const done = unwrapData(await post(setupAction, "/2fa/setup", code, pending));
    expect(done.status).toBe(200);
    const { recoveryCodes, target } = (done.data as { done: { recoveryCodes: string[]; target: string } }).done;
    expect(recoveryCodes).toHaveLength(8);
    expect(target).toBe("/dashboard/introduction");
    expect(done.headers.getSetCookie().some((c) => c.startsWith("session="))).toBe(true);
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);

    // Next sign-in: verify. The code used at set-up is refused (no replay); a newer one works.
    const second = await login(user.email);
    expect(second.headers.get("Location")).toBe("/2fa/verify");
    const pending2 = cookiePairs(second);
    const verifyPage = await verifyLoader({
      request: getRequest("/2fa/verify", pending2),
      context: context(),
      params: {},
    });
    expect(verifyPage).toHaveProperty("title");
    const replay = unwrapData(await post(verifyAction, "/2fa/verify", code, pending2));
    expect(replay.status).toBe(400);
    const next = await generate({ secret: page.secret, epoch: now + 30 });
    const ok = (await post(verifyAction, "/2fa/verify", next, pending2)) as Response;
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/dashboard");

    // A recovery code works once.
    const third = cookiePairs(await login(user.email));
    const recovery = (await post(verifyAction, "/2fa/verify", recoveryCodes[0], third)) as Response;
    expect(recovery.status).toBe(302);
    const fourth = cookiePairs(await login(user.email));
    expect(unwrapData(await post(verifyAction, "/2fa/verify", recoveryCodes[0], fourth)).status).toBe(400);

    const audits = await getDb()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, user.id), eq(auditEvents.action, "twoFactor.verify")));
    expect(audits.map((a) => (a.data as { method: string }).method).sort()).toEqual(["recoveryCode", "totp"]);
    const enabled = await getDb()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, user.id), eq(auditEvents.action, "twoFactor.enable")));
    expect(enabled).toHaveLength(1);
  });

  it("limits wrong codes", async () => {
    const user = await adminOfAccount();
    const pending = cookiePairs(await login(user.email, "203.0.113.61"));
    await setupLoader({ request: getRequest("/2fa/setup", pending), context: context(), params: {} });
    for (let i = 0; i < 5; i++) {
      expect(unwrapData(await post(setupAction, "/2fa/setup", "123456", pending, "203.0.113.61")).status).toBe(400);
    }
    expect(unwrapData(await post(setupAction, "/2fa/setup", "123456", pending, "203.0.113.61")).status).toBe(429);
  });

  it("only account admins may require two-factor sign-in", async () => {
    const user = await adminOfAccount({ required: false });
    await expect(
      setTwoFactorRequiredForAdmins({ accountId: user.accountId, user: { id: user.id, isAccountAdmin: false } }, true),
    ).rejects.toBeInstanceOf(Response);
    expect(
      await getDb().select().from(accountSecuritySettings).where(eq(accountSecuritySettings.accountId, user.accountId)),
    ).toEqual([]);
  });
});
