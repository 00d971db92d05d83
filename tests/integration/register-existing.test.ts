import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "#db/client.server";
import { accounts, emailOutbox, users } from "#db/schema";
import { createTrialAccount } from "~/features/account/trial-account.server";
import { hashPassword } from "~/features/auth/password.server";
import { throttleRules } from "~/features/auth/throttle.server";
import { deliverEmail } from "~/features/email/outbox.server";
import { closeTransport } from "~/features/email/transport.server";
import { action as registerAction } from "~/routes/_public+/register";
import { createAccount, createClusterFor, createUserWithMembership, uniqueSuffix } from "../factories";
import { context, formRequest, run, unwrapData } from "../support/http";
import { readMail, startSmtpCapture } from "../support/smtp";

// The two expensive steps of a sign-up, watched (they still run): both kinds of address must take them.
vi.mock("~/features/auth/password.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/features/auth/password.server")>();
  return { ...actual, hashPassword: vi.fn(actual.hashPassword) };
});
vi.mock("~/features/account/trial-account.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/features/account/trial-account.server")>();
  return { ...actual, createTrialAccount: vi.fn(actual.createTrialAccount) };
});

const password = "Zonnige-Dag-42";
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
const savedSmtpUrl = process.env.SMTP_URL;
let accountId: string;
let clusterId: string;
let ipCounter = 0;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  process.env.SMTP_URL = smtp.url;
  accountId = (await createAccount(getDb())).id;
  clusterId = (await createClusterFor(getDb(), accountId)).id;
});

afterAll(async () => {
  closeTransport();
  await smtp.close();
  if (savedSmtpUrl === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = savedSmtpUrl;
});

function freshIp(): string {
  ipCounter += 1;
  return `192.0.2.${ipCounter}-${uniqueSuffix()}`;
}

function fieldsFor(email: string, companyName = `Bakkerij ${uniqueSuffix()}`) {
  return {
    companyName,
    firstName: "Ilse",
    lastName: "Jansen",
    email,
    password,
    passwordConfirmation: password,
    acceptTerms: "on",
    acceptPrivacy: "on",
    acceptProcessing: "on",
  };
}

function register(fields: Record<string, string>, ip = freshIp()) {
  return run(() => registerAction({ request: formRequest("/register", fields), context: context(ip), params: {} }));
}

async function mailsTo(address: string) {
  return getDb()
    .select()
    .from(emailOutbox)
    .where(sql`lower(${emailOutbox.toAddress}) = ${address.toLowerCase()}`);
}

describe("registering with an address that already has an account", () => {
  it("answers exactly as for a new address, creates nothing, and mails the existing address in its own language", async () => {
    const { user } = await createUserWithMembership(getDb(), { accountId, clusterId, language: "en" });
    const fresh = (await register(fieldsFor(`nieuw-${uniqueSuffix()}@korenaar.nl`))) as Response;
    const taken = (await register(fieldsFor(user.email.toUpperCase(), "Ander BV"))) as Response;

    // The same answer: a redirect to /login with the "we sent you an e-mail" notice.
    expect(taken).toBeInstanceOf(Response);
    expect(taken.status).toBe(fresh.status);
    expect(taken.headers.get("Location")).toBe(fresh.headers.get("Location"));
    expect(taken.headers.get("Set-Cookie")).toMatch(/toast/i);
    expect(fresh.headers.get("Set-Cookie")).toMatch(/toast/i);

    const [{ count }] = await getDb()
      .select({ count: sql<number>`count(*)::int` })
      .from(accounts)
      .where(eq(accounts.name, "Ander BV"));
    expect(count).toBe(0);
    const sameAddress = await getDb()
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${user.email.toLowerCase()}`);
    expect(sameAddress).toHaveLength(1);

    const [notice] = await mailsTo(user.email);
    expect(notice).toMatchObject({ template: "registration-attempt", locale: "en", toAddress: user.email });
    smtp.messages.length = 0;
    expect(await deliverEmail(notice.id)).toBe("sent");
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0].envelopeTo).toEqual([user.email]);
    const mail = readMail(smtp.messages[0].raw);
    expect(mail.subject).toBe("Someone tried to register with your e-mail address");
    expect(mail.text).toMatch(/already (have )?an account/i);
    expect(mail.text).toMatch(/https?:\/\/\S+\/login/);
    expect(mail.text).toMatch(/https?:\/\/\S+\/password-request/);
    expect(mail.html).toContain('lang="en"');
  });

  it("does the same work for a known address as for a new one: the password hash and the account's transaction (decision 1460)", async () => {
    const { user } = await createUserWithMembership(getDb(), { accountId, clusterId });
    const work = async (email: string) => {
      vi.mocked(hashPassword).mockClear();
      vi.mocked(createTrialAccount).mockClear();
      const answer = (await register(fieldsFor(email))) as Response;
      return {
        status: answer.status,
        location: answer.headers.get("Location"),
        hashed: vi.mocked(hashPassword).mock.calls.length,
        transactions: vi.mocked(createTrialAccount).mock.calls.length,
      };
    };
    const fresh = await work(`nieuw-${uniqueSuffix()}@korenaar.nl`);
    const taken = await work(user.email);
    expect(fresh).toEqual({ status: 302, location: "/login", hashed: 1, transactions: 1 });
    expect(taken).toEqual(fresh);
    // The known address's transaction was rolled back at its unique index; its owner got the notice.
    expect((await mailsTo(user.email)).map((m) => m.template)).toEqual(["registration-attempt"]);
  });

  it("sends at most the per-address limit of notices, with the same answer every time", async () => {
    const { user } = await createUserWithMembership(getDb(), { accountId, clusterId });
    const limit = throttleRules.registerEmail.limit;
    for (let i = 0; i < limit + 2; i++) {
      const res = (await register(fieldsFor(user.email))) as Response;
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/login");
    }
    const notices = (await mailsTo(user.email)).filter((m) => m.template === "registration-attempt");
    expect(notices).toHaveLength(limit);
    expect(notices[0].locale).toBe("nl");
  });

  it("limits sign-ups per IP address: 429 with Retry-After, a message above the form and what was typed kept", async () => {
    const ip = freshIp();
    for (let i = 0; i < throttleRules.registerIp.limit; i++) {
      expect(((await register(fieldsFor(`ip-${i}-${uniqueSuffix()}@korenaar.nl`), ip)) as Response).status).toBe(302);
    }
    const email = `te-veel-${uniqueSuffix()}@korenaar.nl`;
    const limited = unwrapData(await register(fieldsFor(email, "Bakkerij Limiet"), ip));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    const reply = limited.data as { error?: Record<string, string[]>; initialValue?: Record<string, unknown> };
    expect(reply.error?.[""]).toEqual(["auth:login.tooManyAttempts"]);
    expect(reply.initialValue?.companyName).toBe("Bakkerij Limiet");
    expect(reply.initialValue?.email).toBe(email);
    expect(reply.initialValue?.password).toBeUndefined();
    const created = await getDb()
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.name, "Bakkerij Limiet")));
    expect(created).toEqual([]);
  });
});
