import crypto from "node:crypto";
import { createCookie, type Cookie } from "@remix-run/node";
import { and, eq, gt, ne } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { sessions } from "#db/schema";
import { TOKEN_GRACE_SECONDS, TOKEN_REFRESH_BEFORE_SECONDS } from "./api-limits";
import { sessionSecret } from "./env.server";
import { isHttps } from "./request.server";

/** Idle lifetime of a session; every request in the last hour of it extends it. */
export const SESSION_IDLE_HOURS = 12;
const REFRESH_AFTER_MS = 60 * 60 * 1000;

let cookies: { secure: Cookie; plain: Cookie } | undefined;

// Over HTTPS the cookie gets Secure and the __Host- prefix; on http://localhost (npm start) it cannot.
function sessionCookie(request: Request): Cookie {
  cookies ??= {
    secure: createCookie("__Host-session", {
      httpOnly: true,
      sameSite: "lax",
      secure: true,
      path: "/",
      maxAge: 60 * 60 * 24 * 30,
      secrets: [sessionSecret()],
    }),
    plain: createCookie("session", {
      httpOnly: true,
      sameSite: "lax",
      secure: false,
      path: "/",
      maxAge: 60 * 60 * 24 * 30,
      secrets: [sessionSecret()],
    }),
  };
  return isHttps(request) ? cookies.secure : cookies.plain;
}

/**
 * The session a request speaks for: on /api/ routes an `Authorization: Bearer` token (spec §7, API clients;
 * docs/decisions/1411) wins over the cookie, elsewhere only the cookie counts, so a token can never open a
 * page and a page's forms stay protected by the cookie's SameSite and the Origin check.
 */
export async function requestSessionId(request: Request): Promise<string | null> {
  const token = bearerToken(request);
  if (token !== null && new URL(request.url).pathname.startsWith("/api/")) return token ? apiSessionId(token) : null;
  return readSessionId(request);
}

/** The token of an `Authorization: Bearer …` header: null without one, "" when it is malformed. */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get("Authorization");
  if (header === null) return null;
  const match = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return match ? match[1] : "";
}

/**
 * A token's session id is its SHA-256 (prefixed, so it never meets a cookie's random id): the sessions table
 * never holds a usable token, and a cookie's id is no bearer token because nobody can invert the hash.
 */
export function apiSessionId(token: string): string {
  return `api.${crypto.createHash("sha256").update(token).digest("base64url")}`;
}

export async function readSessionId(request: Request): Promise<string | null> {
  const value = await sessionCookie(request).parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

function newExpiry(): Date {
  return new Date(Date.now() + SESSION_IDLE_HOURS * 60 * 60 * 1000);
}

export type SessionRow = typeof sessions.$inferSelect;

export async function createSession(
  request: Request,
  input: { userId: string; accountId: string; currentClusterId: string | null; ip?: string | null },
): Promise<{ session: SessionRow; setCookie: string }> {
  const id = crypto.randomBytes(32).toString("base64url");
  const [session] = await getDb()
    .insert(sessions)
    .values({
      id,
      userId: input.userId,
      accountId: input.accountId,
      currentClusterId: input.currentClusterId,
      ip: input.ip ?? null,
      userAgent: request.headers.get("User-Agent")?.slice(0, 300) ?? null,
      expiresAt: newExpiry(),
    })
    .returning();
  return { session, setCookie: await sessionCookie(request).serialize(id) };
}

/** A new API session; the token is handed out once and only its hash is stored (apiSessionId). */
export async function createApiSession(
  db: DbOrTx,
  input: {
    userId: string;
    accountId: string;
    currentClusterId: string | null;
    ip: string | null;
    userAgent: string | null;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = newExpiry();
  await db.insert(sessions).values({
    id: apiSessionId(token),
    ...input,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * Spec §7 /api/auth/refresh: a new token for the same user and cluster, and the old one ends in the same
 * transaction, so a stolen token that is refreshed by its owner stops working.
 */
export async function rotateApiSession(
  sessionId: string,
  request: Request,
  ip: string | null,
): Promise<{ token: string; expiresAt: Date } | null> {
  // Tokens come only from a sign-in with credentials: a browser session is never turned into one.
  if (!sessionId.startsWith("api.")) return null;
  return getDb().transaction(async (tx) => {
    const [old] = await tx
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date())))
      .returning();
    return old ? successorOf(tx, old, request, ip) : null;
  });
}

/** A new token for the same user and cluster as `old` (a refresh, or the sliding token's replacement). */
function successorOf(db: DbOrTx, old: SessionRow, request: Request, ip: string | null) {
  return createApiSession(db, {
    userId: old.userId,
    accountId: old.accountId,
    currentClusterId: old.currentClusterId,
    ip,
    userAgent: request.headers.get("User-Agent"),
  });
}

/** Ends an API session (its token stops working at once); only ids of API sessions are touched. */
export async function endApiSession(sessionId: string): Promise<void> {
  if (!sessionId.startsWith("api.")) return;
  await getDb().delete(sessions).where(eq(sessions.id, sessionId));
}

export async function getActiveSession(sessionId: string): Promise<SessionRow | null> {
  const [row] = await getDb()
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

/**
 * The sliding token (spec §4/§7 "a new token in a response header replaces it", docs/decisions/1651): a
 * bearer session used in its last TOKEN_REFRESH_BEFORE_SECONDS gets a successor, and its own end moves to
 * TOKEN_GRACE_SECONDS from now so calls already sent with it still pass. Of parallel calls only the first
 * one's update matches (the others see the shortened expiry), so one replacement is made, not many.
 */
export async function slideApiSession(
  session: Pick<SessionRow, "id" | "expiresAt">,
  request: Request,
): Promise<{ token: string; expiresAt: Date } | null> {
  if (!session.id.startsWith("api.")) return null;
  if (session.expiresAt.getTime() - Date.now() > TOKEN_REFRESH_BEFORE_SECONDS * 1000) return null;
  const graceEnd = new Date(Date.now() + TOKEN_GRACE_SECONDS * 1000);
  return getDb().transaction(async (tx) => {
    const [old] = await tx
      .update(sessions)
      .set({ expiresAt: graceEnd })
      .where(and(eq(sessions.id, session.id), gt(sessions.expiresAt, graceEnd)))
      .returning();
    return old ? successorOf(tx, old, request, old.ip) : null;
  });
}

/** Slides the idle expiry forward at most once an hour, so a busy user is not signed out mid-work. */
export async function touchSession(session: Pick<SessionRow, "id" | "expiresAt">): Promise<void> {
  // A bearer token is replaced instead (slideApiSession): its expiry never moves.
  if (session.id.startsWith("api.")) return;
  const idleMs = SESSION_IDLE_HOURS * 60 * 60 * 1000;
  if (session.expiresAt.getTime() - Date.now() > idleMs - REFRESH_AFTER_MS) return;
  await getDb().update(sessions).set({ expiresAt: newExpiry() }).where(eq(sessions.id, session.id));
}

export async function setSessionCluster(sessionId: string, clusterId: string): Promise<void> {
  await getDb().update(sessions).set({ currentClusterId: clusterId }).where(eq(sessions.id, sessionId));
}

export async function destroySession(request: Request): Promise<string> {
  const id = await readSessionId(request);
  if (id) await getDb().delete(sessions).where(eq(sessions.id, id));
  return sessionCookie(request).serialize("", { maxAge: 0 });
}

export async function clearSessionCookie(request: Request): Promise<string> {
  return sessionCookie(request).serialize("", { maxAge: 0 });
}

export async function deleteSessionsOfUser(userId: string, exceptSessionId?: string): Promise<void> {
  const where = exceptSessionId
    ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
    : eq(sessions.userId, userId);
  await getDb().delete(sessions).where(where);
}

/** The Set-Cookie header that makes an existing session current again (login-as: back to the admin's own). */
export async function sessionCookieHeader(request: Request, sessionId: string): Promise<string> {
  return sessionCookie(request).serialize(sessionId);
}
