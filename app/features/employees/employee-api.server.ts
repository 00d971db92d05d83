import { sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import type { users } from "#db/schema";
import { formatDate } from "~/utils/format";
import { personName } from "~/utils/person-name";
import type { TenantContext } from "~/utils/tenant.server";
import { getEmployee } from "./employee-person.server";

/**
 * The spec §7 shapes of a person in the API (issue 37, docs/decisions/1652): what the store list and the
 * detail add to the personnel pages' rows — personal fields, verified, updatesFrequency, and teams, roles
 * (with the role's id) and tags as objects.
 */
type PersonExtras = Pick<
  typeof users.$inferSelect,
  "gender" | "phone" | "address" | "zip" | "city" | "country" | "language" | "loginType"
> & {
  membershipId: string;
  verified: boolean;
  updatesFrequency: string;
  roles: { id: string; key: string; level: string; teamId: string | null }[];
  teams: { id: string; name: string; role: string }[];
  tags: { id: string; name: string }[];
  birthday: string | null;
};

/** The extras of the given memberships of the caller's cluster, by membership id. */
export async function personExtras(
  ctx: TenantContext,
  membershipIds: string[],
  db: DbOrTx = getDb(),
): Promise<Map<string, PersonExtras>> {
  if (membershipIds.length === 0) return new Map();
  const ids = sql.join(
    membershipIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute<Omit<PersonExtras, "birthday"> & { birthday: string | null }>(sql`
    select m.id as "membershipId", (u.email_verified_at is not null) as verified,
           m.updates_frequency as "updatesFrequency", u.birthday::text as birthday, u.gender, u.phone, u.address,
           u.zip, u.city, u.country, u.language, u.login_type as "loginType",
           coalesce((select json_agg(json_build_object('id', r.id, 'key', ra.role_key, 'level', ra.level,
                                                       'teamId', ra.team_id) order by ra.role_key, ra.team_id)
                     from role_assignments ra join roles r on r.key = ra.role_key and r.level = ra.level
                     where ra.membership_id = m.id), '[]'::json) as roles,
           coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'role', ra.role_key)
                                     order by t.name, ra.role_key)
                     from role_assignments ra join teams t on t.id = ra.team_id and t.deleted_at is null
                     where ra.membership_id = m.id), '[]'::json) as teams,
           coalesce((select json_agg(json_build_object('id', tg.id, 'name', tg.name) order by tg.name)
                     from membership_tags mt join tags tg on tg.id = mt.tag_id
                     where mt.membership_id = m.id), '[]'::json) as tags
    from memberships m join users u on u.id = m.user_id
    where m.account_id = ${ctx.accountId} and m.cluster_id = ${ctx.clusterId} and m.id in (${ids})`);
  return new Map(
    result.rows.map((row) => [row.membershipId, { ...row, birthday: row.birthday ? formatDate(row.birthday) : null }]),
  );
}

/**
 * GET api/users/{id} and ?for=user: the employee record, unwrapped, with name, verified, teams, roles, tags
 * and updatesFrequency (404 outside the caller's cluster).
 */
export async function employeeForApi(ctx: TenantContext, membershipId: string) {
  const employee = await getEmployee(ctx, membershipId);
  const extras = (await personExtras(ctx, [employee.id])).get(employee.id)!;
  return { ...employee, ...extras, name: personName(employee.firstName, employee.lastName, employee.email) };
}

/** GET api/users?for=store: the list page's rows, each with the extras above. */
export async function storeUsersForApi<T extends { membershipId: string }>(ctx: TenantContext, rows: T[]) {
  const extras = await personExtras(
    ctx,
    rows.map((r) => r.membershipId),
  );
  // The row's tags stay ids (the answer's `tags` names them); roles and teams gain ids and names.
  return rows.map((row) => ({ ...row, ...extras.get(row.membershipId)!, tags: (row as { tags?: unknown }).tags }));
}
