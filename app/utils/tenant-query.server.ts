import type { LicenceStatus } from "#db/schema/accounts";
import type { RoleKey } from "#db/schema/teams";
import type { Language } from "./i18n";
import { personNameText } from "./person-name.server";

// Its own module, without imports that run anything, so that the benchmark's bare server
// (scripts/bench-bare.ts) runs exactly this statement too.

export type TenantRow = {
  session_id: string;
  impersonator_name: string | null;
  expires_at: Date;
  current_cluster_id: string | null;
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  language: Language;
  is_account_admin: boolean;
  is_system_admin: boolean;
  first_login_at: Date | null;
  account_id: string;
  account_name: string;
  licence_status: LicenceStatus;
  trial_ends_at: Date | null;
  licence_expires_at: Date | null;
  clusters: { id: string; name: string }[];
  /** The current cluster: the stored one while still allowed, else the first; null when none is. */
  cluster_id: string | null;
  membership_id: string | null;
  roles: { role: RoleKey; teamId: string | null }[];
  rights: string[];
  /** The rights each of the user's roles in the current cluster carries (a role without rights is absent). */
  role_rights: Record<string, string[]>;
  modules: string[];
};

// A membership counts when it is active, has access and is not removed.
const activeMembership = `m.status = 'active' and m.access and m.deleted_at is null`;

/**
 * The one query every signed-in request runs (a prepared statement, docs/performance.md): session, user,
 * account, the clusters the user may open, and for the current cluster (the stored one while still
 * allowed, else the first by name) the membership, roles, rights and modules.
 */
export const tenantQuery = `
    with s as (
      select s.id as session_id, s.expires_at, s.current_cluster_id,
             u.id as user_id, u.email, u.first_name, u.last_name, u.language,
             u.is_account_admin, u.is_system_admin, u.first_login_at,
             a.id as account_id, a.name as account_name, a.licence_status, a.trial_ends_at, a.licence_expires_at
      from sessions s
      join users u on u.id = s.user_id and u.deleted_at is null
      join accounts a on a.id = u.account_id
      where s.id = $1 and s.expires_at > now() and s.account_id = u.account_id
    ), allowed as (
      select c.id, c.name from s join clusters c on c.account_id = s.account_id
      where c.deleted_at is null
        and (s.is_account_admin or s.is_system_admin or exists (
          select 1 from memberships m join role_assignments ra on ra.membership_id = m.id
          where m.cluster_id = c.id and m.user_id = s.user_id and ${activeMembership}))
    ), chosen as (
      select coalesce((select al.id from allowed al where al.id = s.current_cluster_id),
                      (select al.id from allowed al order by al.name, al.id limit 1)) as cluster_id
      from s
    ), own as (
      select m.id from s, chosen, memberships m
      where m.cluster_id = chosen.cluster_id and m.user_id = s.user_id and ${activeMembership}
    ), r as (
      select ra.role_key, ra.team_id from role_assignments ra where ra.membership_id in (select id from own)
    )
    select s.*, chosen.cluster_id,
           coalesce((select json_agg(json_build_object('id', al.id, 'name', al.name) order by al.name, al.id)
                     from allowed al), '[]'::json) as clusters,
           (select ${personNameText("iu")}
              from session_impersonations si join users iu on iu.id = si.impersonator_user_id
              where si.session_id = s.session_id) as impersonator_name,
           (select id from own) as membership_id,
           coalesce((select json_agg(json_build_object('role', role_key, 'teamId', team_id)) from r), '[]'::json) as roles,
           coalesce((select array_agg(distinct rr.right_key) from role_rights rr
                     where rr.cluster_id = chosen.cluster_id
                       and (rr.role_key in (select role_key from r)
                            or (rr.role_key = 'employee' and exists (select 1 from r)))), '{}') as rights,
           coalesce((select json_object_agg(g.role_key, g.rights) from (
                       select rr.role_key, array_agg(rr.right_key) as rights from role_rights rr
                       where rr.cluster_id = chosen.cluster_id and rr.role_key in (select role_key from r)
                       group by rr.role_key) g), '{}'::json) as role_rights,
           coalesce((select array_agg(cm.module_key) from cluster_modules cm
                     join account_modules am on am.account_id = cm.account_id and am.module_key = cm.module_key and am.active
                     where cm.cluster_id = chosen.cluster_id), '{}') as modules
    from s, chosen`;
