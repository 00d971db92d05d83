import { and, eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { accountModules, accountSecuritySettings, userTwoFactor } from "#db/schema";
import type { TenantContext } from "~/utils/tenant.server";
import { checkCurrentPassword } from "./current-password.server";
import { createPendingCookie, twoFactorFlags, type TwoFactorFlags } from "./two-factor.server";
import { auditOwnAction } from "./user-audit.server";

async function moduleActive(accountId: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ active: accountModules.active })
    .from(accountModules)
    .where(and(eq(accountModules.accountId, accountId), eq(accountModules.moduleKey, "2fa")));
  return row?.active ?? false;
}

/** For the account settings page: is module 2fa active, and must admins use 2FA? */
export async function accountTwoFactorSettings(ctx: Pick<TenantContext, "accountId">) {
  const [settings, active] = await Promise.all([
    getDb()
      .select({ required: accountSecuritySettings.requireTwoFactorForAdmins })
      .from(accountSecuritySettings)
      .where(eq(accountSecuritySettings.accountId, ctx.accountId)),
    moduleActive(ctx.accountId),
  ]);
  return { moduleActive: active, requiredForAdmins: settings[0]?.required ?? false };
}

/**
 * For the profile's two-factor tab: module active, 2FA on for this user, and whether the account requires it
 * of them (then it cannot be turned off). One query plus the step rule of the sign-in.
 */
export async function myTwoFactorStatus(ctx: Pick<TenantContext, "accountId" | "user">): Promise<TwoFactorFlags> {
  return twoFactorFlags(ctx.user.id, ctx.accountId);
}

/**
 * Starts the existing /2fa/setup flow for a signed-in user: the half-sign-in cookie for step "setup" that
 * returns to the profile. Null when the module is off or 2FA is already on.
 */
export async function startTwoFactorSetup(
  request: Request,
  ctx: Pick<TenantContext, "accountId" | "user">,
  returnTo: string,
): Promise<string | null> {
  const status = await myTwoFactorStatus(ctx);
  if (!status.moduleActive || status.enabled) return null;
  return createPendingCookie(request, { userId: ctx.user.id, step: "setup", redirectTo: returnTo });
}

export type DisableResult = { ok: true } | { ok: false; errorKey: string; retryAfter?: number };

/** Turns 2FA off after checking the password (throttled like a sign-in), unless the account requires it of this user. */
export async function disableTwoFactor(
  ctx: Pick<TenantContext, "accountId" | "user">,
  password: string,
  ip: string,
): Promise<DisableResult> {
  const status = await myTwoFactorStatus(ctx);
  if (status.required && status.moduleActive) return { ok: false, errorKey: "profile:twoFactor.requiredError" };
  const db = getDb();
  const current = await checkCurrentPassword(db, ctx, password, ip);
  if (!current.ok && current.code === "tooManyAttempts") {
    return { ok: false, errorKey: "auth:login.tooManyAttempts", retryAfter: current.retryAfter };
  }
  if (!current.ok) return { ok: false, errorKey: "validation:password.currentWrong" };
  await db.transaction(async (tx) => {
    await tx
      .delete(userTwoFactor)
      .where(and(eq(userTwoFactor.userId, ctx.user.id), eq(userTwoFactor.accountId, ctx.accountId)));
    await auditOwnAction(tx, { accountId: ctx.accountId, userId: ctx.user.id, action: "twoFactor.disable", ip });
  });
  return { ok: true };
}
