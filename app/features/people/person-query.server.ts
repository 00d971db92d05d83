import { eq, isNull, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgSelect } from "drizzle-orm/pg-core";
import { getDb, type DbOrTx } from "#db/client.server";
import { memberships, users } from "#db/schema";
import { likePattern } from "~/utils/people-search";
import { personName } from "~/utils/person-name";
import { nameSearchSql } from "~/utils/person-name.server";
import { requireIdsInScope, type Tenant } from "~/utils/scope.server";

/**
 * The person behind a membership: the queries that show who a row is about (a reviewer, a dialog's
 * employee, a team member) reach them through its membership and user, always by the same two joins.
 */

/**
 * Joins the membership whose id is in `membershipId` and its user (inner joins: a row without them is left
 * out). The query must be `.$dynamic()`.
 */
export function joinPerson<Q extends PgSelect>(query: Q, membershipId: PgColumn): Q {
  return query
    .innerJoin(memberships, eq(memberships.id, membershipId))
    .innerJoin(users, eq(users.id, memberships.userId)) as unknown as Q;
}

type PersonRow = { membership_id: string; first_name: string; last_name: string; email: string };

/** A person row of raw SQL (`m.id as membership_id, u.first_name, u.last_name, u.email`) as the pages show it. */
export const personOfRow = (r: PersonRow) => ({
  membershipId: r.membership_id,
  name: personName(r.first_name, r.last_name, r.email),
  email: r.email,
});

/**
 * People of the cluster (not removed) whose name, e-mail address or employee number contains `q`, except
 * those `excluded` names (SQL about `m`, the membership: "already has this tag"); at most 20, by name. What
 * the add-people search of a tag or a team place offers.
 */
export async function searchPeople(tenant: Tenant, q: string, excluded: SQL) {
  const like = likePattern(q);
  if (!like) return [];
  const result = await getDb().execute<PersonRow>(sql`
    select m.id as membership_id, u.first_name, u.last_name, u.email
    from memberships m join users u on u.id = m.user_id
    where m.account_id = ${tenant.accountId} and m.cluster_id = ${tenant.clusterId} and m.deleted_at is null
      and (${nameSearchSql("u")} ilike ${like} or u.email ilike ${like} or m.employee_number ilike ${like})
      and not (${excluded})
    order by u.last_name_sort, lower(u.first_name)
    limit 20`);
  return result.rows.map(personOfRow);
}

/** All these memberships are of the cluster and not removed, or 404. */
export async function requireMembers(db: DbOrTx, tenant: Tenant, ids: readonly string[]): Promise<void> {
  await requireIdsInScope(db, memberships, ids, tenant, isNull(memberships.deletedAt));
}
