import { redirect } from "@remix-run/node";
import { queryPrepared } from "#db/client.server";
import type { LicenceStatus } from "#db/schema/accounts";
import type { RoleKey } from "#db/schema/teams";
import type { Language } from "./i18n";
import type { ModuleKey } from "./modules";
import { memoPerRequest } from "./request-scope.server";
import { expandRights, hasAnyRole, hasRight, type Right } from "./rights";
import { clearSessionCookie, readSessionId, setSessionCluster, touchSession } from "./session.server";
import { createToastHeader } from "./toast.server";

export type TenantContext = {
  sessionId: string;
  /** Who started this session through login-as (spec: the "signed in as" banner), else null. */
  impersonatorName: string | null;
  user: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    displayName: string;
    language: Language;
    isAccountAdmin: boolean;
    isSystemAdmin: boolean;
    firstLoginAt: Date | null;
  };
  account: {
    id: string;
    name: string;
    licenceStatus: LicenceStatus;
    trialEndsAt: Date | null;
    licenceExpiresAt: Date | null;
  };
  accountId: string;
  /** The current cluster; every cluster-owned query filters on it. */
  clusterId: string;
  cluster: { id: string; name: string };
  /** Clusters this user may switch to (at least one role, or account admin). */
  clusters: { id: string; name: string }[];
  /** The user's employee record in the current cluster (account admins may have none). */
  membershipId: string | null;
  roles: ReadonlySet<RoleKey>;
  teamRoles: readonly { role: RoleKey; teamId: string }[];
  rights: ReadonlySet<Right>;
  modules: ReadonlySet<string>;
};

type TenantRow = {
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
  modules: string[];
};

// A membership counts when it is active, has access and is not removed.
const activeMembership = `m.status = 'active' and m.access and m.deleted_at is null`;

/**
 * The one query every signed-in request runs (a prepared statement, docs/performance.md): session, user,
 * account, the clusters the user may open, and for the current cluster (the stored one while still
 * allowed, else the first by name) the membership, roles, rights and modules.
 */
const tenantQuery = `
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
           (select coalesce(nullif(trim(iu.first_name || ' ' || iu.last_name), ''), iu.email)
              from session_impersonations si join users iu on iu.id = si.impersonator_user_id
              where si.session_id = s.session_id) as impersonator_name,
           (select id from own) as membership_id,
           coalesce((select json_agg(json_build_object('role', role_key, 'teamId', team_id)) from r), '[]'::json) as roles,
           coalesce((select array_agg(distinct rr.right_key) from role_rights rr
                     where rr.cluster_id = chosen.cluster_id
                       and (rr.role_key in (select role_key from r)
                            or (rr.role_key = 'employee' and exists (select 1 from r)))), '{}') as rights,
           coalesce((select array_agg(cm.module_key) from cluster_modules cm
                     join account_modules am on am.account_id = cm.account_id and am.module_key = cm.module_key and am.active
                     where cm.cluster_id = chosen.cluster_id), '{}') as modules
    from s, chosen`;

/** Loads everything the guards need in one round trip; null when the session is unknown or expired. */
async function loadSessionTenant(sessionId: string): Promise<TenantRow | null> {
  const rows = await queryPrepared<TenantRow>("tenant_request", tenantQuery, [sessionId]);
  return rows[0] ?? null;
}

const unguardedPaths = new Set(["/", "/login", "/dashboard"]);

function loginRedirectUrl(request: Request, extra?: Record<string, string>): string {
  const url = new URL(request.url);
  const params = new URLSearchParams(extra);
  const intended = url.pathname + url.search;
  // The intended route is remembered, except for login, root and dashboard (spec §2).
  if (!unguardedPaths.has(url.pathname) && request.method === "GET") params.set("redirectTo", intended);
  const query = params.toString();
  return query ? `/login?${query}` : "/login";
}

/** Resolves the signed-in user and the tenant, or throws the spec's guard redirects. Once a request. */
export function requireUser(request: Request, options: { allowNoCluster?: boolean } = {}): Promise<TenantContext> {
  if (options.allowNoCluster) return resolveUser(request, options);
  return memoPerRequest(request, "tenant", () => resolveUser(request, options));
}

// The session row is read once a request, for the guards and for the language (getLanguage).
function sessionRowFor(request: Request) {
  return memoPerRequest(request, "session-row", async () => {
    const sessionId = await readSessionId(request);
    return { sessionId, row: sessionId ? await loadSessionTenant(sessionId) : null };
  });
}

/** The signed-in user's language setting, from the same session query the guards use. */
export async function sessionLanguage(request: Request): Promise<Language | null> {
  return (await sessionRowFor(request).catch(() => null))?.row?.language ?? null;
}

async function resolveUser(request: Request, options: { allowNoCluster?: boolean }): Promise<TenantContext> {
  const { sessionId, row } = await sessionRowFor(request);
  if (!sessionId) throw redirect(loginRedirectUrl(request));
  if (!row) {
    throw redirect(loginRedirectUrl(request, { expired: "1" }), {
      headers: { "Set-Cookie": await clearSessionCookie(request) },
    });
  }
  await touchSession({ id: row.session_id, expiresAt: new Date(row.expires_at) });

  const current = row.clusters.find((c) => c.id === row.cluster_id) ?? null;
  // The stored cluster is gone or no longer allowed: the first one the user may open becomes current.
  if (current && current.id !== row.current_cluster_id) await setSessionCluster(row.session_id, current.id);
  if (!current) {
    if (options.allowNoCluster) return noClusterContext(row);
    throw redirect("/nocluster");
  }
  return {
    ...baseContext(row),
    clusterId: current.id,
    cluster: current,
    membershipId: row.membership_id,
    roles: new Set(row.roles.map((r) => r.role)),
    teamRoles: row.roles.filter((r): r is { role: RoleKey; teamId: string } => r.teamId !== null),
    rights: expandRights(row.rights),
    modules: new Set(row.modules),
  };
}

function baseContext(row: TenantRow) {
  return {
    sessionId: row.session_id,
    impersonatorName: row.impersonator_name,
    user: {
      id: row.user_id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      displayName: [row.first_name, row.last_name].filter(Boolean).join(" ") || row.email,
      language: row.language,
      isAccountAdmin: row.is_account_admin,
      isSystemAdmin: row.is_system_admin,
      firstLoginAt: row.first_login_at ? new Date(row.first_login_at) : null,
    },
    account: {
      id: row.account_id,
      name: row.account_name,
      licenceStatus: row.licence_status,
      trialEndsAt: row.trial_ends_at ? new Date(row.trial_ends_at) : null,
      licenceExpiresAt: row.licence_expires_at ? new Date(row.licence_expires_at) : null,
    },
    accountId: row.account_id,
    clusters: row.clusters,
  };
}

/** Only /nocluster and sign-out run without a cluster; clusterId is empty there and must not be queried with. */
function noClusterContext(row: TenantRow): TenantContext {
  return {
    ...baseContext(row),
    clusterId: "",
    cluster: { id: "", name: "" },
    membershipId: null,
    roles: new Set(),
    teamRoles: [],
    rights: new Set(),
    modules: new Set(),
  };
}

/** A session that is valid, without the cluster rules; for pages that serve signed-in and anonymous visitors. */
export async function getOptionalUser(request: Request): Promise<TenantContext | null> {
  const sessionId = await readSessionId(request);
  if (!sessionId) return null;
  try {
    return await requireUser(request, { allowNoCluster: true });
  } catch (error) {
    if (error instanceof Response) return null;
    throw error;
  }
}

export function can(ctx: TenantContext, right: Right): boolean {
  return hasRight(rightsSubject(ctx), right);
}

export function hasRole(ctx: TenantContext, roles: readonly string[]): boolean {
  return hasAnyRole(
    { isAccountAdmin: ctx.user.isAccountAdmin, isSystemAdmin: ctx.user.isSystemAdmin, roles: ctx.roles },
    roles,
  );
}

async function deny(): Promise<never> {
  throw redirect("/dashboard", {
    headers: { "Set-Cookie": await createToastHeader({ type: "error", key: "common:guard.noAccess" }) },
  });
}

/** Failed right check → /dashboard (spec §2). */
export async function requireRight(request: Request, right: Right): Promise<TenantContext> {
  const ctx = await requireUser(request);
  if (!can(ctx, right)) await deny();
  return ctx;
}

export async function requireModule(request: Request, moduleKey: ModuleKey, right?: Right): Promise<TenantContext> {
  const ctx = right ? await requireRight(request, right) : await requireUser(request);
  if (!ctx.modules.has(moduleKey)) await deny();
  return ctx;
}

export async function requireRole(request: Request, roles: readonly RoleKey[]): Promise<TenantContext> {
  const ctx = await requireUser(request);
  if (!hasRole(ctx, roles)) await deny();
  return ctx;
}

/** System administration (login-as): system admins only; everyone else → /dashboard like a failed right. */
export async function requireSystemAdmin(request: Request): Promise<TenantContext> {
  const ctx = await requireUser(request);
  if (!ctx.user.isSystemAdmin) await deny();
  return ctx;
}

/** For /login and other anonymous pages: a signed-in visitor goes to the dashboard. */
export async function requireAnonymous(request: Request): Promise<void> {
  const user = await getOptionalUser(request);
  if (user) throw redirect("/dashboard");
}

/** The shape the rights rules and the navigation take. */
export function rightsSubject(ctx: TenantContext) {
  return {
    isAccountAdmin: ctx.user.isAccountAdmin,
    isSystemAdmin: ctx.user.isSystemAdmin,
    rights: ctx.rights,
    modules: ctx.modules,
  };
}
