import { and, asc, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { executePrepared, getDb, getReadDb, type DbOrTx } from "#db/client.server";
import { positions, teams } from "#db/schema";
import { inCluster, isUuid } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import type { EmployeeListFilter } from "./employee-list-filter";
import type { EmployeeListTab } from "./employees.schema";
import { nameSearchSql } from "~/utils/person-name.server";
import { personName } from "~/utils/person-name";

export const PAGE_SIZE = 50;

/** A tab of the list and its filter; what the filter leaves out filters nothing. */
export type EmployeeListQuery = { tab: EmployeeListTab } & Partial<EmployeeListFilter>;

export type EmployeeRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  employeeNumber: string | null;
  status: "active" | "inactive";
  access: boolean;
  invited: boolean;
  teams: string[];
};

function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The where-conditions on memberships `m` of a tab (none: every employee not removed) and a filter: the
 * one reading of the list filter for the page and for GET api/users.
 */
function listConditions(ctx: TenantContext, tab: EmployeeListTab | undefined, query: Partial<EmployeeListFilter>) {
  const where: SQL[] = [sql`m.account_id = ${ctx.accountId}`, sql`m.cluster_id = ${ctx.clusterId}`];
  if (tab === "removed") where.push(sql`m.deleted_at is not null`);
  else where.push(sql`m.deleted_at is null`);
  if (tab === "active") where.push(sql`m.status = 'active'`);
  if (tab === "inactive") where.push(sql`m.status = 'inactive'`);
  if (tab === "invited") where.push(sql`m.invited`);
  if (query.status) where.push(sql`m.status = ${query.status}`);
  if (query.access === "yes") where.push(sql`m.access`);
  if (query.access === "no") where.push(sql`not m.access`);
  const q = query.q?.trim();
  if (q) {
    const like = likePattern(q);
    // Each side of the union is a trigram index lookup (users' full name and e-mail, memberships' employee
    // number); one OR across both tables would read every employee of the cluster (docs/decisions/0200).
    where.push(sql`m.id in (
      select sm.id from memberships sm join users su on su.id = sm.user_id
      where sm.cluster_id = ${ctx.clusterId} and su.account_id = ${ctx.accountId}
        and (${nameSearchSql("su")} ilike ${like} or su.email ilike ${like})
      union
      select sm.id from memberships sm where sm.cluster_id = ${ctx.clusterId} and sm.employee_number ilike ${like})`);
  }
  if (isUuid(query.teamId)) {
    where.push(sql`exists (select 1 from role_assignments ra where ra.membership_id = m.id
      and ra.team_id = ${query.teamId} and ra.role_key in ('team_member', 'team_admin'))`);
  }
  const teamName = query.teamName?.trim();
  if (teamName) {
    where.push(sql`exists (select 1 from role_assignments ra join teams t on t.id = ra.team_id
      where ra.membership_id = m.id and ra.role_key in ('team_member', 'team_admin')
        and t.cluster_id = ${ctx.clusterId} and t.deleted_at is null and t.name ilike ${likePattern(teamName)})`);
  }
  if (isUuid(query.tagId)) {
    where.push(
      sql`exists (select 1 from membership_tags mt where mt.membership_id = m.id and mt.tag_id = ${query.tagId})`,
    );
  }
  if (query.role) {
    where.push(
      sql`exists (select 1 from role_assignments ra where ra.membership_id = m.id and ra.role_key = ${query.role})`,
    );
  }
  return { where, searching: Boolean(q) };
}

/** The list's sort (column and direction) as SQL on memberships `m` and users `u`. */
function listOrder(query: Pick<EmployeeListQuery, "sort" | "dir">) {
  const dir = query.dir === "desc" ? sql.raw("desc") : sql.raw("asc");
  const order = {
    name: sql`u.last_name_sort ${dir}, lower(u.first_name) ${dir}`,
    email: sql`lower(u.email) ${dir}`,
    employeeNumber: sql`m.employee_number ${dir} nulls last`,
    status: sql`m.status ${dir}`,
  }[query.sort ?? "name"];
  return { dir, order };
}

/**
 * One page of employees and the total: filters and paging run in SQL (indexes on memberships(account,
 * cluster), role_assignments(team, role), membership_tags(tag)). The page and the count are two queries
 * run side by side, so that the page can stop after its rows: sorted by name it is read in the order of
 * users(account, last_name_sort, lower(first name), id). Team names are gathered for the page's rows only.
 */
export async function listEmployees(ctx: TenantContext, query: EmployeeListQuery) {
  const { where, searching } = listConditions(ctx, query.tab, query);
  const { dir, order } = listOrder(query);
  // A user has one membership per cluster, so u.id breaks ties like m.id would, and the name index covers it.
  const tieBreak = sql`u.id ${dir}`;
  const page = Math.max(1, Math.floor(query.page ?? 1));
  // Every membership has a user of its own account: the count needs no join, the page states it for the name index.
  const filter = sql.join([...where, sql`u.account_id = ${ctx.accountId}`], sql` and `);
  const pageQuery = sql`
    with page as (
      select m.id, u.first_name as "firstName", u.last_name as "lastName", u.email,
             m.employee_number as "employeeNumber", m.status, m.access, m.invited
             ${searching ? sql`, count(*) over ()::int as total` : sql``}
      from memberships m join users u on u.id = m.user_id
      where ${filter}
      order by ${order}, ${tieBreak}
      limit ${PAGE_SIZE} offset ${(page - 1) * PAGE_SIZE}
    )
    select page.*, coalesce((
      select array_agg(t.name order by t.name) from role_assignments ra join teams t on t.id = ra.team_id
      where ra.membership_id = page.id and ra.role_key in ('team_member', 'team_admin') and t.deleted_at is null
    ), '{}') as teams
    from page`;
  // Prepared per shape (filters present or not): parsing and planning were a third of PostgreSQL's work.
  if (searching) {
    // A search finds few people: one pass gives the page and the total.
    const rows = await executePrepared<EmployeeRow & { total: number }>(pageQuery);
    const total = rows[0]?.total ?? 0;
    return { rows: rows.map(({ total: _total, ...row }) => row), total, page, pageSize: PAGE_SIZE };
  }
  // Without a search the page stops after its rows (name index), and the count runs beside it
  // (an index-only scan of memberships_current_status_idx for the tabs other than "removed").
  const [rows, countRows] = await Promise.all([
    executePrepared<EmployeeRow>(pageQuery),
    executePrepared<{ total: number }>(
      sql`select count(*)::int as total from memberships m where ${sql.join(where, sql` and `)}`,
    ),
  ]);
  return { rows, total: countRows[0]?.total ?? 0, page, pageSize: PAGE_SIZE };
}

/** The most people one export holds: a workbook is built in memory (decision 1413). */
export const EXPORT_MAX_ROWS = 20_000;

/**
 * Every employee of a tab that the list's filter keeps, in the list's order, for the Excel export
 * (decision 1413): the same conditions as the page, no paging, at most EXPORT_MAX_ROWS (+1 to tell "more").
 * Read from the replica when there is one (decision 1772).
 */
export async function listEmployeesForExport(ctx: TenantContext, query: EmployeeListQuery) {
  const { where } = listConditions(ctx, query.tab, query);
  const { dir, order } = listOrder(query);
  const filter = sql.join([...where, sql`u.account_id = ${ctx.accountId}`], sql` and `);
  const result = await getReadDb().execute<EmployeeRow>(sql`
    select m.id, u.first_name as "firstName", u.last_name as "lastName", u.email,
           m.employee_number as "employeeNumber", m.status, m.access, m.invited,
           coalesce((select array_agg(t.name order by t.name) from role_assignments ra join teams t on t.id = ra.team_id
             where ra.membership_id = m.id and ra.role_key in ('team_member', 'team_admin') and t.deleted_at is null),
             '{}') as teams
    from memberships m join users u on u.id = m.user_id
    where ${filter}
    order by ${order}, u.id ${dir}
    limit ${EXPORT_MAX_ROWS + 1}`);
  return { rows: result.rows.slice(0, EXPORT_MAX_ROWS), truncated: result.rows.length > EXPORT_MAX_ROWS };
}

/**
 * GET api/users?for=store: every employee of the cluster (not removed) that the list filter keeps, with
 * team places and roles, for the client store: one query.
 */
export async function listEmployeesForStore(
  ctx: TenantContext,
  filter: Partial<EmployeeListFilter> = {},
  db: DbOrTx = getDb(),
) {
  const { where } = listConditions(ctx, undefined, filter);
  const result = await db.execute<{
    membershipId: string;
    id: string;
    firstName: string;
    lastName: string;
    email: string;
    employeeNumber: string | null;
    status: string;
    access: boolean;
    invited: boolean;
    roles: { key: string; level: string; teamId: string | null }[];
    tags: string[];
  }>(sql`
    select m.id as "membershipId", u.id, u.first_name as "firstName", u.last_name as "lastName", u.email,
           m.employee_number as "employeeNumber", m.status, m.access, m.invited,
           coalesce((select json_agg(json_build_object('key', ra.role_key, 'level', ra.level, 'teamId', ra.team_id))
                     from role_assignments ra where ra.membership_id = m.id), '[]'::json) as roles,
           coalesce((select array_agg(mt.tag_id) from membership_tags mt where mt.membership_id = m.id), '{}') as tags
    from memberships m join users u on u.id = m.user_id
    where ${sql.join(where, sql` and `)}
    order by u.last_name_sort, lower(u.first_name), m.id
  `);
  return result.rows.map((r) => ({
    ...r,
    name: personName(r.firstName, r.lastName),
    teams: r.roles.filter((x) => x.teamId).map((x) => ({ id: x.teamId!, role: x.key })),
  }));
}

type Option = { id: string; name: string };
type ClusterOptions<T> = { teams: T; tags: Option[]; positions: Option[] };

/**
 * Teams, personnel tags and positions of the cluster, for filters and selects. With `teamsUpTo`, teams
 * are only listed when the cluster has at most that many (`teams: null` otherwise).
 */
export async function listClusterOptions(ctx: TenantContext): Promise<ClusterOptions<Option[]>>;
export async function listClusterOptions(
  ctx: TenantContext,
  options: { teamsUpTo: number },
): Promise<ClusterOptions<Option[] | null>>;
export async function listClusterOptions(ctx: TenantContext, options?: { teamsUpTo: number }) {
  const [filters, positionRows] = await Promise.all([
    listFilterOptions(ctx, options?.teamsUpTo ?? 100_000),
    getDb()
      .select({ id: positions.id, name: positions.name })
      .from(positions)
      .where(inCluster(positions, ctx))
      .orderBy(asc(positions.name)),
  ]);
  return { ...filters, positions: positionRows };
}

/** The personnel list's choices: teams (null when there are more than `teamsUpTo`) and personnel tags. */
export async function listFilterOptions(ctx: TenantContext, teamsUpTo: number) {
  const [teamRows, tagRows] = await Promise.all([
    executePrepared<Option>(
      sql`select id, name from teams where account_id = ${ctx.accountId} and cluster_id = ${ctx.clusterId}
        and deleted_at is null order by name limit ${teamsUpTo + 1}`,
    ),
    executePrepared<Option>(
      sql`select id, name from tags where account_id = ${ctx.accountId} and cluster_id = ${ctx.clusterId}
        and kind = 'personnel' order by name`,
    ),
  ]);
  return { teams: teamRows.length > teamsUpTo ? null : teamRows, tags: tagRows };
}

/**
 * Team ids for names typed in a search field ("Team 001, Team 002"), matched whole and
 * case-insensitively in the cluster; names that match no team come back as `unknown`.
 */
export async function teamIdsByNames(ctx: TenantContext, text: string, db: DbOrTx = getDb()) {
  const names = [
    ...new Set(
      text
        .split(",")
        .map((n) => n.trim())
        .filter(Boolean),
    ),
  ];
  if (names.length === 0) return { ids: [], unknown: [] };
  const rows = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(
      and(
        inCluster(teams, ctx),
        isNull(teams.deletedAt),
        inArray(
          sql`lower(${teams.name})`,
          names.map((n) => n.toLowerCase()),
        ),
      ),
    );
  const found = new Set(rows.map((r) => r.name.toLowerCase()));
  return { ids: rows.map((r) => r.id), unknown: names.filter((n) => !found.has(n.toLowerCase())) };
}
