import { recordAudit } from "~/features/audit/audit.server";
import { and, eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { memberships, users } from "#db/schema";
import { enqueueEmailDelivery, queueEmail } from "~/features/email/outbox.server";
import { checkCurrentPassword } from "~/features/auth/current-password.server";
import { hashPassword } from "~/features/auth/password.server";
import type { UpdatesFrequency } from "#db/schema/enums";
import type { Language } from "~/utils/i18n";
import { deleteSessionsOfUser } from "~/utils/session.server";
import type { TenantContext } from "~/utils/tenant.server";

export async function getProfile(ctx: TenantContext) {
  const db = getDb();
  const [user] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, ctx.user.id));
  const [membership] = ctx.membershipId
    ? await db
        .select({ updatesFrequency: memberships.updatesFrequency })
        .from(memberships)
        .where(and(eq(memberships.id, ctx.membershipId), eq(memberships.clusterId, ctx.clusterId)))
    : [];
  return { ...user, updatesFrequency: membership?.updatesFrequency ?? null };
}

export async function updateProfile(
  ctx: TenantContext,
  input: { firstName: string; lastName: string; language: Language; updatesFrequency?: UpdatesFrequency },
): Promise<void> {
  await getDb().transaction(async (tx) => {
    await tx
      .update(users)
      .set({ firstName: input.firstName, lastName: input.lastName, language: input.language, updatedAt: new Date() })
      .where(and(eq(users.id, ctx.user.id), eq(users.accountId, ctx.accountId)));
    if (ctx.membershipId && input.updatesFrequency) {
      await tx
        .update(memberships)
        .set({ updatesFrequency: input.updatesFrequency, updatedAt: new Date() })
        .where(and(eq(memberships.id, ctx.membershipId), eq(memberships.clusterId, ctx.clusterId)));
    }
  });
}

export async function setUserLanguage(ctx: TenantContext, language: Language): Promise<void> {
  await getDb()
    .update(users)
    .set({ language, updatedAt: new Date() })
    .where(and(eq(users.id, ctx.user.id), eq(users.accountId, ctx.accountId)));
}

export type ChangePasswordResult =
  | { ok: true }
  | { ok: false; field: "currentPassword"; errorKey: string }
  | { ok: false; tooManyAttempts: true; retryAfter: number };

/**
 * Changes the password after checking the current one (throttled like a sign-in), ends the user's other
 * sessions and sends a notice, so a stolen session or an unnoticed change does not go unseen.
 */
export async function changePassword(
  ctx: TenantContext,
  input: { currentPassword: string; password: string; ip: string },
): Promise<ChangePasswordResult> {
  const db = getDb();
  const current = await checkCurrentPassword(db, ctx, input.currentPassword, input.ip);
  if (!current.ok && current.code === "tooManyAttempts") {
    return { ok: false, tooManyAttempts: true, retryAfter: current.retryAfter };
  }
  if (!current.ok) return { ok: false, field: "currentPassword", errorKey: "validation:password.currentWrong" };
  const passwordHash = await hashPassword(input.password);
  const emailId = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, ctx.user.id));
    await recordAudit(tx, {
      accountId: ctx.accountId,
      actorUserId: ctx.user.id,
      subjectType: "user",
      subjectId: ctx.user.id,
      action: "password.change",
    });
    return queueEmail(tx, {
      accountId: ctx.accountId,
      to: ctx.user.email,
      template: "password-changed",
      locale: ctx.user.language,
      props: { firstName: ctx.user.firstName, changedAt: new Date().toISOString() },
    });
  });
  await deleteSessionsOfUser(ctx.user.id, ctx.sessionId);
  await enqueueEmailDelivery(emailId);
  return { ok: true };
}
