import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { emailOutbox, memberships, sessions, users } from "#db/schema";
import { verifyPassword } from "~/features/auth/password.server";
import { action as profileAction, loader as profileLoader } from "~/routes/_app+/my+/profile.$tab";
import { action as loginAction } from "~/routes/_public+/login";
import { createAccount, createClusterFor, createUserWithMembership } from "../factories";
import { context, formRequest, getRequest, run, unwrapData } from "../support/http";
import { sessionCookieFor } from "../support/session";

let accountId: string;
let clusterId: string;

beforeAll(async () => {
  accountId = (await createAccount(getDb())).id;
  clusterId = (await createClusterFor(getDb(), accountId)).id;
});

async function signedInUser(language: "nl" | "en" = "nl") {
  const u = await createUserWithMembership(getDb(), { accountId, clusterId, language });
  const { cookie, sessionId } = await sessionCookieFor({ userId: u.user.id, accountId, clusterId });
  return { ...u, cookie, sessionId };
}

function post(tab: string, fields: Record<string, string>, cookie: string, ip?: string) {
  return run(() =>
    profileAction({
      request: formRequest(`/my/profile/${tab}`, fields, cookie),
      context: context(ip),
      params: { tab },
    }),
  );
}

describe("my profile", () => {
  it("shows the user's own details", async () => {
    const u = await signedInUser();
    const result = (await profileLoader({
      request: getRequest("/my/profile/details", u.cookie),
      context: context(),
      params: { tab: "details" },
    })) as {
      profile: { email: string; updatesFrequency: string };
    };
    expect(result.profile.email).toBe(u.user.email);
    expect(result.profile.updatesFrequency).toBe("weekly");
  });

  it("answers 404 for an unknown tab", async () => {
    const u = await signedInUser();
    const result = await run(() =>
      profileLoader({ request: getRequest("/my/profile/nope", u.cookie), context: context(), params: { tab: "nope" } }),
    );
    expect((result as Response).status).toBe(404);
  });

  it("saves name, language and digest frequency, and switches the language cookie", async () => {
    const u = await signedInUser();
    const res = (await post(
      "details",
      { firstName: "Anouk", lastName: "de Vries", language: "en", updatesFrequency: "biweekly" },
      u.cookie,
    )) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Set-Cookie")).toMatch(/lng=/);
    const [user] = await getDb().select().from(users).where(eq(users.id, u.user.id));
    expect(user).toMatchObject({ firstName: "Anouk", lastName: "de Vries", language: "en" });
    const [m] = await getDb().select().from(memberships).where(eq(memberships.id, u.membership.id));
    expect(m.updatesFrequency).toBe("biweekly");
  });

  it("turns e-mail updates off with 'none' and refuses an unknown frequency next to the field", async () => {
    const u = await signedInUser();
    const fields = { firstName: "Anouk", lastName: "de Vries", language: "nl" };
    const refused = unwrapData(await post("details", { ...fields, updatesFrequency: "daily" }, u.cookie));
    expect(refused.status).toBe(400);
    expect((refused.data as { error: Record<string, string[]> }).error.updatesFrequency).toEqual(["validation:choose"]);
    const res = (await post("details", { ...fields, updatesFrequency: "none" }, u.cookie)) as Response;
    expect(res.status).toBe(302);
    const [m] = await getDb().select().from(memberships).where(eq(memberships.id, u.membership.id));
    expect(m.updatesFrequency).toBe("none");
  });

  it("needs a first or a last name, and keeps what was typed", async () => {
    const u = await signedInUser();
    const { status, data } = unwrapData(
      await post("details", { firstName: "", lastName: "", language: "de" }, u.cookie),
    );
    expect(status).toBe(400);
    const reply = data as { error: Record<string, string[]>; initialValue: Record<string, string> };
    expect(reply.error.firstName).toEqual(["validation:firstOrLastName"]);
    expect(reply.initialValue.language).toBe("de");
    const [user] = await getDb().select().from(users).where(eq(users.id, u.user.id));
    expect(user.language).toBe("nl");
  });

  it("changes the password, ends the other sessions and queues a notice in the user's language", async () => {
    const u = await signedInUser("en");
    const other = await sessionCookieFor({ userId: u.user.id, accountId, clusterId });
    const res = (await post(
      "password",
      { currentPassword: "Welkom!2026", password: "Nieuw-Wachtwoord-9", passwordConfirmation: "Nieuw-Wachtwoord-9" },
      u.cookie,
    )) as Response;
    expect(res.status).toBe(302);
    const [user] = await getDb().select().from(users).where(eq(users.id, u.user.id));
    expect(await verifyPassword(user.passwordHash, "Nieuw-Wachtwoord-9")).toBe(true);
    const remaining = await getDb().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, u.user.id));
    expect(remaining.map((r) => r.id)).toEqual([u.sessionId]);
    expect(remaining.map((r) => r.id)).not.toContain(other.sessionId);
    const mails = await getDb().select().from(emailOutbox).where(eq(emailOutbox.toAddress, u.user.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: "password-changed", locale: "en" });
  });

  it("refuses a wrong current password, weak or mismatching new ones, and hides every password in the reply", async () => {
    const u = await signedInUser();
    const cases: [Record<string, string>, string, string][] = [
      [
        { currentPassword: "Fout!2026x", password: "Nieuw-Wachtwoord-9", passwordConfirmation: "Nieuw-Wachtwoord-9" },
        "currentPassword",
        "validation:password.currentWrong",
      ],
      [
        { currentPassword: "Welkom!2026", password: "kort", passwordConfirmation: "kort" },
        "password",
        "validation:password.minLength",
      ],
      [
        { currentPassword: "Welkom!2026", password: "P@ssw0rd", passwordConfirmation: "P@ssw0rd" },
        "password",
        "validation:password.common",
      ],
      [
        { currentPassword: "Welkom!2026", password: "Nieuw-Wachtwoord-9", passwordConfirmation: "Anders-Wachtwoord-9" },
        "passwordConfirmation",
        "validation:password.mismatch",
      ],
    ];
    for (const [fields, field, key] of cases) {
      const { status, data } = unwrapData(await post("password", fields, u.cookie));
      const reply = data as { error: Record<string, string[]>; initialValue?: Record<string, unknown> };
      expect(status, key).toBe(400);
      expect(reply.error[field], key).toContain(key);
      expect(reply.initialValue?.password, key).toBeUndefined();
      expect(reply.initialValue?.currentPassword, key).toBeUndefined();
    }
    const [user] = await getDb().select().from(users).where(eq(users.id, u.user.id));
    expect(await verifyPassword(user.passwordHash, "Welkom!2026")).toBe(true);
  });

  it("limits wrong current passwords like a sign-in: beyond five a minute even the right one is refused unchecked", async () => {
    const u = await signedInUser();
    const ip = "198.51.100.81";
    const fields = { password: "Nieuw-Wachtwoord-9", passwordConfirmation: "Nieuw-Wachtwoord-9" };
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = unwrapData(await post("password", { ...fields, currentPassword: "Fout!2026x" }, u.cookie, ip));
      expect(wrong.status).toBe(400);
    }
    const limited = unwrapData(await post("password", { ...fields, currentPassword: "Welkom!2026" }, u.cookie, ip));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    const reply = limited.data as { error: Record<string, string[]>; initialValue?: Record<string, unknown> };
    expect(reply.error[""]).toEqual(["auth:login.tooManyAttempts"]);
    expect(reply.initialValue?.currentPassword).toBeUndefined();
    const [user] = await getDb().select().from(users).where(eq(users.id, u.user.id));
    expect(await verifyPassword(user.passwordHash, "Welkom!2026")).toBe(true);

    // The sign-in's counters are the same ones: the login form from this address is limited too.
    const login = unwrapData(
      await run(() =>
        loginAction({
          request: formRequest("/login", { email: u.user.email, password: "Welkom!2026" }),
          context: context(ip),
          params: {},
        }),
      ),
    );
    expect(login.status).toBe(429);
  });

  it("a right current password settles the counters, so earlier slips do not add up", async () => {
    const u = await signedInUser();
    const ip = "198.51.100.82";
    const fields = { password: "Nieuw-Wachtwoord-9", passwordConfirmation: "Nieuw-Wachtwoord-9" };
    for (let attempt = 0; attempt < 4; attempt++) {
      await post("password", { ...fields, currentPassword: "Fout!2026x" }, u.cookie, ip);
    }
    const changed = (await post("password", { ...fields, currentPassword: "Welkom!2026" }, u.cookie, ip)) as Response;
    expect(changed.status).toBe(302);
    const wrongAgain = unwrapData(await post("password", { ...fields, currentPassword: "Fout!2026x" }, u.cookie, ip));
    expect(wrongAgain.status).toBe(400);
  });
});
