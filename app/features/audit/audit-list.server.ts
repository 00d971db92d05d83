import { sql, type SQL } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { likePattern } from "~/utils/people-search";
import { nameSearchSql, personNameSql } from "~/utils/person-name.server";
import type { TenantContext } from "~/utils/tenant.server";
import { AUDIT_EXPORT_MAX_ROWS, AUDIT_PAGE_SIZE } from "./audit-actions";
import type { AuditListFilter } from "./audit-list-filter";

export type AuditRow = {
  id: number;
  at: string;
  /** The keyset position with PostgreSQL's microseconds (a JS date keeps milliseconds only). */
  cursor: string;
  action: string;
  actor: string | null;
  target: string | null;
  cluster: string | null;
  subjectType: string | null;
  subjectId: string | null;
  ip: string | null;
  data: Record<string, unknown> | null;
};

/** People of the account whose name or e-mail matches: the person and actor filters. */
function peopleMatching(ctx: TenantContext, text: string): SQL {
  const q = likePattern(text);
  return sql`(select u.id from users u where u.account_id = ${ctx.accountId}
    and (${nameSearchSql("u")} ilike ${q} or u.email ilike ${q}))`;
}

/**
 * The account's trail, newest first, read by keyset on (created_at, id) so that page 20,000 costs what page
 * 1 costs (decision 1521). Only the signed-in account's rows: account_id is the first column of every index.
 */
async function readAuditRows(ctx: TenantContext, filter: AuditListFilter, limit: number): Promise<AuditRow[]> {
  const where: SQL[] = [sql`e.account_id = ${ctx.accountId}`];
  if (filter.person) where.push(sql`e.target_user_id in ${peopleMatching(ctx, filter.person)}`);
  if (filter.actor) where.push(sql`e.actor_user_id in ${peopleMatching(ctx, filter.actor)}`);
  if (filter.action) where.push(sql`e.action = ${filter.action}`);
  if (filter.from) where.push(sql`e.created_at >= (${filter.from}::date)::timestamp at time zone 'Europe/Amsterdam'`);
  if (filter.to) where.push(sql`e.created_at < (${filter.to}::date + 1)::timestamp at time zone 'Europe/Amsterdam'`);
  if (filter.before) {
    where.push(sql`(e.created_at, e.id) < (${filter.before.at}::timestamptz, ${filter.before.id}::bigint)`);
  }
  const result = await getDb().execute<{
    id: string;
    at: Date | string;
    at_us: string;
    action: string;
    actor: string | null;
    target: string | null;
    cluster: string | null;
    subject_type: string | null;
    subject_id: string | null;
    ip: string | null;
    data: Record<string, unknown> | null;
  }>(sql`
    select e.id, e.created_at as at,
      to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at_us, e.action, e.subject_type, e.subject_id, e.ip, e.data,
      (select ${personNameSql("a")} from users a where a.id = e.actor_user_id and a.account_id = e.account_id) as actor,
      (select ${personNameSql("t")} from users t where t.id = e.target_user_id and t.account_id = e.account_id) as target,
      (select c.name from clusters c where c.id = e.cluster_id and c.account_id = e.account_id) as cluster
    from audit_events e
    where ${sql.join(where, sql` and `)}
    -- "nulls last" as the indexes are built: plain "desc" means nulls first and sorted all 1M rows (1.0 s; docs/performance.md).
    order by e.created_at desc nulls last, e.id desc nulls last
    limit ${limit}`);
  return result.rows.map((r) => ({
    id: Number(r.id),
    at: new Date(r.at).toISOString(),
    cursor: `${r.at_us}_${r.id}`,
    action: r.action,
    actor: r.actor,
    target: r.target,
    cluster: r.cluster,
    subjectType: r.subject_type,
    subjectId: r.subject_id,
    ip: r.ip,
    data: r.data,
  }));
}

/** One page of the viewer and the cursor of the next (older) page, or null on the last. */
export async function listAuditEvents(ctx: TenantContext, filter: AuditListFilter) {
  const rows = await readAuditRows(ctx, filter, AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const last = page[page.length - 1];
  return { rows: page, next: rows.length > AUDIT_PAGE_SIZE && last ? last.cursor : null };
}

/** Every row the filters select (from the cursor on), at most AUDIT_EXPORT_MAX_ROWS: the export. */
export async function listAuditEventsForExport(ctx: TenantContext, filter: AuditListFilter) {
  const rows = await readAuditRows(ctx, filter, AUDIT_EXPORT_MAX_ROWS + 1);
  return { rows: rows.slice(0, AUDIT_EXPORT_MAX_ROWS), truncated: rows.length > AUDIT_EXPORT_MAX_ROWS };
}
