import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getDb } from "#db/client.server";
import { reviews, reviewScores, sessions } from "#db/schema";
import { DEMO_PASSWORD } from "../../seed/demo-data";
import { orgWorld } from "../support/org";
import { reviewWorld } from "../support/reviews";
import { startApp, type RunningApp } from "../support/app-server";

/*
 * The HTTP edge (server/app.ts) over a real socket: request body limits, cross-site write checks,
 * caching and framing headers, open redirects and the development outbox (issue #12 items 1, 7, 8, 9, 13).
 */

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One request on its own connection; the body as a string, a Buffer, or chunks sent without Content-Length. */
function send(
  base: string,
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer | Buffer[] } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${pathname}`,
      { method: options.method ?? "GET", headers: options.headers ?? {}, agent: false },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    // A server that refuses early may close while we still send: the answer has arrived by then.
    request.on("error", reject);
    const { body } = options;
    if (Array.isArray(body)) {
      for (const chunk of body) request.write(chunk);
      request.end();
    } else if (body !== undefined) {
      request.end(body);
    } else {
      request.end();
    }
  });
}

function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

const formType = { "Content-Type": "application/x-www-form-urlencoded" };
const evil = "https://evil.example";

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

async function sessionAlive(sessionCookie: string): Promise<boolean> {
  const answer = await send(app.url, "/dashboard", { headers: { Cookie: sessionCookie } });
  return answer.status === 200;
}

describe("request body limits (item 8)", () => {
  test("a form body announced above 1 MB is refused with 413 before it is read", async () => {
    const started = Date.now();
    // Only the headers go out: a server that waited for the 100 MB body would never answer.
    const answer = await new Promise<Answer>((resolve, reject) => {
      const request = http.request(`${app.url}/login`, {
        method: "POST",
        agent: false,
        headers: { ...formType, "Content-Length": String(100 * 1024 * 1024), Origin: app.url },
      });
      request.on("response", (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      });
      request.on("error", reject);
      request.flushHeaders();
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatch(/te groot|too large|zu groß/i);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  test("a chunked form body without Content-Length is counted and refused with 413 past 1 MB", async () => {
    const chunk = Buffer.alloc(256 * 1024, "a");
    const answer = await send(app.url, "/login", {
      method: "POST",
      headers: { ...formType, "Transfer-Encoding": "chunked", Origin: app.url },
      body: [Buffer.from("email="), chunk, chunk, chunk, chunk, chunk],
    }).catch((error: unknown) => ({ status: -1, headers: {}, body: String(error) }));
    expect(answer.status).toBe(413);
  });

  test("a chunked form body under the limit still reaches the page", async () => {
    const answer = await send(app.url, "/login", {
      method: "POST",
      headers: { ...formType, "Transfer-Encoding": "chunked", Origin: app.url },
      body: [Buffer.from("email=nobody%40example.test"), Buffer.from("&password=wrong-password-1")],
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("nobody@example.test");
  });

  test("JSON has its own limit per route, for every route", async () => {
    const world = await orgWorld();
    const json = (bytes: number) => JSON.stringify({ note: "x".repeat(bytes) });
    const headers = { "Content-Type": "application/json", Cookie: world.cookie, Origin: app.url };
    // A page does not read JSON: 64 KB at most, announced or chunked.
    const page = await send(app.url, "/login", { method: "POST", headers, body: json(100 * 1024) });
    expect(page.status).toBe(413);
    const chunked = await send(app.url, "/login", {
      method: "POST",
      headers: { ...headers, "Transfer-Encoding": "chunked" },
      body: [Buffer.from(json(40 * 1024)), Buffer.from(json(40 * 1024))],
    });
    expect(chunked.status).toBe(413);
    // A whole review's scores may take up to 1 MB.
    const review = `/api/reviews/${crypto.randomUUID()}`;
    const fits = await send(app.url, review, { method: "PUT", headers, body: json(512 * 1024) });
    expect(fits.status).not.toBe(413);
    const tooBig = await send(app.url, review, { method: "PUT", headers, body: json(2 * 1024 * 1024) });
    expect(tooBig.status).toBe(413);
    expect(JSON.parse(tooBig.body)).toMatchObject({ error: "payloadTooLarge" });
  });
});

describe("cross-site writes (item 9)", () => {
  test("sign-out from a foreign origin is refused with 403 and the session lives on", async () => {
    const world = await orgWorld();
    const answer = await send(app.url, "/logout", {
      method: "POST",
      headers: { "Content-Type": "text/plain", Cookie: world.cookie, Origin: evil },
      body: "x",
    });
    expect(answer.status).toBe(403);
    expect(await sessionAlive(world.cookie)).toBe(true);
    const [row] = await getDb().select().from(sessions).where(eq(sessions.userId, world.admin.user.id));
    expect(row).toBeDefined();
  });

  test("a review score posted from a foreign origin as text/plain is refused and not saved", async () => {
    const world = await reviewWorld();
    const [review] = await getDb()
      .select()
      .from(reviews)
      .where(and(eq(reviews.parentId, world.roundId), eq(reviews.teamId, world.alfa.id)));
    // The leader's own page (same origin) opens the member's entry.
    const opened = await send(app.url, `/api/reviews/${review.id}/member`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: world.leader.cookie, Origin: app.url },
      body: JSON.stringify({ membershipId: world.members[0].membership.id }),
    });
    expect(opened.status).toBe(200);
    const entry = JSON.parse(opened.body) as { id: string };
    const scores = JSON.stringify({ criteriaScores: [{ criterionId: world.chosen[0].id, score: 5 }] });
    const foreign = await send(app.url, `/api/reviews/update/${review.id}/membership/${entry.id}`, {
      method: "POST",
      headers: { "Content-Type": "text/plain", Cookie: world.leader.cookie, Origin: evil },
      body: scores,
    });
    expect(foreign.status).toBe(403);
    const saved = await getDb().select().from(reviewScores).where(eq(reviewScores.reviewId, review.id));
    expect(saved).toEqual([]);
    // A browser that sends no Origin but says the request is its own page's passes.
    const own = await send(app.url, `/api/reviews/update/${review.id}/membership/${entry.id}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: world.leader.cookie, "Sec-Fetch-Site": "same-origin" },
      body: scores,
    });
    expect(own.status).toBe(200);
  });

  test("language and cluster switches from a foreign origin are refused", async () => {
    const world = await orgWorld();
    for (const [pathname, body] of [
      ["/resources/language", form({ lng: "de", redirectTo: "/dashboard" })],
      ["/resources/switch-cluster", form({ clusterId: world.cluster.id })],
    ]) {
      const answer = await send(app.url, pathname, {
        method: "POST",
        headers: { ...formType, Cookie: world.cookie, Origin: evil },
        body,
      });
      expect(answer.status, pathname).toBe(403);
    }
    const sameSite = await send(app.url, "/resources/language", {
      method: "POST",
      headers: { ...formType, Cookie: world.cookie, "Sec-Fetch-Site": "cross-site" },
      body: form({ lng: "de" }),
    });
    expect(sameSite.status).toBe(403);
  });

  test("a foreign form post to a page is a 403, not a 500", async () => {
    const world = await orgWorld();
    const answer = await send(app.url, "/profile", {
      method: "POST",
      headers: { "Content-Type": "text/plain", Cookie: world.cookie, Origin: evil },
      body: "firstName=Evil",
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatch(/andere site|another site|anderen Website/i);
  });

  test("own pages, and scripts that send neither Origin nor Sec-Fetch-Site, keep working", async () => {
    const world = await orgWorld();
    const own = await send(app.url, "/resources/language", {
      method: "POST",
      headers: { ...formType, Cookie: world.cookie, Origin: app.url },
      body: form({ lng: "en", redirectTo: "/dashboard" }),
    });
    expect(own.status).toBe(302);
    const script = await send(app.url, "/api/users?for=store", { headers: { Cookie: world.cookie } });
    expect(script.status).toBe(200);
    const scriptWrite = await send(app.url, "/api/users", {
      method: "PUT",
      headers: { "Content-Type": "application/json", Cookie: world.cookie },
      body: JSON.stringify({}),
    });
    expect(scriptWrite.status).not.toBe(403);
    const signOut = await send(app.url, "/logout", {
      method: "POST",
      headers: { ...formType, Cookie: world.cookie, Origin: app.url },
      body: "",
    });
    expect(signOut.status).toBe(302);
    expect(await sessionAlive(world.cookie)).toBe(false);
  });

  test("behind a trusted proxy the public host is this origin: forwarded host, or APP_URL", async () => {
    const saved = { TRUST_PROXY: process.env.TRUST_PROXY, APP_URL: process.env.APP_URL };
    process.env.TRUST_PROXY = "1";
    process.env.APP_URL = "https://teams.example.org";
    const proxied = await startApp();
    try {
      const world = await orgWorld();
      const post = (origin: string, extra: Record<string, string> = {}) =>
        send(proxied.url, "/resources/language", {
          method: "POST",
          headers: { ...formType, Cookie: world.cookie, Origin: origin, ...extra },
          body: form({ lng: "en" }),
        });
      const forwarded = { "X-Forwarded-Host": "public.example.net", "X-Forwarded-Proto": "https" };
      expect((await post("https://public.example.net", forwarded)).status).toBe(302);
      expect((await post("https://teams.example.org", forwarded)).status).toBe(302);
      expect((await post(evil, forwarded)).status).toBe(403);
      // The proxy says the browser used https: the plain-http origin of the same host is not this site.
      expect((await post("http://public.example.net", forwarded)).status).toBe(403);
    } finally {
      await proxied.close();
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });
});

describe("caching and framing (item 13)", () => {
  test("signed-in pages, data requests and the API are no-store; every answer forbids framing", async () => {
    const world = await orgWorld();
    for (const pathname of ["/dashboard", "/dashboard.data", "/api/users?for=store", "/login"]) {
      const answer = await send(app.url, pathname, { headers: { Cookie: world.cookie } });
      expect(answer.status, pathname).toBeLessThan(400);
      expect(answer.headers["cache-control"], pathname).toContain("no-store");
      expect(answer.headers["x-frame-options"], pathname).toBe("DENY");
    }
  });

  test("public files keep their caching", async () => {
    const answer = await send(app.url, "/favicon.svg");
    expect(answer.status).toBe(200);
    expect(answer.headers["cache-control"]).toBe("public, max-age=3600");
    expect(answer.headers["x-frame-options"]).toBe("DENY");
  });
});

describe("open redirects (item 7)", () => {
  test("a sign-in with redirectTo=/\\t/evil.example stays on this site", async () => {
    const world = await orgWorld();
    const email = world.admin.user.email;
    const answer = await send(app.url, "/login", {
      method: "POST",
      headers: { ...formType, Origin: app.url },
      body: form({ email, password: DEMO_PASSWORD, redirectTo: "/\t/evil.example" }),
    });
    expect(answer.status).toBe(302);
    const location = answer.headers.location ?? "";
    expect(new URL(location, app.url).origin).toBe(app.url);
    expect(location).not.toMatch(/evil/);
  });

  test("the language switch does not send the browser to another host", async () => {
    for (const redirectTo of ["/\t/evil.example", "/\\evil.example", "//evil.example", "/\n/evil.example"]) {
      const answer = await send(app.url, "/resources/language", {
        method: "POST",
        headers: { ...formType, Origin: app.url },
        body: form({ lng: "en", redirectTo }),
      });
      expect(answer.status).toBe(302);
      expect(new URL(answer.headers.location ?? "", app.url).origin, JSON.stringify(redirectTo)).toBe(app.url);
    }
  });
});

describe("the development outbox (item 1)", () => {
  const savedEnv = {
    SMTP_URL: process.env.SMTP_URL,
    DATA_DIR: process.env.DATA_DIR,
    DEV_OUTBOX: process.env.DEV_OUTBOX,
  };
  let dataDir: string;
  let open: RunningApp;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "edge-outbox-"));
    await fs.mkdir(path.join(dataDir, "outbox"));
    await fs.writeFile(path.join(dataDir, "outbox", "2026-01-01-reset.eml"), "Subject: reset\r\n\r\ncode 123\r\n");
    process.env.DATA_DIR = dataDir;
    process.env.DEV_OUTBOX = "1";
    delete process.env.SMTP_URL;
    // As on a machine where someone set HOST=0.0.0.0: reachable from the network.
    open = await startApp("0.0.0.0");
  });

  afterAll(async () => {
    await open?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
    for (const [key, value] of Object.entries(savedEnv)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  function ownNetworkAddress(): string {
    const address = Object.values(os.networkInterfaces())
      .flat()
      .find((candidate) => candidate && candidate.family === "IPv4" && !candidate.internal);
    if (!address) throw new Error("this machine has no non-loopback IPv4 address to test from");
    return address.address;
  }

  test("is refused from the machine's own network address, even with forwarding headers", async () => {
    const base = `http://${ownNetworkAddress()}:${open.port}`;
    for (const pathname of ["/dev/outbox", "/dev/outbox/2026-01-01-reset.eml"]) {
      const answer = await send(base, pathname, { headers: { "X-Forwarded-For": "127.0.0.1" } });
      expect(answer.status, pathname).toBe(404);
      expect(answer.body).not.toContain("code 123");
    }
  });

  test("still works over loopback", async () => {
    const list = await send(`http://127.0.0.1:${open.port}`, "/dev/outbox");
    expect(list.status).toBe(200);
    expect(list.body).toContain("2026-01-01-reset.eml");
    const one = await send(`http://127.0.0.1:${open.port}`, "/dev/outbox/2026-01-01-reset.eml");
    expect(one.status).toBe(200);
    expect(one.body).toContain("code 123");
  });
});
