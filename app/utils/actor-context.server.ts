import { sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { tenantContextOf, type TenantContext } from "~/utils/tenant.server";
import type { TenantRow } from "~/utils/tenant-query.server";

/** The tenant query's columns of a user in one cluster (no session), and the cluster's name. */
type ActorRow = Omit<
  TenantRow,
  | "session_id"
  | "impersonator_name"
  | "expires_at"
  | "current_cluster_id"
  | "first_login_at"
  | "trial_ends_at"
  | "licence_expires_at"
  | "clusters"
  | "cluster_id"
> & { cluster_name: string };

/**
 * The context of a user in a cluster without a session, as a signed-in request would see it (same rules as
 * tenant-query.server.ts: an active membership with access, role rights, the cluster's modules): a job acting
 * as the user who started it (a connector's schedule, a personal-data export). Null when the user or the
 * cluster is gone; the caller checks the rights it needs.
 */
export async function actorContext(userId: string, clusterId: string): Promise<TenantContext | null> {
  const { rows } = await getDb().execute<ActorRow>(sql`
    with u as (
      select u.id as user_id, u.email, u.first_name, u.last_name, u.language, u.is_account_admin,
             u.is_system_admin, a.id as account_id, a.name as account_name, a.licence_status,
             c.name as cluster_name
        from users u join accounts a on a.id = u.account_id
        join clusters c on c.id = ${clusterId} and c.account_id = a.id and c.deleted_at is null
       where u.id = ${userId} and u.deleted_at is null
    ), own as (
      select m.id from u, memberships m
       where m.cluster_id = ${clusterId} and m.user_id = u.user_id
         and m.status = 'active' and m.access and m.deleted_at is null
    ), r as (
      select ra.role_key, ra.team_id from role_assignments ra where ra.membership_id in (select id from own)
    )
    select u.*, (select id from own) as membership_id,
           coalesce((select json_agg(json_build_object('role', role_key, 'teamId', team_id)) from r), '[]'::json) as roles,
           coalesce((select array_agg(distinct rr.right_key) from role_rights rr
                     where rr.cluster_id = ${clusterId}
                       and (rr.role_key in (select role_key from r)
                            or (rr.role_key = 'employee' and exists (select 1 from r)))), '{}') as rights,
           coalesce((select json_object_agg(g.role_key, g.rights) from (
                       select rr.role_key, array_agg(rr.right_key) as rights from role_rights rr
                       where rr.cluster_id = ${clusterId} and rr.role_key in (select role_key from r)
                       group by rr.role_key) g), '{}'::json) as role_rights,
           coalesce((select array_agg(cm.module_key) from cluster_modules cm
                     join account_modules am on am.account_id = cm.account_id and am.module_key = cm.module_key and am.active
                     where cm.cluster_id = ${clusterId}), '{}') as modules
      from u`);
  const row = rows[0];
  if (!row) return null;
  const cluster = { id: clusterId, name: row.cluster_name };
  return tenantContextOf(
    {
      ...row,
      session_id: "",
      impersonator_name: null,
      expires_at: new Date(0),
      current_cluster_id: clusterId,
      first_login_at: null,
      trial_ends_at: null,
      licence_expires_at: null,
      clusters: [cluster],
      cluster_id: clusterId,
    },
    cluster,
  );
}
