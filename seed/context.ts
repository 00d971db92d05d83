/**
 * What every demo seed module gets (seed/run.ts makes it once): the transaction, the moment the
 * demo's dates are relative to, the one PRNG and the demo password's hash.
 */
import type { Tx } from "#db/client.server";

export type SeedContext = {
  tx: Tx;
  now: Date;
  /**
   * One PRNG for the whole demo, drawn in the fixed order of seed/run.ts: a module that draws more or
   * fewer numbers changes the names and dates of every module after it. A new module that needs
   * randomness takes its own `createRng(seed)` instead of this one.
   */
  rng: Rng;
  /** One hash for every demo user: hashing is slow on purpose. */
  passwordHash: string;
};

/** A cluster's tenant keys, as the services take them. */
export type ClusterIds = { accountId: string; clusterId: string };

/** mulberry32: small, fast, good enough for demo data. */
export function createRng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  return { next, int, pick };
}
export type Rng = ReturnType<typeof createRng>;

const DAY = 24 * 60 * 60 * 1000;

export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function addDays(d: Date, days: number): Date {
  return new Date(d.getTime() + days * DAY);
}
