import { auditBy, recordAudit } from "~/features/audit/audit.server";
import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { users } from "#db/schema";
import { notFound } from "~/utils/not-found";
import { likePattern } from "~/utils/people-search";
import { personName } from "~/utils/person-name";
import type { Result } from "~/utils/results.server";
import type { TenantContext } from "~/utils/tenant.server";
import { ACCOUNT_USERS_PAGE_SIZE } from "./list-sizes";
import { andNameOrEmailLike, nameSearchSql, userOfRow } from "~/utils/person-name.server";

/** Users of the account matching a search, for linking; at most 20. */
export async function searchAccountUsers(ctx: TenantContext, q: string) {
  const like = likePattern(q);
  if (!like) return [];
  const rows = await getDb()
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.accountId, ctx.accountId),
        isNull(users.deletedAt),
        sql`(${nameSearchSql(users)} ilike ${like} or ${users.email} ilike ${like})`,
      ),
    )
    .orderBy(users.lastNameSort, sql`lower(${users.firstName})`)
    .limit(20);
  return rows.map((r) => ({
    id: r.id,
    name: personName(r.firstName, r.lastName, r.email),
    email: r.email,
  }));
}
export async function requireAccountUser(db: DbOrTx, ctx: TenantContext, userId: string) {
  const [u] = await db
    .select({ id: users.id, isAccountAdmin: users.isAccountAdmin })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.accountId, ctx.accountId), isNull(users.deletedAt)));
  if (!u) notFound();
  return u;
}
export async function listAccountUsers(ctx: TenantContext, input: { page: number; q?: string }) {
  const q = likePattern(input.q);
  const result = await getDb().execute<{
    id: string;
    first_name: string;
    last_name: string;
    email: string;
    is_account_admin: boolean;
    clusters: string[] | null;
    total: number;
  }>(sql`
    select u.id, u.first_name, u.last_name, u.email, u.is_account_admin,
      (select array_agg(c.name order by c.name) from memberships m join clusters c on c.id = m.cluster_id and c.deleted_at is null
        where m.user_id = u.id and m.deleted_at is null) as clusters,
      count(*) over ()::int as total
    from users u
    where u.account_id = ${ctx.accountId} and u.deleted_at is null
      ${andNameOrEmailLike("u", q)}
    order by u.is_account_admin desc, u.last_name_sort, lower(u.first_name), u.id
    limit ${ACCOUNT_USERS_PAGE_SIZE} offset ${(input.page - 1) * ACCOUNT_USERS_PAGE_SIZE}`);
  return {
    users: result.rows.map((r) => ({
      ...userOfRow(r),
      isAccountAdmin: r.is_account_admin,
      clusters: r.clusters ?? [],
    })),
    total: result.rows[0]?.total ?? 0,
  };
}

export async function setAccountAdmin(ctx: TenantContext, userId: string, admin: boolean): Promise<Result> {
  const db = getDb();
  return db.transaction(async (tx) => {
    // Lock the account's admins so two removals at once cannot both pass the last-admin check.
    await tx.execute(sql`select id from users where account_id = ${ctx.accountId} and is_account_admin for update`);
    const user = await requireAccountUser(tx, ctx, userId);
    if (!admin && user.isAccountAdmin) {
      const [{ count }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(users)
        .where(and(eq(users.accountId, ctx.accountId), eq(users.isAccountAdmin, true), isNull(users.deletedAt)));
      if (count <= 1) return { ok: false, field: "userId", errorKey: "account:users.lastAdmin" };
    }
    await tx
      .update(users)
      .set({ isAccountAdmin: admin, updatedAt: new Date() })
      .where(and(eq(users.id, userId), eq(users.accountId, ctx.accountId)));
    await recordAudit(tx, {
      ...auditBy(ctx),
      subjectType: "user",
      subjectId: userId,
      action: "account.admin",
      data: { accountAdmin: admin },
    });
    return { ok: true };
  });
}
