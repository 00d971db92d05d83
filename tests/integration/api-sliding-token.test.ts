/**
 * The sliding token, the rate limit and the ends of a token (issue 37, docs/decisions/1651): a call in a
 * token's last hour answers a replacement in X-Refreshed-Token, the old token keeps working for the grace
 * period, parallel calls get one replacement; 429 with Retry-After beyond the rate; a token ends when its
 * user is deactivated, loses access or is removed, and stays ended when they come back.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { memberships, sessions, users } from "#db/schema";
import { throttleKey } from "~/features/auth/throttle.server";
import { API_RATE_LIMIT, REFRESHED_TOKEN_HEADER, TOKEN_GRACE_SECONDS } from "~/utils/api-limits";
import { apiSessionId, createApiSession } from "~/utils/session.server";
import { createAccount, createClusterFor, createUserWithMembership } from "../factories";
import { apiRequest, handle } from "../support/remix-handler";

async function person() {
  const account = await createAccount(getDb());
  const cluster = await createClusterFor(getDb(), account.id);
  const { user, membership } = await createUserWithMembership(getDb(), {
    accountId: account.id,
    clusterId: cluster.id,
  });
  const { token } = await createApiSession(getDb(), {
    userId: user.id,
    accountId: account.id,
    currentClusterId: cluster.id,
    ip: null,
    userAgent: null,
  });
  return { user, membership, token };
}

const init = (token: string) =>
  handle(apiRequest("GET", "/api/init", { headers: { Authorization: `Bearer ${token}` } }));

async function expireIn(token: string, seconds: number) {
  await getDb()
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() + seconds * 1000) })
    .where(eq(sessions.id, apiSessionId(token)));
}

describe("the sliding token", () => {
  it("sends no replacement while the token is far from its end", async () => {
    const { token } = await person();
    const answer = await init(token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get(REFRESHED_TOKEN_HEADER)).toBeNull();
  });

  it("answers a replacement in its last hour; the old token works for the grace period, then ends", async () => {
    const { token } = await person();
    await expireIn(token, 30 * 60);
    const answer = await init(token);
    expect(answer.status).toBe(200);
    const next = answer.headers.get(REFRESHED_TOKEN_HEADER);
    expect(next).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect((await init(next!)).status).toBe(200);
    // Within the grace period the old token still passes, without a second replacement.
    const again = await init(token);
    expect(again.status).toBe(200);
    expect(again.headers.get(REFRESHED_TOKEN_HEADER)).toBeNull();
    const [old] = await getDb()
      .select()
      .from(sessions)
      .where(eq(sessions.id, apiSessionId(token)));
    expect(old.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(TOKEN_GRACE_SECONDS * 1000);
    await expireIn(token, -1);
    const ended = await init(token);
    expect(ended.status).toBe(401);
    expect(((await ended.json()) as { message: string }).message).toMatch(/token/);
  });

  it("gives parallel calls near the end one replacement, and all of them pass", async () => {
    const { token } = await person();
    await expireIn(token, 10 * 60);
    const answers = await Promise.all([init(token), init(token), init(token), init(token)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((a) => a.headers.get(REFRESHED_TOKEN_HEADER)).length).toBe(1);
  });
});

describe("the rate limit", () => {
  it("answers 429 with Retry-After beyond the limit of a user's token calls", async () => {
    const { user, token } = await person();
    const key = throttleKey({ rule: "apiCalls", subject: user.id });
    await getDb().execute(
      sql`insert into auth_throttle (key, count, window_start, window_seconds)
          values (${key}, ${API_RATE_LIMIT.limit}, now(), ${API_RATE_LIMIT.windowSeconds})`,
    );
    const answer = await init(token);
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await answer.json()).toMatchObject({ error: "tooManyRequests" });
  });
});

describe("a token ends with its user's access", () => {
  it.each([
    ["deactivated", { status: "inactive" as const }, { status: "active" as const }],
    ["access revoked", { access: false }, { access: true }],
    ["removed from the cluster", { deletedAt: new Date() }, { deletedAt: null }],
  ])("%s: 401, also after coming back", async (_, off, on) => {
    const { membership, token } = await person();
    await getDb().update(memberships).set({ access: true }).where(eq(memberships.id, membership.id));
    expect((await init(token)).status).toBe(200);
    await getDb().update(memberships).set(off).where(eq(memberships.id, membership.id));
    await getDb().update(memberships).set(on).where(eq(memberships.id, membership.id));
    expect((await init(token)).status).toBe(401);
  });

  it("removed from the account: 401", async () => {
    const { user, token } = await person();
    await getDb().update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    await getDb().update(users).set({ deletedAt: null }).where(eq(users.id, user.id));
    expect((await init(token)).status).toBe(401);
  });
});
