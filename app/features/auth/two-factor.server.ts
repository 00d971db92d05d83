import { auditBy, recordAudit } from "~/features/audit/audit.server";
import crypto from "node:crypto";
import { createCookie } from "@remix-run/node";
import { and, eq, isNull, or, lt, sql } from "drizzle-orm";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { getDb } from "#db/client.server";
import { accountSecuritySettings, userTwoFactor, users } from "#db/schema";
import { sessionSecret } from "~/utils/env.server";
import { isHttps, safeRedirectPath } from "~/utils/request.server";
import { hitThrottle, settleSuccess, twoFactorHits } from "./throttle.server";
import { hashSecret } from "./tokens.server";
import { auditOwnAction } from "./user-audit.server";

export type TwoFactorStep = "setup" | "verify";
export const RECOVERY_CODE_COUNT = 8;
const ISSUER = "Teamontwikkeling";
const PENDING_MINUTES = 10;

export type TwoFactorFlags = { moduleActive: boolean; enabled: boolean; required: boolean };

/**
 * A user's two-factor flags in one query: module 2fa active for the account, 2FA on for the user, and
 * whether the account requires it of them (admins when the account asks). `accountId` narrows the user.
 */
export async function twoFactorFlags(userId: string, accountId?: string): Promise<TwoFactorFlags> {
  const result = await getDb().execute<{ module_active: boolean; enabled: boolean; required: boolean }>(sql`
    select
      exists (select 1 from account_modules am where am.account_id = u.account_id and am.module_key = '2fa' and am.active)
        as module_active,
      exists (select 1 from user_two_factor tf where tf.user_id = u.id and tf.enabled_at is not null) as enabled,
      coalesce((select s.require_two_factor_for_admins from account_security_settings s where s.account_id = u.account_id), false)
        and (u.is_account_admin or exists (
          select 1 from memberships m join role_assignments ra on ra.membership_id = m.id
          where m.user_id = u.id and m.deleted_at is null and ra.role_key in ('cluster_admin', 'auth_manager')))
        as required
    from users u where u.id = ${userId} ${accountId === undefined ? sql`` : sql`and u.account_id = ${accountId}`}
  `);
  const row = result.rows[0];
  return {
    moduleActive: row?.module_active ?? false,
    enabled: row?.enabled ?? false,
    required: row?.required ?? false,
  };
}

/** Which second step a user needs after a correct password, or null. */
export async function twoFactorStepFor(userId: string): Promise<TwoFactorStep | null> {
  const flags = await twoFactorFlags(userId);
  if (!flags.moduleActive) return null;
  if (flags.enabled) return "verify";
  return flags.required ? "setup" : null;
}

// ---- The half-signed-in state between password and code: a signed, short-lived cookie.

type Pending = { userId: string; step: TwoFactorStep; redirectTo: string | null; expiresAt: number };
let pendingCookies: { secure: ReturnType<typeof createCookie>; plain: ReturnType<typeof createCookie> } | undefined;
function pendingCookie(request: Request) {
  const options = { httpOnly: true, sameSite: "lax" as const, path: "/2fa", maxAge: PENDING_MINUTES * 60 };
  pendingCookies ??= {
    secure: createCookie("__Secure-2fa", { ...options, secure: true, secrets: [sessionSecret()] }),
    plain: createCookie("2fa", { ...options, secure: false, secrets: [sessionSecret()] }),
  };
  return isHttps(request) ? pendingCookies.secure : pendingCookies.plain;
}

export async function createPendingCookie(
  request: Request,
  input: { userId: string; step: TwoFactorStep; redirectTo: string | null },
): Promise<string> {
  const value: Pending = { ...input, expiresAt: Date.now() + PENDING_MINUTES * 60_000 };
  return pendingCookie(request).serialize(value);
}

export async function readPending(request: Request, step: TwoFactorStep): Promise<Pending | null> {
  const value = (await pendingCookie(request).parse(request.headers.get("Cookie"))) as Pending | null;
  if (!value || value.step !== step || typeof value.userId !== "string" || value.expiresAt < Date.now()) return null;
  return value;
}

export async function clearPendingCookie(request: Request): Promise<string> {
  return pendingCookie(request).serialize("", { maxAge: 0 });
}

// ---- Secret storage: AES-256-GCM with a key derived from SESSION_SECRET.

function key(): Buffer {
  return crypto.createHash("sha256").update(`two-factor:${sessionSecret()}`).digest();
}

function encrypt(plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key(), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString("base64url")).join(".");
}

function decrypt(stored: string): string {
  const [iv, tag, data] = stored.split(".").map((part) => Buffer.from(part, "base64url"));
  const decipher = crypto.createDecipheriv("aes-256-gcm", key(), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
}

/** The secret being set up (kept across reloads of /2fa/setup), its otpauth QR code as SVG, and the text; null once enabled. */
export async function setupDetails(userId: string) {
  const db = getDb();
  const [user] = await db
    .select({ email: users.email, accountId: users.accountId })
    .from(users)
    .where(eq(users.id, userId));
  const [existing] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  // Already finished (e.g. the page's loader running after the set-up action without JavaScript).
  if (existing?.enabledAt) return null;
  let secret: string;
  if (existing) {
    secret = decrypt(existing.secretEncrypted);
  } else {
    secret = generateSecret();
    await db
      .insert(userTwoFactor)
      .values({ userId, accountId: user.accountId, secretEncrypted: encrypt(secret) })
      .onConflictDoUpdate({
        target: userTwoFactor.userId,
        set: { secretEncrypted: encrypt(secret), enabledAt: null, lastTimeStep: null, updatedAt: new Date() },
      });
  }
  const uri = generateURI({ issuer: ISSUER, label: user.email, secret });
  const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { secret, uri, qrSvg };
}

function normalizeCode(code: string): string {
  return code.replace(/[\s-]/g, "");
}

async function checkTotp(secret: string, code: string, afterTimeStep: number | null) {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epochTolerance: 30,
    ...(afterTimeStep !== null ? { afterTimeStep } : {}),
  });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = crypto.randomBytes(5).toString("hex");
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

export type CodeResult = { ok: true } | { ok: false; code: "invalid" | "tooManyAttempts"; retryAfter?: number };

/** Counts the attempt before the code is looked at; returns the seconds to wait, or 0. */
async function throttled(userId: string, ip: string): Promise<number> {
  const gate = await hitThrottle(twoFactorHits(userId, ip));
  return gate.allowed ? 0 : gate.retryAfter;
}

/** Finishes set-up with a first code; returns the recovery codes, shown once. */
export async function completeSetup(
  userId: string,
  code: string,
  ip: string,
): Promise<{ ok: true; recoveryCodes: string[] } | Exclude<CodeResult, { ok: true }>> {
  const wait = await throttled(userId, ip);
  if (wait > 0) return { ok: false, code: "tooManyAttempts", retryAfter: wait };
  const db = getDb();
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  const timeStep =
    row && !row.enabledAt ? await checkTotp(decrypt(row.secretEncrypted), normalizeCode(code), null) : null;
  if (!row || timeStep === null) {
    return { ok: false, code: "invalid" };
  }
  await settleSuccess(twoFactorHits(userId, ip));
  const recoveryCodes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    await tx
      .update(userTwoFactor)
      .set({
        enabledAt: new Date(),
        lastTimeStep: timeStep,
        recoveryCodeHashes: recoveryCodes.map((c) => hashSecret(c)),
        updatedAt: new Date(),
      })
      .where(and(eq(userTwoFactor.userId, userId), isNull(userTwoFactor.enabledAt)));
    await auditOwnAction(tx, { accountId: row.accountId, userId: userId, action: "twoFactor.enable", ip });
  });
  return { ok: true, recoveryCodes };
}

/**
 * Checks a TOTP code (newer than the last one used, so a code works once) or a recovery code (removed
 * when used). The update's condition makes two simultaneous uses of one code fail for the second.
 */
export async function verifySecondFactor(userId: string, rawCode: string, ip: string): Promise<CodeResult> {
  const wait = await throttled(userId, ip);
  if (wait > 0) return { ok: false, code: "tooManyAttempts", retryAfter: wait };
  const db = getDb();
  const code = normalizeCode(rawCode);
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  let accepted = false;
  let method = "totp";
  if (row?.enabledAt) {
    const timeStep = await checkTotp(decrypt(row.secretEncrypted), code, row.lastTimeStep);
    if (timeStep !== null) {
      const updated = await db
        .update(userTwoFactor)
        .set({ lastTimeStep: timeStep, updatedAt: new Date() })
        .where(
          and(
            eq(userTwoFactor.userId, userId),
            or(isNull(userTwoFactor.lastTimeStep), lt(userTwoFactor.lastTimeStep, timeStep)),
          ),
        )
        .returning({ userId: userTwoFactor.userId });
      accepted = updated.length === 1;
    } else if (/^[0-9a-f]{10}$/.test(code.toLowerCase())) {
      const pretty = `${code.toLowerCase().slice(0, 5)}-${code.toLowerCase().slice(5)}`;
      const hash = hashSecret(pretty);
      const updated = await db
        .update(userTwoFactor)
        .set({
          recoveryCodeHashes: sql`array_remove(${userTwoFactor.recoveryCodeHashes}, ${hash})`,
          updatedAt: new Date(),
        })
        .where(and(eq(userTwoFactor.userId, userId), sql`${hash} = any(${userTwoFactor.recoveryCodeHashes})`))
        .returning({ userId: userTwoFactor.userId });
      accepted = updated.length === 1;
      method = "recoveryCode";
    }
  }
  if (!accepted || !row) return { ok: false, code: "invalid" };
  await settleSuccess(twoFactorHits(userId, ip));
  await auditOwnAction(db, {
    accountId: row.accountId,
    userId: userId,
    action: "twoFactor.verify",
    ip,
    data: { method },
  });
  return { ok: true };
}

/** Account admins decide whether admins must use two-factor sign-in (used by the account settings page). */
export async function setTwoFactorRequiredForAdmins(
  ctx: { accountId: string; clusterId?: string; user: { id: string; isAccountAdmin: boolean } },
  required: boolean,
): Promise<void> {
  if (!ctx.user.isAccountAdmin) throw new Response("Forbidden", { status: 403 });
  await getDb().transaction(async (tx) => {
    await tx
      .insert(accountSecuritySettings)
      .values({ accountId: ctx.accountId, requireTwoFactorForAdmins: required })
      .onConflictDoUpdate({
        target: accountSecuritySettings.accountId,
        set: { requireTwoFactorForAdmins: required, updatedAt: new Date() },
      });
    await recordAudit(tx, {
      ...auditBy(ctx),
      subjectType: "account",
      subjectId: ctx.accountId,
      action: "settings.account",
      data: { requireTwoFactorForAdmins: required },
    });
  });
}

/** Account and first-sign-in flag of the half-signed-in user, and where to go when done. */
export async function finishTarget(pending: { userId: string; redirectTo: string | null }) {
  const [user] = await getDb()
    .select({ accountId: users.accountId, firstLoginAt: users.firstLoginAt })
    .from(users)
    .where(and(eq(users.id, pending.userId), isNull(users.deletedAt)));
  if (!user) return null;
  const fallback = user.firstLoginAt ? "/dashboard" : "/dashboard/introduction";
  // Checked when asked for, and again here where it is used (decision 0604).
  const target = pending.redirectTo ? safeRedirectPath(pending.redirectTo, fallback) : fallback;
  return { accountId: user.accountId, target };
}
