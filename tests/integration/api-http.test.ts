/**
 * The JSON API over HTTP (issue 12 item 11, issue 14 "JSON API bodies"): requests go through Remix's
 * request handler (tests/support/remix-handler.ts), so what is asserted is the status line and body a
 * client receives, not what a route function returned.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { criteriaSets, memberships, users } from "#db/schema";
import { demoWorld, type DemoWorld } from "../support/demo-world";
import { apiRequest, handle } from "../support/remix-handler";

let w: DemoWorld;

beforeAll(async () => {
  w = await demoWorld();
}, 120_000);

async function call(...args: Parameters<typeof apiRequest>) {
  const response = await handle(apiRequest(...args));
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: asserted as text
  }
  return { status: response.status, body: body as Record<string, unknown>, headers: response.headers };
}

describe("api/users answers real status codes", () => {
  it("401 anonymous, 403 without the right, 200 with it", async () => {
    expect((await call("GET", "/api/users?for=store")).status).toBe(401);
    expect((await call("GET", "/api/users?for=store", { cookie: w.cookies.medewerker })).status).toBe(403);
    const ok = await call("GET", "/api/users?for=store", { cookie: w.cookies.hr });
    expect(ok.status).toBe(200);
    expect(Array.isArray(ok.body.users)).toBe(true);
  });

  it("400 for an unknown ?for=, 405 with Allow for a method it does not serve", async () => {
    expect((await call("GET", "/api/users?for=everything", { cookie: w.cookies.hr })).status).toBe(400);
    const del = await call("DELETE", "/api/users", { cookie: w.cookies.hr, body: {} });
    expect(del.status).toBe(405);
    expect(del.headers.get("Allow")).toBe("GET, POST, PUT");
  });

  it("415 for a form post, 400 for broken JSON, 422 with zod issues for a wrong shape", async () => {
    const form = await call("POST", "/api/users", {
      cookie: w.cookies.hr,
      body: "firstName=X&email=x%40example.nl",
      type: "application/x-www-form-urlencoded",
    });
    expect(form).toMatchObject({ status: 415, body: { error: "unsupportedMediaType" } });
    const plain = await call("PUT", "/api/users", { cookie: w.cookies.hr, body: "{}", type: "text/plain" });
    expect(plain.status).toBe(415);
    expect((await call("POST", "/api/users", { cookie: w.cookies.hr, body: "{not json" })).status).toBe(400);
    const wrong = await call("PUT", "/api/users", { cookie: w.cookies.hr, body: { action: "explode", users: [] } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error).toBe("invalid");
    const paths = (wrong.body.issues as { path: string }[]).map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(["action", "users"]));
  });

  it("413 for a body over the limit, before the route reads it", async () => {
    const huge = JSON.stringify({ firstName: "X", email: "x@example.nl", note: "x".repeat(200_000) });
    const big = await call("POST", "/api/users", { cookie: w.cookies.hr, body: huge });
    expect(big).toMatchObject({ status: 413, body: { error: "payloadTooLarge" } });
    // A body that declares no length is counted while it streams in.
    const chunk = new TextEncoder().encode("x".repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1;
        if (sent > 1000) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const response = await handle(
      new Request("http://localhost/api/users", {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: w.cookies.hr },
        body: stream,
        duplex: "half",
      } as RequestInit),
    );
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(10); // stopped reading after the limit, not after 16 MB
  });

  it("201 creates, 409 when the address is taken (with the lookup outcome)", async () => {
    const email = `api-http-${Date.now()}@example.nl`;
    const created = await call("POST", "/api/users", { cookie: w.cookies.hr, body: { firstName: "Api", email } });
    expect(created).toMatchObject({ status: 201, body: { outcome: "notFound" } });
    const again = await call("POST", "/api/users", { cookie: w.cookies.hr, body: { firstName: "Api", email } });
    expect(again).toMatchObject({ status: 409, body: { outcome: "foundMemberActive" } });
  });

  it("PUT api/users: 422 when nothing changed (another tenant's ids change nothing)", async () => {
    const nothing = await call("PUT", "/api/users", {
      cookie: w.cookies.hr,
      body: { action: "deactivate", users: [w.andere.led.employee] },
    });
    expect(nothing.status).toBe(422);
    const [m] = await getDb().select().from(memberships).where(eq(memberships.id, w.andere.led.employee));
    expect(m.status).toBe("active");
  });

  it("api/users/{id}: 200 for an employee of the cluster, 404 for another tenant's, 403 for accountAdmin by HR", async () => {
    const own = await call("GET", `/api/users/${w.demo.led.employee}`, { cookie: w.cookies.hr });
    expect(own.status).toBe(200);
    expect(own.body.id).toBe(w.demo.led.employee);
    const foreign = await call("GET", `/api/users/${w.andere.led.employee}`, { cookie: w.cookies.hr });
    expect(foreign).toMatchObject({ status: 404, body: { error: "notFound" } });
    const put = await call("PUT", `/api/users/${w.andere.led.employee}`, {
      cookie: w.cookies.hr,
      body: { firstName: "Overgenomen" },
    });
    expect(put.status).toBe(404);
    const [stranger] = await getDb()
      .select({ firstName: users.firstName })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .where(eq(memberships.id, w.andere.led.employee));
    expect(stranger.firstName).not.toBe("Overgenomen");
    const escalate = await call("PUT", `/api/users/${w.demo.led.employee}`, {
      cookie: w.cookies.hr,
      body: { accountAdmin: true },
    });
    expect(escalate.status).toBe(403);
    const typeless = await call("PUT", `/api/users/${w.demo.led.employee}`, {
      cookie: w.cookies.hr,
      body: "firstName=X",
      type: "application/x-www-form-urlencoded",
    });
    expect(typeless.status).toBe(415);
    const post = await call("POST", `/api/users/${w.demo.led.employee}`, { cookie: w.cookies.hr, body: {} });
    expect(post.status).toBe(405);
  });
});

describe("api/reviews paging", () => {
  it("400 for a page that is no page number, instead of a 500", async () => {
    for (const page of ["1e20", "0", "-1", "abc", "1.5", "99999999999", ""]) {
      const result = await call("GET", `/api/reviews?page=${encodeURIComponent(page)}`, { cookie: w.cookies.hr });
      expect(result.status, `page=${page}`).toBe(400);
      expect(result.body.error, `page=${page}`).toBe("invalidPaging");
    }
    expect((await call("GET", "/api/reviews?pageSize=1000", { cookie: w.cookies.hr })).status).toBe(400);
  });

  it("200 for page 1 (or none) and for a page past the last", async () => {
    const first = await call("GET", "/api/reviews", { cookie: w.cookies.hr });
    expect(first.status).toBe(200);
    expect((first.body.reviews as unknown[]).length).toBeGreaterThan(0);
    const past = await call("GET", "/api/reviews?page=500", { cookie: w.cookies.hr });
    expect(past).toMatchObject({ status: 200, body: { page: 500, reviews: [] } });
    const small = await call("GET", "/api/reviews?page=2&pageSize=1", { cookie: w.cookies.hr });
    expect(small).toMatchObject({ status: 200, body: { page: 2, pageSize: 1 } });
  });
});

describe("every API route reads its body one way", () => {
  const routes = (): Array<[string, string, string]> => [
    ["PUT", `/api/criteria-sets/${w.demo.set}`, "hr"],
    ["POST", "/api/reviews", "hr"],
    ["DELETE", "/api/reviews", "hr"],
    ["POST", "/api/reviews/details", "hr"],
    ["PUT", `/api/reviews/${w.demo.led.teamReview}`, "leider"],
    ["POST", `/api/reviews/${w.demo.led.teamReview}/member`, "leider"],
    ["POST", `/api/reviews/update/${w.demo.led.teamReview}/membership/${w.demo.led.subject}`, "leider"],
    ["POST", "/api/users", "hr"],
    ["PUT", "/api/users", "hr"],
    ["PUT", `/api/users/${w.demo.led.employee}`, "hr"],
  ];

  it("415 for text/plain (a cross-site form can send that), 413 over the limit, 400 for broken JSON, 422 for a wrong shape", async () => {
    const [set] = await getDb().select().from(criteriaSets).where(eq(criteriaSets.id, w.demo.set));
    for (const [method, url, role] of routes()) {
      const cookie = w.cookies[role as keyof DemoWorld["cookies"]];
      const plain = await call(method, url, { cookie, body: '{"isActive":false}', type: "text/plain" });
      expect(plain.status, `${method} ${url} text/plain`).toBe(415);
      const big = await call(method, url, { cookie, body: JSON.stringify({ pad: "x".repeat(2 * 1024 * 1024) }) });
      expect(big.status, `${method} ${url} 2 MB`).toBe(413);
      const broken = await call(method, url, { cookie, body: "{" });
      expect(broken.status, `${method} ${url} broken`).toBe(400);
      const wrong = await call(method, url, { cookie, body: [] });
      expect(wrong.status, `${method} ${url} wrong shape`).toBe(422);
      expect(wrong.body.issues, `${method} ${url} issues`).toBeInstanceOf(Array);
    }
    const [after] = await getDb().select().from(criteriaSets).where(eq(criteriaSets.id, w.demo.set));
    expect(after.isActive).toBe(set.isActive);
  });

  it("a schema's i18n keys come back as text in the caller's language", async () => {
    const result = await call("POST", "/api/users", {
      cookie: w.cookies.hr,
      body: { firstName: "X", email: "geen-adres" },
      headers: { "Accept-Language": "en" },
    });
    expect(result.status).toBe(422);
    const issue = (result.body.issues as { path: string; message: string }[]).find((i) => i.path === "email");
    expect(issue?.message).toBeTruthy();
    expect(issue?.message).not.toMatch(/^[a-z]+:[\w.]+$/i);
  });
});
