import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { API_RATE_LIMIT } from "~/utils/api-limits";

/**
 * Every limit on sign-in, codes, tokens and sign-up (docs/decisions/0630-atomic-auth-throttle.md).
 * `limit` attempts per `windowSeconds` (a fixed window that starts at the first attempt) are checked;
 * the next ones are refused before any password, code or token is looked at.
 */
export const throttleRules = {
  /** One e-mail from one IP address (the product's "5 failed attempts a minute"). */
  loginPair: { limit: 5, windowSeconds: 60 },
  /** One e-mail from any number of addresses: stops a spread-out guess at one account. */
  loginAccount: { limit: 20, windowSeconds: 15 * 60 },
  /** One IP address trying any number of e-mails: stops spraying one password over many accounts. */
  loginIp: { limit: 30, windowSeconds: 60 },
  /** Second-factor codes of one user, from any address (set-up and sign-in alike). */
  twoFactorUser: { limit: 5, windowSeconds: 60 },
  twoFactorUserHour: { limit: 30, windowSeconds: 60 * 60 },
  twoFactorIp: { limit: 20, windowSeconds: 60 },
  /** Beyond this per IP the form says 'Te veel pogingen'. */
  passwordRequestIp: { limit: 10, windowSeconds: 60 * 60 },
  /** Beyond this per address nothing more is sent, with the usual answer. */
  passwordRequestEmail: { limit: 3, windowSeconds: 60 * 60 },
  registerIp: { limit: 10, windowSeconds: 60 * 60 },
  /** Beyond this per address no further "someone tried to register" notice is sent. */
  registerEmail: { limit: 3, windowSeconds: 60 * 60 },
  /** Link and code checks (password reset, e-mail confirmation, invitation accept, login-as, SSO callback). */
  tokenIp: { limit: 40, windowSeconds: 10 * 60 },
  /**
   * One code from one IP address: its first check counts toward tokenIp, later checks of the same code
   * within the window do not (the page's loader and the form's action both check it).
   */
  tokenSeen: { limit: 1, windowSeconds: 10 * 60 },
  /**
   * Looking a person up by e-mail (new-person wizard, POST api/users) without adding anyone: it tells an
   * address of another account from a free one, so it is bounded per actor and per account (1461).
   */
  emailLookupUser: { limit: 30, windowSeconds: 10 * 60 },
  emailLookupAccount: { limit: 100, windowSeconds: 60 * 60 },
  /** Calls with bearer tokens, per user (all their tokens together): the API's rate limit (1651). */
  apiCalls: API_RATE_LIMIT,
} as const satisfies Record<string, { limit: number; windowSeconds: number }>;

export type ThrottleRule = keyof typeof throttleRules;

/** One counter: a rule and what it counts (an IP, an e-mail, a user id, or a combination). */
export type ThrottleHit = { rule: ThrottleRule; subject: string };

export type ThrottleOutcome = {
  allowed: boolean;
  /** Rules whose limit this attempt went over. */
  exceeded: ThrottleRule[];
  /** Seconds until every exceeded rule lets attempts through again (0 when allowed). */
  retryAfter: number;
  hits: ThrottleHit[];
};

/** The stored key: the rule in clear, the subject hashed so the table holds no e-mail or IP address. */
export function throttleKey(hit: ThrottleHit): string {
  const digest = crypto.createHash("sha256").update(hit.subject.trim().toLowerCase()).digest("base64url");
  return `${hit.rule}:${digest}`;
}

/**
 * Counts one attempt against every hit and says whether it may go ahead. One statement increments and
 * returns every counter, so of N parallel attempts exactly `limit` see a count within the limit.
 * Runs on its own connection, never in the caller's transaction: a rollback must not undo a count.
 */
export async function hitThrottle(hits: ThrottleHit[]): Promise<ThrottleOutcome> {
  // A fixed order of keys keeps two statements from locking the same rows in opposite order.
  const rows = hits
    .map((hit) => ({ hit, key: throttleKey(hit), windowSeconds: throttleRules[hit.rule].windowSeconds }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  if (rows.length === 0) return { allowed: true, exceeded: [], retryAfter: 0, hits };
  const values = sql.join(
    rows.map((row) => sql`(${row.key}, 1, now(), ${row.windowSeconds}::int)`),
    sql`, `,
  );
  const expired = sql.raw(`t.window_start + make_interval(secs => t.window_seconds) <= now()`);
  const result = await getDb().execute<{ key: string; count: number; retry_after: number }>(sql`
    insert into auth_throttle as t (key, count, window_start, window_seconds) values ${values}
    on conflict (key) do update set
      count = case when ${expired} then 1 else t.count + 1 end,
      window_start = case when ${expired} then now() else t.window_start end,
      window_seconds = excluded.window_seconds
    returning t.key, t.count,
      greatest(1, ceil(extract(epoch from (t.window_start + make_interval(secs => t.window_seconds) - now()))))::int
        as retry_after
  `);
  const byKey = new Map(result.rows.map((row) => [row.key, row]));
  const exceeded: ThrottleRule[] = [];
  let retryAfter = 0;
  for (const row of rows) {
    const counted = byKey.get(row.key);
    if (counted && Number(counted.count) > throttleRules[row.hit.rule].limit) {
      exceeded.push(row.hit.rule);
      retryAfter = Math.max(retryAfter, Number(counted.retry_after));
    }
  }
  return { allowed: exceeded.length === 0, exceeded, retryAfter, hits };
}

/** Takes back one counted attempt (e.g. a correct password on a per-IP counter: only failures should add up). */
export async function refundThrottle(hits: ThrottleHit[]): Promise<void> {
  const keys = hits.map(throttleKey);
  if (keys.length === 0) return;
  await getDb().execute(
    sql`update auth_throttle set count = greatest(count - 1, 0) where key in (${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )})`,
  );
}

/** Starts counters afresh (e.g. the account's own counters after its correct password). */
export async function resetThrottle(hits: ThrottleHit[]): Promise<void> {
  const keys = hits.map(throttleKey);
  if (keys.length === 0) return;
  await getDb().execute(
    sql`delete from auth_throttle where key in (${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )})`,
  );
}

/** Removes counters whose window ended more than a day ago (the cleanup job). */
export async function pruneThrottle(): Promise<number> {
  const result = await getDb().execute(
    sql`delete from auth_throttle where window_start + make_interval(secs => window_seconds) < now() - interval '1 day'`,
  );
  return result.rowCount ?? 0;
}

/** The counters of a password sign-in. */
export function loginHits(email: string, ip: string): ThrottleHit[] {
  const address = email.trim().toLowerCase();
  return [
    { rule: "loginPair", subject: `${address}|${ip}` },
    { rule: "loginAccount", subject: address },
    { rule: "loginIp", subject: ip },
  ];
}

/** The counters of a second-factor code check. */
export function twoFactorHits(userId: string, ip: string): ThrottleHit[] {
  return [
    { rule: "twoFactorUser", subject: userId },
    { rule: "twoFactorUserHour", subject: userId },
    { rule: "twoFactorIp", subject: ip },
  ];
}

/** The counter of a link or code from an e-mail (or a provider's callback): per IP address. */
export function tokenHits(ip: string): ThrottleHit[] {
  return [{ rule: "tokenIp", subject: ip }];
}

/** After a correct secret: the subject's own counters start afresh, per-IP counters only take this attempt back. */
export async function settleSuccess(hits: ThrottleHit[]): Promise<void> {
  const perIp = new Set<ThrottleRule>(["loginIp", "twoFactorIp", "tokenIp"]);
  await resetThrottle(hits.filter((hit) => !perIp.has(hit.rule)));
  await refundThrottle(hits.filter((hit) => perIp.has(hit.rule)));
}

export type TokenCheck<T> = { limited: true; retryAfter: number } | { limited: false; value: T };

/**
 * Runs one check of a link, code or callback behind the per-IP token counter (tokenHits): counted
 * before the check, refused beyond the limit, and taken back when `succeeded` says the secret was right,
 * so only wrong secrets add up. A secret already counted from this address in the window is not counted
 * again (opening the page and submitting its form check the same code up to three times).
 */
export async function throttledTokenCheck<T>(
  ip: string,
  secret: string,
  check: () => Promise<T>,
  succeeded: (value: T) => boolean,
): Promise<TokenCheck<T>> {
  const hits = tokenHits(ip);
  const gate = await hitThrottle([...hits, { rule: "tokenSeen", subject: `${ip}|${secret}` }]);
  const repeated = gate.exceeded.includes("tokenSeen");
  if (repeated) await refundThrottle(hits);
  if (gate.exceeded.includes("tokenIp")) return { limited: true, retryAfter: gate.retryAfter };
  const value = await check();
  // A repeated secret was refunded above already; a first right one takes its count back here.
  if (succeeded(value) && !repeated) await settleSuccess(hits);
  return { limited: false, value };
}

export type Throttled<T> = { limited: true; retryAfter: number } | { limited: false; value: T };

/**
 * Runs `run` behind `hits`: counted before it runs, refused beyond any limit, and taken back when
 * `free` says this attempt should not count (e.g. a lookup that added the person).
 */
export async function throttled<T>(
  hits: ThrottleHit[],
  run: () => Promise<T>,
  free: (value: T) => boolean,
): Promise<Throttled<T>> {
  const gate = await hitThrottle(hits);
  if (!gate.allowed) return { limited: true, retryAfter: gate.retryAfter };
  const value = await run();
  if (free(value)) await refundThrottle(hits);
  return { limited: false, value };
}
