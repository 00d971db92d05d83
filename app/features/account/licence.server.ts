import { sharedI18n } from "~/utils/i18n.server";
import type { TenantContext } from "~/utils/tenant.server";

export const TRIAL_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

type LicenceFields = Pick<TenantContext["account"], "licenceStatus" | "trialEndsAt" | "licenceExpiresAt">;

/** Whether the account may create new work (reviews and the like); reading and signing in always work. */
export function isLicenceActive(ctx: { account: LicenceFields }, now: Date = new Date()): boolean {
  const { licenceStatus, trialEndsAt, licenceExpiresAt } = ctx.account;
  if (licenceStatus === "trial") return trialEndsAt !== null && trialEndsAt.getTime() > now.getTime();
  if (licenceStatus === "active") return licenceExpiresAt === null || licenceExpiresAt.getTime() > now.getTime();
  return false;
}

/** What a refusal for an expired licence carries: PageError and API callers recognise it by `error`. */
export const LICENCE_EXPIRED = "licenceExpired";

/**
 * Spec §4 / decision 1700: with an expired licence nothing new is created — the banner's promise. Every service
 * that creates a review round calls this first, so the wizards' pages, their posts and the API refuse alike:
 * a 403 whose JSON names the refusal (the pages' error boundary shows it, the API passes it on as is).
 */
export function requireLicenceToCreate(ctx: Pick<TenantContext, "account" | "user">, now: Date = new Date()): void {
  if (isLicenceActive(ctx, now)) return;
  const t = sharedI18n().getFixedT(ctx.user.language, "common");
  throw Response.json(
    { error: LICENCE_EXPIRED, message: `${t("licenceExpired.title")} ${t("licenceExpired.body")}` },
    { status: 403 },
  );
}

/** Whole days left in the trial, counting a started day as a day; 0 once it has ended; null outside a trial. */
export function trialDaysLeft(account: LicenceFields, now: Date = new Date()): number | null {
  if (account.licenceStatus !== "trial" || !account.trialEndsAt) return null;
  return Math.max(0, Math.ceil((account.trialEndsAt.getTime() - now.getTime()) / DAY_MS));
}

export function trialEnd(from: Date = new Date()): Date {
  return new Date(from.getTime() + TRIAL_DAYS * DAY_MS);
}
