import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import {
  accountSsoConfigs,
  auditEvents,
  emailOutbox,
  invitations,
  memberships,
  sessions,
  userSsoIdentities,
  users,
} from "#db/schema";
import { encryptSecret } from "~/features/auth/sso-crypto.server";
import { inviteMemberships, type InviterContext } from "~/features/invitations/invitation-send.server";
import { action as acceptAction, loader as acceptLoader } from "~/routes/_public+/invitation.$token";
import { loader as callbackLoader } from "~/routes/auth.$provider.callback";
import { createAccount, createClusterFor, createUserWithMembership } from "../factories";
import { BASE, context, formRequest, getRequest, run, unwrapData } from "../support/http";
import { signInAtIdp, startIdp, type TestIdp } from "../support/oidc";

const TENANT = "2b9d6a10-3333-4444-8555-a6667778889f";
let azure: TestIdp;
let surf: TestIdp;
let hr: InviterContext;
let plain: InviterContext;
const savedAuthority = process.env.SSO_AZURE_AUTHORITY;

const client = (id: string, provider: string) => ({
  client_id: id,
  client_secret: `${id}-secret`,
  redirect_uris: [`${BASE}/auth/${provider}/callback`],
});

async function inviter(withSso: boolean): Promise<InviterContext> {
  const account = await createAccount(getDb());
  const cluster = await createClusterFor(getDb(), account.id);
  const admin = await createUserWithMembership(getDb(), { accountId: account.id, clusterId: cluster.id });
  if (withSso) {
    await getDb()
      .insert(accountSsoConfigs)
      .values([
        {
          accountId: account.id,
          provider: "azure",
          tenantId: TENANT,
          clientId: "inv-azure",
          clientSecretEncrypted: encryptSecret("inv-azure-secret"),
        },
        {
          accountId: account.id,
          provider: "surfconext",
          issuer: surf.issuer,
          clientId: "inv-surf",
          clientSecretEncrypted: encryptSecret("inv-surf-secret"),
        },
      ]);
  }
  return { accountId: account.id, clusterId: cluster.id, user: { id: admin.user.id } };
}

beforeAll(async () => {
  azure = await startIdp({
    mountPath: `/ms/${TENANT}/v2.0`,
    clients: [client("inv-azure", "azure")],
    extraClaims: { tid: TENANT },
  });
  process.env.SSO_AZURE_AUTHORITY = `${azure.origin}/ms`;
  surf = await startIdp({ mountPath: "/surf", clients: [client("inv-surf", "surfconext")] });
  hr = await inviter(true);
  plain = await inviter(false);
});

afterAll(async () => {
  await azure?.close();
  await surf?.close();
  if (savedAuthority === undefined) delete process.env.SSO_AZURE_AUTHORITY;
  else process.env.SSO_AZURE_AUTHORITY = savedAuthority;
});

/** An invited colleague without a password; returns the token of their invitation link. */
async function invitee(where: InviterContext, loginType: "email" | "sso" | "emailAndSSO") {
  const e = await createUserWithMembership(getDb(), {
    accountId: where.accountId,
    clusterId: where.clusterId,
    password: null,
    verified: false,
    access: false,
  });
  await getDb().update(users).set({ loginType }).where(eq(users.id, e.user.id));
  await inviteMemberships(where, [e.membership.id]);
  const [mail] = await getDb()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, e.user.email), eq(emailOutbox.template, "invitation")))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const token = (mail.props as { path: string }).path.split("/")[2];
  return { ...e, token };
}

type Page = {
  invitation: { status: string; ssoProviders?: string[]; passwordAllowed?: boolean };
  ssoError: string | null;
};

async function load(token: string, query = "") {
  const result = await run(() =>
    acceptLoader({ request: getRequest(`/invitation/${token}${query}`), context: context(), params: { token } }),
  );
  return unwrapData(result).data as Page;
}

async function startSso(token: string, provider: "azure" | "surfconext") {
  const result = await run(() =>
    acceptAction({
      request: formRequest(`/invitation/${token}`, { intent: `sso-${provider}` }),
      context: context(),
      params: { token },
    }),
  );
  return unwrapData(result);
}

/** The whole round trip: the invitation page's button, the provider's pages as `login`, the callback. */
async function acceptWithSso(token: string, provider: "azure" | "surfconext", login: string) {
  const started = await startSso(token, provider);
  const sent = (started.data as { ssoRedirect: { location: string } }).ssoRedirect;
  expect(sent.location).toMatch(provider === "azure" ? azure.issuer : surf.issuer);
  // A fresh sign-in at the provider: whoever is signed in there may not be the invitee.
  expect(new URL(sent.location).searchParams.get("prompt")).toBe("login");
  const cookie = started.headers.get("Set-Cookie")!.split(";")[0];
  const back = await signInAtIdp(sent.location, login, `${BASE}/auth/`);
  return (await run(() =>
    callbackLoader({
      request: getRequest(back.slice(BASE.length), cookie),
      context: context(),
      params: { provider },
    }),
  )) as Response;
}

async function invitationRow(membershipId: string) {
  const [row] = await getDb()
    .select()
    .from(invitations)
    .where(eq(invitations.membershipId, membershipId))
    .orderBy(desc(invitations.createdAt));
  return row;
}

describe("accepting an invitation with SSO", () => {
  it("offers the account's providers next to a password (emailAndSSO), instead of it (sso), and not for email users", async () => {
    const both = await invitee(hr, "emailAndSSO");
    expect((await load(both.token)).invitation).toMatchObject({
      status: "valid",
      ssoProviders: ["azure", "surfconext"],
      passwordAllowed: true,
    });
    const ssoOnly = await invitee(hr, "sso");
    expect((await load(ssoOnly.token)).invitation).toMatchObject({
      ssoProviders: ["azure", "surfconext"],
      passwordAllowed: false,
    });
    const emailOnly = await invitee(hr, "email");
    expect((await load(emailOnly.token)).invitation).toMatchObject({ ssoProviders: [], passwordAllowed: true });
    // Without SSO settings an SSO-only invitee can still choose a password: nothing else could let them in.
    const noConfig = await invitee(plain, "sso");
    expect((await load(noConfig.token)).invitation).toMatchObject({ ssoProviders: [], passwordAllowed: true });

    // An SSO-only invitee cannot accept with a password; an email user cannot start SSO.
    const password = "Nieuwe-Collega-1";
    const refused = unwrapData(
      await run(() =>
        acceptAction({
          request: formRequest(`/invitation/${ssoOnly.token}`, { password, passwordConfirmation: password }),
          context: context(),
          params: { token: ssoOnly.token },
        }),
      ),
    );
    expect((refused.data as { error: Record<string, string[]> }).error[""]).toEqual(["signup:invitation.ssoOnly"]);
    const notOffered = await startSso(emailOnly.token, "azure");
    expect(notOffered.status).toBe(400);
    expect(notOffered.data).toEqual({ ssoError: "auth:sso.notAvailable" });
    expect((await invitationRow(ssoOnly.membership.id)).acceptedAt).toBeNull();
  });

  it("accepts with the invited e-mail at Entra ID: verified, linked, signed in, lands on the introduction", async () => {
    const e = await invitee(hr, "sso");
    azure.accounts.set("inv-entra", { sub: "inv-entra", email: e.user.email.toUpperCase(), email_verified: true });
    const res = await acceptWithSso(e.token, "azure", "inv-entra");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard/introduction");
    const sessionCookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith("session="))!
      .split(";")[0];
    const [session] = await getDb().select().from(sessions).where(eq(sessions.userId, e.user.id));
    expect(session).toBeDefined();
    expect(sessionCookie).toBeTruthy();

    expect((await invitationRow(e.membership.id)).acceptedAt).toBeInstanceOf(Date);
    const [user] = await getDb().select().from(users).where(eq(users.id, e.user.id));
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    expect(user.passwordHash).toBeNull();
    const [membership] = await getDb().select().from(memberships).where(eq(memberships.id, e.membership.id));
    expect(membership.invited).toBe(false);
    const [identity] = await getDb().select().from(userSsoIdentities).where(eq(userSsoIdentities.userId, e.user.id));
    expect(identity).toMatchObject({ provider: "azure", issuer: azure.issuer, subject: "inv-entra" });
    const actions = await getDb()
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.actorUserId, e.user.id));
    expect(actions.map((a) => a.action).sort()).toEqual(["invitation.accept", "login", "sso-login"]);

    // The link is used up.
    expect((await load(e.token)).invitation.status).toBe("invalid");
  });

  it("refuses another e-mail at the provider with a clear message; the invitation stays pending", async () => {
    const e = await invitee(hr, "emailAndSSO");
    surf.accounts.set("inv-other", { sub: "inv-other", email: "iemand-anders@example.test", email_verified: true });
    const res = await acceptWithSso(e.token, "surfconext", "inv-other");
    expect(res.headers.get("Location")).toBe(`/invitation/${e.token}?sso=emailMismatch`);
    expect((await load(e.token, "?sso=emailMismatch")).ssoError).toBe("emailMismatch");
    expect((await invitationRow(e.membership.id)).acceptedAt).toBeNull();
    expect(await getDb().select().from(userSsoIdentities).where(eq(userSsoIdentities.userId, e.user.id))).toEqual([]);
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, e.user.id))).toEqual([]);

    // An unverified invited address is no match either.
    surf.accounts.set("inv-unverified", { sub: "inv-unverified", email: e.user.email, email_verified: false });
    const unverified = await acceptWithSso(e.token, "surfconext", "inv-unverified");
    expect(unverified.headers.get("Location")).toBe(`/invitation/${e.token}?sso=emailMismatch`);

    // Then the right address accepts it through SURFconext.
    surf.accounts.set("inv-right", { sub: "inv-right", email: e.user.email, email_verified: true });
    const ok = await acceptWithSso(e.token, "surfconext", "inv-right");
    expect(ok.headers.get("Location")).toBe("/dashboard/introduction");
    expect((await invitationRow(e.membership.id)).acceptedAt).toBeInstanceOf(Date);
  });

  it("never links an identity that already belongs to someone else", async () => {
    const first = await invitee(hr, "sso");
    azure.accounts.set("inv-shared", { sub: "inv-shared", email: first.user.email, email_verified: true });
    expect((await acceptWithSso(first.token, "azure", "inv-shared")).headers.get("Location")).toBe(
      "/dashboard/introduction",
    );
    const second = await invitee(hr, "sso");
    azure.accounts.set("inv-shared", { sub: "inv-shared", email: second.user.email, email_verified: true });
    const res = await acceptWithSso(second.token, "azure", "inv-shared");
    expect(res.headers.get("Location")).toBe(`/invitation/${second.token}?sso=failed`);
    expect((await invitationRow(second.membership.id)).acceptedAt).toBeNull();
  });
});
