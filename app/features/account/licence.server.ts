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

/** Whole days left in the trial, counting a started day as a day; 0 once it has ended; null outside a trial. */
export function trialDaysLeft(account: LicenceFields, now: Date = new Date()): number | null {
  if (account.licenceStatus !== "trial" || !account.trialEndsAt) return null;
  return Math.max(0, Math.ceil((account.trialEndsAt.getTime() - now.getTime()) / DAY_MS));
}

export function trialEnd(from: Date = new Date()): Date {
  return new Date(from.getTime() + TRIAL_DAYS * DAY_MS);
}
