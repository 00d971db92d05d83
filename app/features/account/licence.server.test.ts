import { describe, expect, it } from "vitest";
import { isLicenceActive, trialDaysLeft, trialEnd } from "./licence.server";

const now = new Date("2026-11-22T12:00:00Z");
const day = 24 * 60 * 60 * 1000;
const account = (over: Partial<Parameters<typeof trialDaysLeft>[0]>) => ({
  licenceStatus: "trial" as const,
  trialEndsAt: null,
  licenceExpiresAt: null,
  ...over,
});

describe("licence", () => {
  it("a new trial lasts 7 days", () => {
    expect(trialDaysLeft(account({ trialEndsAt: trialEnd(now) }), now)).toBe(7);
    expect(isLicenceActive({ account: account({ trialEndsAt: trialEnd(now) }) }, now)).toBe(true);
  });

  it("counts a started day and stops at 0", () => {
    expect(trialDaysLeft(account({ trialEndsAt: new Date(now.getTime() + 1000) }), now)).toBe(1);
    expect(trialDaysLeft(account({ trialEndsAt: new Date(now.getTime() - day) }), now)).toBe(0);
    expect(isLicenceActive({ account: account({ trialEndsAt: new Date(now.getTime() - 1) }) }, now)).toBe(false);
  });

  it("an active licence holds until its expiry; expired and cancelled never", () => {
    const active = account({ licenceStatus: "active", licenceExpiresAt: new Date(now.getTime() + day) });
    expect(isLicenceActive({ account: active }, now)).toBe(true);
    expect(trialDaysLeft(active, now)).toBeNull();
    expect(isLicenceActive({ account: { ...active, licenceExpiresAt: new Date(now.getTime() - day) } }, now)).toBe(
      false,
    );
    expect(isLicenceActive({ account: account({ licenceStatus: "expired" }) }, now)).toBe(false);
    expect(isLicenceActive({ account: account({ licenceStatus: "cancelled" }) }, now)).toBe(false);
  });
});
