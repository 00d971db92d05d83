import { redirect } from "@remix-run/node";
import { queryPrepared } from "#db/client.server";
import type { LicenceStatus } from "#db/schema/accounts";
import type { RoleKey } from "#db/schema/teams";
import type { Language } from "./i18n";
import type { ModuleKey } from "./modules";
import { leaveForAnswer, memoPerRequest } from "./request-scope.server";
import { expandRights, expandRoleRights, hasAnyRole, passesGuard, type Right, type RightGuard } from "./rights";
import { REFRESHED_TOKEN_HEADER } from "./api-limits";
import {
  clearSessionCookie,
  readSessionId,
  requestSessionId,
  setSessionCluster,
  slideApiSession,
  touchSession,
} from "./session.server";
import { tenantQuery, type TenantRow } from "./tenant-query.server";
import { redirectWithToast } from "./toast.server";
import { personName } from "~/utils/person-name";

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
  /** The rights each of those roles carries here (expanded): who sees which teams (app/utils/team-scope.server.ts). */
  roleRights: ReadonlyMap<string, ReadonlySet<Right>>;
  modules: ReadonlySet<string>;
};

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
    const sessionId = await requestSessionId(request);
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
  const session = { id: row.session_id, expiresAt: new Date(row.expires_at) };
  await touchSession(session);
  const successor = await slideApiSession(session, request);
  if (successor) leaveForAnswer(REFRESHED_TOKEN_HEADER, successor.token);

  const current = row.clusters.find((c) => c.id === row.cluster_id) ?? null;
  // The stored cluster is gone or no longer allowed: the first one the user may open becomes current.
  if (current && current.id !== row.current_cluster_id) await setSessionCluster(row.session_id, current.id);
  if (!current) {
    if (options.allowNoCluster) return noClusterContext(row);
    throw redirect("/nocluster");
  }
  return tenantContextOf(row, current);
}

/**
 * The context of a tenant row in one of its clusters: the session's (above), or one a job builds for the
 * user it acts as (scheduled-actor.server.ts) with the same query's columns.
 */
export function tenantContextOf(row: TenantRow, cluster: { id: string; name: string }): TenantContext {
  return {
    ...baseContext(row),
    clusterId: cluster.id,
    cluster,
    membershipId: row.membership_id,
    roles: new Set(row.roles.map((r) => r.role)),
    teamRoles: row.roles.filter((r): r is { role: RoleKey; teamId: string } => r.teamId !== null),
    rights: expandRights(row.rights),
    roleRights: expandRoleRights(row.role_rights),
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
      displayName: personName(row.first_name, row.last_name, row.email),
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
    roleRights: new Map(),
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

export function can(ctx: TenantContext, right: RightGuard): boolean {
  return passesGuard(rightsSubject(ctx), right);
}

export function hasRole(ctx: TenantContext, roles: readonly string[]): boolean {
  return hasAnyRole(
    { isAccountAdmin: ctx.user.isAccountAdmin, isSystemAdmin: ctx.user.isSystemAdmin, roles: ctx.roles },
    roles,
  );
}

async function deny(): Promise<never> {
  throw await redirectWithToast("/dashboard", { type: "error", key: "common:guard.noAccess" });
}

/** Failed right check → /dashboard (spec §2). */
export async function requireRight(request: Request, right: RightGuard): Promise<TenantContext> {
  const ctx = await requireUser(request);
  if (!can(ctx, right)) await deny();
  return ctx;
}

export async function requireModule(
  request: Request,
  moduleKey: ModuleKey,
  right?: RightGuard,
): Promise<TenantContext> {
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
