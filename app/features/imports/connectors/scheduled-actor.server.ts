import { sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import type { LicenceStatus } from "#db/schema/accounts";
import type { RoleKey } from "#db/schema/teams";
import type { Language } from "~/utils/i18n";
import { expandRights, expandRoleRights } from "~/utils/rights";
import type { TenantContext } from "~/utils/tenant.server";
import { personName } from "~/utils/person-name";

type ActorRow = {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  language: Language;
  is_account_admin: boolean;
  is_system_admin: boolean;
  account_id: string;
  account_name: string;
  licence_status: LicenceStatus;
  cluster_name: string;
  membership_id: string | null;
  roles: { role: RoleKey; teamId: string | null }[];
  rights: string[];
  role_rights: Record<string, string[]>;
  modules: string[];
};

/**
 * The context of the HR user who set a connector's schedule, in that cluster, as a signed-in request
 * would see it (same rules as tenant-query.server.ts: an active membership with access, role rights,
 * the cluster's modules). A scheduled run acts as them; null when they may no longer import there
 * (no user, removed, no users.import, module gone) — then nothing is applied automatically.
 */
export async function scheduledActorContext(userId: string, clusterId: string): Promise<TenantContext | null> {
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
  const rights = expandRights(row.rights);
  if (!rights.has("users.import")) return null;
  return {
    sessionId: "",
    impersonatorName: null,
    user: {
      id: row.user_id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      displayName: personName(row.first_name, row.last_name, row.email),
      language: row.language,
      isAccountAdmin: row.is_account_admin,
      isSystemAdmin: row.is_system_admin,
      firstLoginAt: null,
    },
    account: {
      id: row.account_id,
      name: row.account_name,
      licenceStatus: row.licence_status,
      trialEndsAt: null,
      licenceExpiresAt: null,
    },
    accountId: row.account_id,
    clusterId,
    cluster: { id: clusterId, name: row.cluster_name },
    clusters: [{ id: clusterId, name: row.cluster_name }],
    membershipId: row.membership_id,
    roles: new Set(row.roles.map((r) => r.role)),
    teamRoles: row.roles.filter((r): r is { role: RoleKey; teamId: string } => r.teamId !== null),
    rights,
    roleRights: expandRoleRights(row.role_rights),
    modules: new Set(row.modules),
  };
}
