import { and, eq, gt, isNull } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { invitations, memberships, userSsoIdentities, users } from "#db/schema";
import type { SsoProvider } from "#db/schema/enums-sso";
import {
  completeAcceptance,
  findInvitation,
  lookupInvitation,
  signInInvitee,
  ssoLoginTypes,
} from "./invitation-accept.server";
import { auditOwnAction } from "~/features/auth/user-audit.server";

/** The pending invitation an SSO sign-in may accept (docs/decisions/0431). */
export async function invitationForSso(
  secret: string,
  provider: SsoProvider,
): Promise<
  | { ok: true; invitationId: string; accountId: string; email: string }
  | { ok: false; code: "expired" | "invalid" | "notAvailable" }
> {
  const lookup = await lookupInvitation(secret);
  if (lookup.status !== "valid") return { ok: false, code: lookup.status };
  if (!lookup.ssoProviders.includes(provider)) return { ok: false, code: "notAvailable" };
  const row = (await findInvitation(secret))!;
  return { ok: true, invitationId: row.id, accountId: row.accountId, email: row.email };
}

export type SsoAcceptResult =
  { ok: true; setCookie: string } | { ok: false; code: "emailMismatch" | "invalid" | "identityTaken" };

/**
 * Accepts an invitation with a completed SSO sign-in, once: the provider's verified e-mail must be the
 * invited address. Marks the invitation accepted, links (issuer, subject) to the invitee, marks the address
 * verified and starts a session, like a password acceptance. A mismatch changes nothing.
 */
export async function acceptInvitationWithSso(
  request: Request,
  input: {
    invitationId: string;
    email: string | null;
    identity: { provider: SsoProvider; issuer: string; subject: string };
    ip: string;
  },
): Promise<SsoAcceptResult> {
  const outcome = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({
        invitation: invitations,
        userId: users.id,
        email: users.email,
        loginType: users.loginType,
      })
      .from(invitations)
      .innerJoin(memberships, eq(memberships.id, invitations.membershipId))
      .innerJoin(
        users,
        and(eq(users.id, memberships.userId), eq(users.accountId, invitations.accountId), isNull(users.deletedAt)),
      )
      .where(
        and(
          eq(invitations.id, input.invitationId),
          isNull(invitations.acceptedAt),
          isNull(invitations.voidedAt),
          gt(invitations.expiresAt, new Date()),
        ),
      )
      .for("update", { of: invitations });
    if (!row || !ssoLoginTypes.includes(row.loginType)) return { ok: false as const, code: "invalid" as const };
    if (!input.email || row.email.trim().toLowerCase() !== input.email) {
      return { ok: false as const, code: "emailMismatch" as const };
    }
    const { invitation } = row;
    const [linked] = await tx
      .select({ userId: userSsoIdentities.userId })
      .from(userSsoIdentities)
      .where(
        and(eq(userSsoIdentities.issuer, input.identity.issuer), eq(userSsoIdentities.subject, input.identity.subject)),
      );
    if (linked && linked.userId !== row.userId) return { ok: false as const, code: "identityTaken" as const };
    if (!linked) {
      await tx.insert(userSsoIdentities).values({
        accountId: invitation.accountId,
        userId: row.userId,
        provider: input.identity.provider,
        issuer: input.identity.issuer,
        subject: input.identity.subject,
        lastUsedAt: new Date(),
      });
    }
    await tx.update(invitations).set({ acceptedAt: new Date() }).where(eq(invitations.id, invitation.id));
    await completeAcceptance(tx, invitation, row.userId, input.ip);
    await auditOwnAction(tx, {
      accountId: invitation.accountId,
      userId: row.userId,
      action: "sso-login",
      ip: input.ip,
    });
    return {
      ok: true as const,
      userId: row.userId,
      accountId: invitation.accountId,
      clusterId: invitation.clusterId,
    };
  });
  if (!outcome.ok) return outcome;
  const { setCookie } = await signInInvitee(request, outcome, input.ip);
  return { ok: true, setCookie };
}
