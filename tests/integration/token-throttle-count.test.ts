/**
 * A wrong reset or invitation code counts once toward the per-IP limit of link checks (issue #33): a
 * browser that opens the page and then submits the form asks for the same code twice (the POST's
 * action and the page's loader after it), and used to be counted twice. Over HTTP, as the browser asks.
 */
import { createRequestHandler } from "@remix-run/node";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { throttleKey, throttleRules, tokenHits } from "~/features/auth/throttle.server";
import { uniqueSuffix } from "../factories";
import { serverBuildFromSources } from "../support/app-server";
import { BASE, context } from "../support/http";

let build: Awaited<ReturnType<typeof serverBuildFromSources>>;
beforeAll(async () => {
  build = await serverBuildFromSources();
}, 180_000);

/** A handler whose requests come from one fresh address. */
function visitor() {
  const ip = `192.0.2.${Math.floor(Math.random() * 250) + 1}-${uniqueSuffix()}`;
  const remix = createRequestHandler(build, "production");
  const send = async (request: Request) => {
    const response = await remix(request, context(ip));
    await response.arrayBuffer();
    return response.status;
  };
  const counted = async () => {
    const [row] = (
      await getDb().execute<{ count: number }>(
        sql`select count from auth_throttle where key = ${throttleKey(tokenHits(ip)[0])}`,
      )
    ).rows;
    return Number(row?.count ?? 0);
  };
  return { send, counted, ip };
}

const password = "Nieuw-wachtwoord-2026!";
function submit(path: string): Request {
  return new Request(BASE + path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ password, passwordConfirmation: password }).toString(),
  });
}

describe.each(["/password-reset", "/invitation"])("a wrong code on %s", (page) => {
  it("counts once for opening the page and submitting its form, and once more for another code", async () => {
    const { send, counted } = visitor();
    const bogus = `${page}/bogus-${uniqueSuffix()}`;
    expect(await send(new Request(BASE + bogus))).toBeGreaterThanOrEqual(400);
    expect(await counted()).toBe(1);
    expect(await send(submit(bogus))).toBeGreaterThanOrEqual(400);
    expect(await send(new Request(BASE + bogus))).toBeGreaterThanOrEqual(400);
    expect(await counted()).toBe(1);
    await send(new Request(`${BASE}${page}/other-${uniqueSuffix()}`));
    expect(await counted()).toBe(2);
  });

  it("still refuses a new code beyond the limit", async () => {
    const { send, ip } = visitor();
    await getDb().execute(sql`
      insert into auth_throttle (key, count, window_start, window_seconds)
      values (${throttleKey(tokenHits(ip)[0])}, ${throttleRules.tokenIp.limit}, now(), ${throttleRules.tokenIp.windowSeconds})`);
    expect(await send(new Request(`${BASE}${page}/guess-${uniqueSuffix()}`))).toBe(429);
  });
});
