/**
 * Looking people up by e-mail across tenants (issue #33 item 6, decision 1461): POST api/users and the
 * new-person wizard tell an address of another account from a free one (addresses are unique over all
 * accounts), so lookups that add nobody are counted per actor and per account, and beyond the limit every
 * lookup is refused alike. Over HTTP through Remix's handler.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { throttleKey, throttleRules } from "~/features/auth/throttle.server";
import { createAccount, createClusterFor, createUserWithMembership, uniqueSuffix } from "../factories";
import { serverBuildFromSources } from "../support/app-server";
import { BASE } from "../support/http";
import { apiRequest, handle } from "../support/remix-handler";
import { sessionCookieFor } from "../support/session";

type Admin = { cookie: string; userId: string };
let foreignEmail: string;

async function newAdmin(): Promise<Admin> {
  const accountId = (await createAccount(getDb())).id;
  const clusterId = (await createClusterFor(getDb(), accountId)).id;
  const { user } = await createUserWithMembership(getDb(), { accountId, clusterId, isAccountAdmin: true });
  return { cookie: (await sessionCookieFor({ userId: user.id, accountId, clusterId })).cookie, userId: user.id };
}

beforeAll(async () => {
  const other = (await createAccount(getDb())).id;
  const otherCluster = (await createClusterFor(getDb(), other)).id;
  foreignEmail = (await createUserWithMembership(getDb(), { accountId: other, clusterId: otherCluster })).user.email;
  await serverBuildFromSources();
}, 180_000);

async function counted(userId: string): Promise<number> {
  const key = throttleKey({ rule: "emailLookupUser", subject: userId });
  const [row] = (await getDb().execute<{ count: number }>(sql`select count from auth_throttle where key = ${key}`))
    .rows;
  return Number(row?.count ?? 0);
}

async function post(admin: Admin, email: string) {
  const response = await handle(
    apiRequest("POST", "/api/users", { cookie: admin.cookie, body: { firstName: "Kees", lastName: "Proef", email } }),
  );
  return { status: response.status, retryAfter: response.headers.get("Retry-After"), body: await response.json() };
}

function wizard(admin: Admin, email: string) {
  const body = new URLSearchParams({ intent: "details", firstName: "Kees", lastName: "Proef", email });
  return handle(
    new Request(`${BASE}/personnel/users/new`, {
      method: "POST",
      headers: { Cookie: admin.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: body.toString(),
    }),
  );
}

describe("e-mail lookups across accounts", () => {
  it("a lookup that adds the person does not count; one that adds nobody does", async () => {
    const admin = await newAdmin();
    expect((await post(admin, `vrij-${uniqueSuffix()}@proef.nl`)).status).toBe(201);
    expect(await counted(admin.userId)).toBe(0);
    expect(await post(admin, foreignEmail)).toMatchObject({ status: 409, body: { outcome: "foundOtherAccount" } });
    expect(await counted(admin.userId)).toBe(1);
    const page = await wizard(admin, `vrij-${uniqueSuffix()}@proef.nl`);
    expect(page.status).toBe(200);
    expect(await counted(admin.userId)).toBe(2);
  });

  it("beyond the limit every lookup is refused alike, taken or free, with Retry-After; nothing is added", async () => {
    const admin = await newAdmin();
    const { limit, windowSeconds } = throttleRules.emailLookupUser;
    const key = throttleKey({ rule: "emailLookupUser", subject: admin.userId });
    await getDb().execute(sql`
      insert into auth_throttle (key, count, window_start, window_seconds) values (${key}, ${limit}, now(), ${windowSeconds})`);
    const free = `vrij-${uniqueSuffix()}@proef.nl`;
    const answers = [await post(admin, foreignEmail), await post(admin, free)];
    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 429, body: { error: "tooManyAttempts" } });
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    expect(answers[0].body).toEqual(answers[1].body);
    const [{ n }] = (
      await getDb().execute<{ n: number }>(sql`select count(*)::int as n from users where lower(email) = ${free}`)
    ).rows;
    expect(n).toBe(0);

    const page = await wizard(admin, free);
    expect(page.status).toBe(429);
    expect(Number(page.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});
