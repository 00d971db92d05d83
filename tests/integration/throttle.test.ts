import type { ActionFunctionArgs } from "@remix-run/node";
import { generate } from "otplib";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { DEMO_PASSWORD } from "../../seed/demo-data";
import { hitThrottle, throttleRules } from "~/features/auth/throttle.server";
import { setTwoFactorRequiredForAdmins } from "~/features/auth/two-factor.server";
import { action as setupAction, loader as setupLoader } from "~/routes/_public+/2fa.setup";
import { action as verifyAction } from "~/routes/_public+/2fa.verify";
import { action as confirmAction } from "~/routes/_public+/confirm.$id.$hash";
import { action as confirmEmailChangeAction } from "~/routes/_public+/confirm-email.$id.$hash";
import { action as invitationAction, loader as invitationLoader } from "~/routes/_public+/invitation.$token";
import { action as loginAction, loader as loginLoader } from "~/routes/_public+/login";
import { loader as ssoCallbackLoader } from "~/routes/auth.$provider.callback";
import { action as requestAction } from "~/routes/_public+/password-request";
import { action as resetAction } from "~/routes/_public+/password-reset.$code";
import { createAccount, createClusterFor, createUserWithMembership, uniqueSuffix } from "../factories";
import { context, formRequest, getRequest, run, unwrapData } from "../support/http";

let accountId: string;
let clusterId: string;
let ipCounter = 0;

beforeAll(async () => {
  accountId = (await createAccount(getDb())).id;
  clusterId = (await createClusterFor(getDb(), accountId)).id;
});

/** A fresh address per test, so one test's counters never touch another's. */
function freshIp(): string {
  ipCounter += 1;
  return `198.18.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}-${uniqueSuffix()}`;
}

async function newUser() {
  const { user } = await createUserWithMembership(getDb(), { accountId, clusterId });
  return user;
}

function login(email: string, password: string, ip: string) {
  return run(() =>
    loginAction({ request: formRequest("/login", { email, password }), context: context(ip), params: {} }),
  );
}

/** What the visitor got: a redirect (signed in), or the form again with its status and message. */
function outcome(result: unknown): { status: number; error?: string; retryAfter: number | null } {
  if (result instanceof Response) return { status: result.status, retryAfter: null };
  const { data, status, headers } = unwrapData(result);
  const reply = data as { error?: Record<string, string[] | null> };
  const error = reply.error?.[""]?.[0] ?? reply.error?.code?.[0];
  const retryAfter = headers.get("Retry-After");
  return { status, error, retryAfter: retryAfter === null ? null : Number(retryAfter) };
}

function tally(results: { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of results) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe("password sign-in throttle under parallel attempts", () => {
  it("of 15 parallel wrong passwords for one e-mail from one IP, exactly 5 are checked; the rest get 429 with Retry-After", async () => {
    const user = await newUser();
    const ip = freshIp();
    const results = (await Promise.all(Array.from({ length: 15 }, () => login(user.email, "Verkeerd!2026", ip)))).map(
      outcome,
    );
    expect(tally(results)).toEqual({ 400: 5, 429: 10 });
    for (const refused of results.filter((r) => r.status === 429)) {
      expect(refused.error).toBe("auth:login.tooManyAttempts");
      expect(refused.retryAfter).toBeGreaterThan(0);
      expect(refused.retryAfter).toBeLessThanOrEqual(throttleRules.loginPair.windowSeconds);
    }
    for (const checked of results.filter((r) => r.status === 400)) expect(checked.error).toBe("auth:login.failed");
  });

  it("refuses the correct password on attempt limit+1, even when the wrong ones arrived in parallel", async () => {
    const user = await newUser();
    const ip = freshIp();
    await Promise.all(
      Array.from({ length: throttleRules.loginPair.limit }, () => login(user.email, "Verkeerd!2026", ip)),
    );
    const sixth = outcome(await login(user.email, DEMO_PASSWORD, ip));
    expect(sixth).toMatchObject({ status: 429, error: "auth:login.tooManyAttempts" });
  });

  it("limits one account across many IP addresses", async () => {
    const user = await newUser();
    const limit = throttleRules.loginAccount.limit;
    const results = (
      await Promise.all(Array.from({ length: limit + 5 }, () => login(user.email, "Verkeerd!2026", freshIp())))
    ).map(outcome);
    expect(tally(results)).toEqual({ 400: limit, 429: 5 });
    // Even the owner's correct password now waits (the check comes before the password).
    expect(outcome(await login(user.email, DEMO_PASSWORD, freshIp())).status).toBe(429);
  });

  it("limits one IP address across many e-mails", async () => {
    const ip = freshIp();
    const limit = throttleRules.loginIp.limit;
    const results = (
      await Promise.all(
        Array.from({ length: limit + 5 }, (_, i) => login(`niemand-${i}-${uniqueSuffix()}@example.test`, "x", ip)),
      )
    ).map(outcome);
    expect(tally(results)).toEqual({ 400: limit, 429: 5 });
    const user = await newUser();
    expect(outcome(await login(user.email, DEMO_PASSWORD, ip)).status).toBe(429);
    // Another address is not affected.
    expect(outcome(await login(user.email, DEMO_PASSWORD, freshIp())).status).toBe(302);
  });

  it("correct passwords do not fill the per-IP counter (an office behind one address)", async () => {
    const ip = freshIp();
    // Colleagues' earlier sign-ins from this address, one short of the limit.
    for (let i = 1; i < throttleRules.loginIp.limit; i++) await hitThrottle([{ rule: "loginIp", subject: ip }]);
    const users = await Promise.all(Array.from({ length: 3 }, () => newUser()));
    for (const user of users) expect(outcome(await login(user.email, DEMO_PASSWORD, ip)).status).toBe(302);
  });
});

describe("two-factor throttle under parallel attempts", () => {
  function cookiePairs(res: Response): string {
    return res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  }

  function post(
    fn: (args: ActionFunctionArgs) => Promise<unknown>,
    path: string,
    code: string,
    cookie: string,
    ip: string,
  ) {
    return run(() => fn({ request: formRequest(path, { code }, cookie), context: context(ip), params: {} }));
  }

  it("of 15 parallel wrong codes at /2fa/verify, exactly 5 are checked", async () => {
    const account = await createAccount(getDb());
    const cluster = await createClusterFor(getDb(), account.id);
    const { user } = await createUserWithMembership(getDb(), {
      accountId: account.id,
      clusterId: cluster.id,
      isAccountAdmin: true,
    });
    await setTwoFactorRequiredForAdmins({ accountId: account.id, user: { id: user.id, isAccountAdmin: true } }, true);
    const ip = freshIp();
    const setupCookie = cookiePairs((await login(user.email, DEMO_PASSWORD, ip)) as Response);
    const page = unwrapData(
      await setupLoader({ request: getRequest("/2fa/setup", setupCookie), context: context(ip), params: {} }),
    ).data as { secret: string };
    const code = await generate({ secret: page.secret });
    expect(unwrapData(await post(setupAction, "/2fa/setup", code, setupCookie, ip)).status).toBe(200);

    const verifyCookie = cookiePairs((await login(user.email, DEMO_PASSWORD, ip)) as Response);
    const results = (
      await Promise.all(
        Array.from({ length: 15 }, (_, i) =>
          post(verifyAction, "/2fa/verify", String(100000 + i), verifyCookie, freshIp()),
        ),
      )
    ).map(outcome);
    expect(tally(results)).toEqual({ 400: 5, 429: 10 });
    for (const refused of results.filter((r) => r.status === 429)) {
      expect(refused.error).toBe("auth:login.tooManyAttempts");
      expect(refused.retryAfter).toBeGreaterThan(0);
    }
  });
});

describe("link and code checks", () => {
  const newPassword = "Zonnige-Dag-42";

  it("of parallel guesses at /password-reset/{code}, exactly the limit are checked; then confirm links and invitations from that IP wait too", async () => {
    const ip = freshIp();
    const limit = throttleRules.tokenIp.limit;
    const results = (
      await Promise.all(
        Array.from({ length: limit + 5 }, (_, i) =>
          run(() =>
            resetAction({
              request: formRequest(`/password-reset/guess-${i}`, {
                password: newPassword,
                passwordConfirmation: newPassword,
              }),
              context: context(ip),
              params: { code: `guess-${i}-${uniqueSuffix()}` },
            }),
          ),
        ),
      )
    ).map(outcome);
    expect(tally(results)).toEqual({ 400: limit, 429: 5 });
    for (const refused of results.filter((r) => r.status === 429)) {
      expect(refused.error).toBe("auth:login.tooManyAttempts");
      expect(refused.retryAfter).toBeGreaterThan(0);
    }

    const confirm = await run(() =>
      confirmAction({
        request: formRequest("/confirm/x/y", {}),
        context: context(ip),
        params: { id: "00000000-0000-0000-0000-000000000000", hash: "guess" },
      }),
    );
    expect(unwrapData(confirm)).toMatchObject({ status: 429, data: { failed: true, limited: true } });

    const emailChange = await run(() =>
      confirmEmailChangeAction({
        request: formRequest("/confirm-email/x/y", {}),
        context: context(ip),
        params: { id: "00000000-0000-0000-0000-000000000000", hash: "guess" },
      }),
    );
    expect(unwrapData(emailChange)).toMatchObject({ status: 429, data: { failed: "limited" } });

    const invitation = outcome(
      await run(() =>
        invitationAction({
          request: formRequest("/invitation/guess", { password: newPassword, passwordConfirmation: newPassword }),
          context: context(ip),
          params: { token: "guess" },
        }),
      ),
    );
    expect(invitation).toMatchObject({ status: 429, error: "auth:login.tooManyAttempts" });
    const page = unwrapData(
      await invitationLoader({
        request: getRequest("/invitation/guess"),
        context: context(ip),
        params: { token: "g" },
      }),
    );
    expect(page.status).toBe(429);
    expect(Number(page.headers.get("Retry-After"))).toBeGreaterThan(0);

    // Another address is not affected.
    const elsewhere = await run(() =>
      confirmAction({
        request: formRequest("/confirm/x/y", {}),
        context: context(freshIp()),
        params: { id: "00000000-0000-0000-0000-000000000000", hash: "guess" },
      }),
    );
    expect(unwrapData(elsewhere).status).toBe(400);
  });

  it("the password-request limit answers 429 with Retry-After", async () => {
    const ip = freshIp();
    for (let i = 0; i < throttleRules.passwordRequestIp.limit; i++) {
      const res = await run(() =>
        requestAction({
          request: formRequest("/password-request", { email: `x${i}-${uniqueSuffix()}@example.test` }),
          context: context(ip),
          params: {},
        }),
      );
      expect((res as Response).status).toBe(302);
    }
    const limited = unwrapData(
      await requestAction({
        request: formRequest("/password-request", { email: `y-${uniqueSuffix()}@example.test` }),
        context: context(ip),
        params: {},
      }),
    );
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("SSO callback", () => {
  it("beyond the per-IP limit sends back to the login page with 'Te veel pogingen' before the code goes to the provider", async () => {
    const ip = freshIp();
    const callback = () =>
      run(() =>
        ssoCallbackLoader({
          request: getRequest("/auth/azure/callback?code=guess&state=guess"),
          context: context(ip),
          params: { provider: "azure" },
        }),
      ) as Promise<Response>;
    const first = await Promise.all(Array.from({ length: throttleRules.tokenIp.limit }, callback));
    // Without the flow cookie every one of these is refused as expired, each counted.
    for (const res of first) expect(res.headers.get("Location")).toBe("/login?sso=expired");
    const refused = await callback();
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/login?sso=tooManyAttempts");
    const page = await loginLoader({
      request: getRequest("/login?sso=tooManyAttempts"),
      context: context(ip),
      params: {},
    });
    expect(page).toMatchObject({ ssoError: "tooManyAttempts" });
  });
});
