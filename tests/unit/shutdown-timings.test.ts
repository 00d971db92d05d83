import { describe, expect, it } from "vitest";
import { shutdownTimings } from "../../server/shutdown-timings";

describe("shutdownTimings (1810)", () => {
  it("waits for the balancer in production only, unless told", () => {
    expect(shutdownTimings({ NODE_ENV: "production" })).toEqual({ delayMs: 5_000, timeoutMs: 10_000 });
    expect(shutdownTimings({ NODE_ENV: "development" })).toEqual({ delayMs: 0, timeoutMs: 10_000 });
    expect(shutdownTimings({ NODE_ENV: "test" })).toEqual({ delayMs: 0, timeoutMs: 10_000 });
  });

  it("takes SHUTDOWN_DELAY_MS (0 included) and SHUTDOWN_TIMEOUT_MS; ignores what is not a whole number", () => {
    const production = { NODE_ENV: "production" } as const;
    expect(shutdownTimings({ ...production, SHUTDOWN_DELAY_MS: "0" }).delayMs).toBe(0);
    expect(shutdownTimings({ ...production, SHUTDOWN_DELAY_MS: "12000" }).delayMs).toBe(12_000);
    expect(shutdownTimings({ NODE_ENV: "development", SHUTDOWN_DELAY_MS: "300" }).delayMs).toBe(300);
    expect(shutdownTimings({ ...production, SHUTDOWN_DELAY_MS: "soon" }).delayMs).toBe(5_000);
    expect(shutdownTimings({ ...production, SHUTDOWN_DELAY_MS: "-1" }).delayMs).toBe(5_000);
    expect(shutdownTimings({ NODE_ENV: "test", SHUTDOWN_TIMEOUT_MS: "3000" }).timeoutMs).toBe(3_000);
  });
});
