import { recordAudit } from "~/features/audit/audit.server";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { sessionImpersonations, sessions, users } from "#db/schema";
import { createSession, getActiveSession, readSessionId } from "~/utils/session.server";
import { likePattern } from "~/utils/people-search";
import { firstAccessibleClusterId } from "./login.server";
import { throttledTokenCheck } from "./throttle.server";
import { consumeToken, issueUserToken } from "./tokens.server";
import { LOGIN_AS_PAGE_SIZE } from "./list-sizes";
import { andNameOrEmailLike, userOfRow } from "~/utils/person-name.server";

const defaultTrustedOrigins = ["http://localhost:8080", "http://localhost:8081", "http://localhost:8082"];

/** Origins allowed to hand a login-as token over (spec §9): LOGIN_AS_TRUSTED_ORIGINS, comma separated. */
export function trustedLoginAsOrigins(): string[] {
  const configured = process.env.LOGIN_AS_TRUSTED_ORIGINS;
  if (!configured) return defaultTrustedOrigins;
  return configured
    .split(",")
    .map((o) => o.trim().replace(/\/+$/, ""))
    .filter(Boolean);
}

/** Same origin, or a configured admin front end. Browsers send Origin with every POST. */
export function isTrustedLoginAsOrigin(request: Request): boolean {
  const origin = request.headers.get("Origin");
  if (!origin || origin === "null") return false;
  return origin === new URL(request.url).origin || trustedLoginAsOrigins().includes(origin);
}

/** A system admin asks for a one-time token (2 minutes) to sign in as another user. */
export async function createLoginAsToken(
  ctx: { user: { id: string; isSystemAdmin: boolean } },
  targetUserId: string,
): Promise<{ path: string; secret: string } | null> {
  if (!ctx.user.isSystemAdmin) throw new Response("Forbidden", { status: 403 });
  if (!/^[0-9a-f-]{36}$/i.test(targetUserId)) return null;
  return getDb().transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id, accountId: users.accountId })
      .from(users)
      .where(and(eq(users.id, targetUserId), isNull(users.deletedAt)));
    if (!target) return null;
    const token = await issueUserToken(tx, {
      accountId: target.accountId,
      userId: target.id,
      purpose: "login-as",
      actorUserId: ctx.user.id,
    });
    return { path: `/login-as?token=${token.secret}`, secret: token.secret };
  });
}

/** Uses the token once: a new session as the target user, remembered as an impersonation and audited. */
export async function startLoginAs(
  request: Request,
  input: { token: string; ip: string },
): Promise<{ ok: true; setCookie: string } | { ok: false; retryAfter?: number }> {
  const checked = await throttledTokenCheck(
    input.ip,
    input.token,
    () => getDb().transaction((tx) => consumeToken(tx, "login-as", input.token)),
    (found) => Boolean(found?.actorUserId),
  );
  if (checked.limited) return { ok: false, retryAfter: checked.retryAfter };
  const token = checked.value;
  if (!token || !token.actorUserId) return { ok: false };
  const currentId = await readSessionId(request);
  const current = currentId ? await getActiveSession(currentId) : null;
  const { session, setCookie } = await createSession(request, {
    userId: token.userId,
    accountId: token.accountId,
    currentClusterId: await firstAccessibleClusterId(token.userId),
    ip: input.ip,
  });
  await getDb().transaction(async (tx) => {
    await tx.insert(sessionImpersonations).values({
      sessionId: session.id,
      impersonatorUserId: token.actorUserId!,
      returnSessionId: current && current.userId === token.actorUserId ? current.id : null,
    });
    await recordAudit(tx, {
      accountId: token.accountId,
      actorUserId: token.actorUserId,
      subjectType: "user",
      subjectId: token.userId,
      action: "loginAs.start",
      ip: input.ip,
    });
  });
  return { ok: true, setCookie };
}

/**
 * Ends a login-as session and returns to the admin's own session when it is still valid. Returns the
 * session id to continue with (or null: sign in again).
 */
export async function stopLoginAs(
  ctx: { sessionId: string; accountId: string; user: { id: string } },
  ip: string,
): Promise<{ returnSessionId: string | null } | null> {
  const db = getDb();
  const [row] = await db.select().from(sessionImpersonations).where(eq(sessionImpersonations.sessionId, ctx.sessionId));
  if (!row) return null;
  await db.transaction(async (tx) => {
    await recordAudit(tx, {
      accountId: ctx.accountId,
      actorUserId: row.impersonatorUserId,
      subjectType: "user",
      subjectId: ctx.user.id,
      action: "loginAs.stop",
      ip,
    });
    await tx.delete(sessions).where(eq(sessions.id, ctx.sessionId));
  });
  if (!row.returnSessionId) return { returnSessionId: null };
  const [back] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, row.returnSessionId), gt(sessions.expiresAt, new Date())));
  return { returnSessionId: back?.id ?? null };
}

/** The system admin's picker (/system/login-as): users of every account by name or e-mail, paged. */
export async function searchUsersForLoginAs(
  ctx: { user: { id: string; isSystemAdmin: boolean } },
  input: { q: string; page: number },
) {
  if (!ctx.user.isSystemAdmin) throw new Response("Forbidden", { status: 403 });
  const q = likePattern(input.q);
  const result = await getDb().execute<{
    id: string;
    first_name: string;
    last_name: string;
    email: string;
    account_name: string;
    total: number;
  }>(sql`
    select u.id, u.first_name, u.last_name, u.email, a.name as account_name, count(*) over ()::int as total
    from users u join accounts a on a.id = u.account_id
    where u.deleted_at is null and u.id <> ${ctx.user.id}
      ${andNameOrEmailLike("u", q)}
    order by lower(u.email), u.id
    limit ${LOGIN_AS_PAGE_SIZE} offset ${(input.page - 1) * LOGIN_AS_PAGE_SIZE}`);
  return {
    users: result.rows.map((r) => ({
      ...userOfRow(r),
      account: r.account_name,
    })),
    total: result.rows[0]?.total ?? 0,
  };
}

/**
 * "Inloggen als" from the picker: the same one-time token and start as the link flow (audit entry,
 * impersonation with the admin's own session to return to), issued and used in one step.
 */
export async function loginAsFromPicker(
  request: Request,
  ctx: { user: { id: string; isSystemAdmin: boolean } },
  input: { userId: string; ip: string },
): Promise<{ ok: true; setCookie: string } | { ok: false }> {
  if (input.userId === ctx.user.id) return { ok: false };
  const token = await createLoginAsToken(ctx, input.userId);
  if (!token) return { ok: false };
  return startLoginAs(request, { token: token.secret, ip: input.ip });
}
