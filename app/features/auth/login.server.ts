import { and, eq, sql } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { getDb } from "#db/client.server";
import { users } from "#db/schema";
import { verifyPassword } from "./password.server";
import { recordAudit } from "~/features/audit/audit.server";
import { auditOwnAction } from "./user-audit.server";

export type LoginResult =
  | { ok: true; userId: string; accountId: string; firstLogin: boolean }
  | { ok: false; code: "failed" | "unverified" | "ssoOnly"; known?: { userId: string; accountId: string } };

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Checks e-mail and password. Every failure costs one password hash, so timing does not reveal whether the e-mail exists. */
export async function verifyLogin(email: string, password: string): Promise<LoginResult> {
  const [user] = await getDb()
    .select({
      id: users.id,
      accountId: users.accountId,
      passwordHash: users.passwordHash,
      loginType: users.loginType,
      emailVerifiedAt: users.emailVerifiedAt,
      firstLoginAt: users.firstLoginAt,
    })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${normalizeEmail(email)}`, sql`${users.deletedAt} is null`))
    .limit(1);
  const passwordOk = await verifyPassword(user?.passwordHash, password);
  if (!user) return { ok: false, code: "failed" };
  // The person the attempt was about, for their account's audit trail (never the typed address).
  const known = { userId: user.id, accountId: user.accountId };
  if (user.loginType === "sso") return { ok: false, code: "ssoOnly", known };
  if (!passwordOk) return { ok: false, code: "failed", known };
  if (!user.emailVerifiedAt) return { ok: false, code: "unverified", known };
  return { ok: true, userId: user.id, accountId: user.accountId, firstLogin: user.firstLoginAt === null };
}

export const authenticator = new Authenticator<LoginResult>();
authenticator.use(
  new FormStrategy(async ({ form }) =>
    verifyLogin(String(form.get("email") ?? ""), String(form.get("password") ?? "")),
  ),
  "form",
);

/** Bookkeeping of a successful sign-in: first and last login, and the audit trail. */
export async function recordSuccessfulLogin(input: { userId: string; accountId: string; ip: string }): Promise<void> {
  const db = getDb();
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ lastLoginAt: new Date(), firstLoginAt: sql`coalesce(${users.firstLoginAt}, now())` })
      .where(eq(users.id, input.userId));
    await auditOwnAction(tx, { accountId: input.accountId, userId: input.userId, action: "login", ip: input.ip });
  });
}

/**
 * A refused sign-in of a known person, in their account's trail: who was tried, from where, why refused.
 * An address that belongs to nobody has no account to record it in (decision 1520).
 */
export async function recordFailedLogin(input: { userId: string; accountId: string; ip: string; reason: string }) {
  await recordAudit(getDb(), {
    accountId: input.accountId,
    subjectType: "user",
    subjectId: input.userId,
    action: "login.failed",
    ip: input.ip,
    data: { reason: input.reason },
  });
}

/** The cluster a fresh session starts in: the first the user may open, alphabetically. */
export async function firstAccessibleClusterId(userId: string): Promise<string | null> {
  const result = await getDb().execute<{ id: string }>(sql`
    select c.id from clusters c join users u on u.id = ${userId}
    where c.account_id = u.account_id and c.deleted_at is null
      and (u.is_account_admin or u.is_system_admin or exists (
        select 1 from memberships m join role_assignments ra on ra.membership_id = m.id
        where m.cluster_id = c.id and m.user_id = u.id and m.status = 'active' and m.access and m.deleted_at is null))
    order by c.name limit 1
  `);
  return result.rows[0]?.id ?? null;
}
