import { and, asc, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from "drizzle-orm";
import { executePrepared, getDb, type Tx } from "#db/client.server";
import {
  auditEvents,
  contracts,
  memberships,
  membershipTags,
  positions,
  roleAssignments,
  tags,
  teams,
  users,
} from "#db/schema";
import type { RoleKey } from "#db/schema/teams";
import { formatDate, parseDate, toIsoDate } from "~/utils/dates";
import { inCluster, isUuid, notFound } from "~/utils/scope.server";
import { reassignReviewData } from "~/features/reviews/review-history.server";
import { hasRight } from "~/utils/rights";
import { rightsSubject, type TenantContext } from "~/utils/tenant.server";
import { inviteMemberships, uninviteMemberships } from "~/features/invitations/invitations.server";
import {
  mayChangeAccountWideFields,
  mayChangeRolesOf,
  membershipsActorMayChange,
  rolesActorMayNotChange,
} from "~/features/people/actor-may.server";
import { requestEmailChange } from "~/features/people/email-change.server";
import { enqueueEmailDelivery } from "~/features/email/outbox.server";
import {
  clusterRoleKeys,
  type BulkAction,
  type ClusterRoleKey,
  type EmployeeListTab,
  type FilterRoleKey,
  type PersonInput,
  type SortKey,
} from "./employees.schema";

export const PAGE_SIZE = 50;

export type EmployeeListQuery = {
  tab: EmployeeListTab;
  q?: string;
  teamId?: string;
  /** Part of a team name: the filter of clusters with too many teams for a select (docs/decisions/0254). */
  teamName?: string;
  tagId?: string;
  status?: "active" | "inactive";
  access?: "yes" | "no";
  role?: FilterRoleKey;
  sort?: SortKey;
  dir?: "asc" | "desc";
  page?: number;
};

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

/**
 * One page of employees and the total: filters and paging run in SQL (indexes on memberships(account,
 * cluster), role_assignments(team, role), membership_tags(tag)). The page and the count are two queries
 * run side by side, so that the page can stop after its rows: sorted by name it is read in the order of
 * users(account, lower(last name), lower(first name), id). Team names are gathered for the page's rows only.
 */
export async function listEmployees(ctx: TenantContext, query: EmployeeListQuery) {
  const where: SQL[] = [sql`m.account_id = ${ctx.accountId}`, sql`m.cluster_id = ${ctx.clusterId}`];
  if (query.tab === "removed") where.push(sql`m.deleted_at is not null`);
  else where.push(sql`m.deleted_at is null`);
  if (query.tab === "active") where.push(sql`m.status = 'active'`);
  if (query.tab === "inactive") where.push(sql`m.status = 'inactive'`);
  if (query.tab === "invited") where.push(sql`m.invited`);
  if (query.status) where.push(sql`m.status = ${query.status}`);
  if (query.access === "yes") where.push(sql`m.access`);
  if (query.access === "no") where.push(sql`not m.access`);
  const q = query.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // Each side of the union is a trigram index lookup (users' full name and e-mail, memberships' employee
    // number); one OR across both tables would read every employee of the cluster (docs/decisions/0200).
    where.push(sql`m.id in (
      select sm.id from memberships sm join users su on su.id = sm.user_id
      where sm.cluster_id = ${ctx.clusterId} and su.account_id = ${ctx.accountId}
        and ((su.first_name || ' ' || su.last_name) ilike ${like} or su.email ilike ${like})
      union
      select sm.id from memberships sm where sm.cluster_id = ${ctx.clusterId} and sm.employee_number ilike ${like})`);
  }
  if (isUuid(query.teamId)) {
    where.push(sql`exists (select 1 from role_assignments ra where ra.membership_id = m.id
      and ra.team_id = ${query.teamId} and ra.role_key in ('team_member', 'team_admin'))`);
  }
  const teamName = query.teamName?.trim();
  if (teamName) {
    const like = `%${teamName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`exists (select 1 from role_assignments ra join teams t on t.id = ra.team_id
      where ra.membership_id = m.id and ra.role_key in ('team_member', 'team_admin')
        and t.cluster_id = ${ctx.clusterId} and t.deleted_at is null and t.name ilike ${like})`);
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
  const dir = query.dir === "desc" ? sql.raw("desc") : sql.raw("asc");
  const order = {
    name: sql`lower(u.last_name) ${dir}, lower(u.first_name) ${dir}`,
    email: sql`lower(u.email) ${dir}`,
    employeeNumber: sql`m.employee_number ${dir} nulls last`,
    status: sql`m.status ${dir}`,
  }[query.sort ?? "name"];
  // A user has one membership per cluster, so u.id breaks ties like m.id would, and the name index covers it.
  const tieBreak = sql`u.id ${dir}`;
  const page = Math.max(1, Math.floor(query.page ?? 1));
  // Every membership has a user of its own account: the count needs no join, the page states it for the name index.
  const filter = sql.join([...where, sql`u.account_id = ${ctx.accountId}`], sql` and `);
  const searching = Boolean(q);
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

/**
 * Teams, personnel tags and positions of the cluster, for filters and selects. With `teamsUpTo`, teams
 * are only listed when the cluster has at most that many (`teams: null` otherwise).
 */
export async function listClusterOptions(ctx: TenantContext): Promise<ClusterOptions<{ id: string; name: string }[]>>;
export async function listClusterOptions(
  ctx: TenantContext,
  options: { teamsUpTo: number },
): Promise<ClusterOptions<{ id: string; name: string }[] | null>>;
export async function listClusterOptions(ctx: TenantContext, options?: { teamsUpTo: number }) {
  const [filters, positionRows] = await Promise.all([
    listFilterOptions(ctx, options?.teamsUpTo ?? 100_000),
    getDb()
      .select({ id: positions.id, name: positions.name })
      .from(positions)
      .where(and(eq(positions.accountId, ctx.accountId), eq(positions.clusterId, ctx.clusterId)))
      .orderBy(asc(positions.name)),
  ]);
  return { ...filters, positions: positionRows };
}

/** The personnel list's choices: teams (null when there are more than `teamsUpTo`) and personnel tags. */
export async function listFilterOptions(ctx: TenantContext, teamsUpTo: number) {
  const [teamRows, tagRows] = await Promise.all([
    executePrepared<{ id: string; name: string }>(
      sql`select id, name from teams where account_id = ${ctx.accountId} and cluster_id = ${ctx.clusterId}
        and deleted_at is null order by name limit ${teamsUpTo + 1}`,
    ),
    executePrepared<{ id: string; name: string }>(
      sql`select id, name from tags where account_id = ${ctx.accountId} and cluster_id = ${ctx.clusterId}
        and kind = 'personnel' order by name`,
    ),
  ]);
  return { teams: teamRows.length > teamsUpTo ? null : teamRows, tags: tagRows };
}

type ClusterOptions<T> = { teams: T; tags: { id: string; name: string }[]; positions: { id: string; name: string }[] };

/**
 * Team ids for names typed in a search field ("Team 001, Team 002"), matched whole and
 * case-insensitively in the cluster; names that match no team come back as `unknown`.
 */
export async function teamIdsByNames(ctx: TenantContext, text: string) {
  const names = [
    ...new Set(
      text
        .split(",")
        .map((n) => n.trim())
        .filter(Boolean),
    ),
  ];
  if (names.length === 0) return { ids: [], unknown: [] };
  const rows = await getDb()
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(
      and(
        eq(teams.accountId, ctx.accountId),
        eq(teams.clusterId, ctx.clusterId),
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

/** One employee of the current cluster (removed ones too), or 404. */
export async function getEmployee(ctx: TenantContext, membershipId: string) {
  if (!isUuid(membershipId)) notFound();
  const [row] = await getDb()
    .select({
      id: memberships.id,
      userId: users.id,
      employeeNumber: memberships.employeeNumber,
      status: memberships.status,
      access: memberships.access,
      invited: memberships.invited,
      deletedAt: memberships.deletedAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      birthday: users.birthday,
      gender: users.gender,
      address: users.address,
      zip: users.zip,
      city: users.city,
      country: users.country,
      language: users.language,
      loginType: users.loginType,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(inCluster(memberships, ctx), eq(memberships.id, membershipId)));
  if (!row) notFound();
  return { ...row, birthday: row.birthday ? formatDate(row.birthday) : "" };
}

function userValues(input: PersonInput) {
  const birthday = input.birthday ? parseDate(input.birthday) : null;
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone || null,
    birthday: birthday ? toIsoDate(birthday) : null,
    gender: input.gender || null,
    address: input.address || null,
    zip: input.zip || null,
    city: input.city || null,
    country: input.country || null,
    language: input.language,
    loginType: input.loginType,
  };
}

async function audit(tx: Tx, ctx: TenantContext, action: string, subjectId: string, data?: unknown) {
  await tx.insert(auditEvents).values({
    accountId: ctx.accountId,
    clusterId: ctx.clusterId,
    actorUserId: ctx.user.id,
    subjectType: "membership",
    subjectId,
    action,
    data: data ?? null,
  });
}

// ---------------------------------------------------------------------------------------------
// E-mail lookup (spec §3/§4)

export const lookupOutcomes = [
  "notFound",
  "foundNotMember",
  "foundMemberActive",
  "foundMemberInactive",
  "foundActiveElsewhere",
  "foundOtherAccount",
  "foundTrashedInAccount",
] as const;
export type LookupOutcome = (typeof lookupOutcomes)[number];

export type LookupResult = {
  outcome: LookupOutcome;
  membershipId?: string;
  /** foundActiveElsewhere: whether the signed-in user may connect the person to this cluster. */
  canConnect?: boolean;
};

/**
 * What an e-mail address means for adding a person to the current cluster, in one query. "Connect
 * when the user has the right" for someone active in another cluster: account admins, and users who
 * hold users.manage in one of the clusters where that person is active (docs/decisions/0201).
 */
export async function lookupEmail(ctx: TenantContext, email: string): Promise<LookupResult> {
  const result = await getDb().execute<{
    account_id: string;
    user_deleted: boolean;
    membership_id: string | null;
    membership_status: "active" | "inactive" | null;
    membership_deleted: boolean | null;
    active_elsewhere: boolean;
    manages_elsewhere: boolean;
  }>(sql`
    select u.account_id, u.deleted_at is not null as user_deleted,
           m.id as membership_id, m.status as membership_status, m.deleted_at is not null as membership_deleted,
           exists (select 1 from memberships o where o.user_id = u.id and o.cluster_id <> ${ctx.clusterId}
                   and o.status = 'active' and o.deleted_at is null) as active_elsewhere,
           exists (select 1 from memberships o
                   join memberships mine on mine.cluster_id = o.cluster_id and mine.user_id = ${ctx.user.id}
                        and mine.status = 'active' and mine.access and mine.deleted_at is null
                   join role_assignments ra on ra.membership_id = mine.id
                   join role_rights rr on rr.cluster_id = o.cluster_id and rr.role_key = ra.role_key
                        and rr.right_key = 'users.manage'
                   where o.user_id = u.id and o.cluster_id <> ${ctx.clusterId}
                     and o.status = 'active' and o.deleted_at is null) as manages_elsewhere
    from users u
    left join memberships m on m.user_id = u.id and m.cluster_id = ${ctx.clusterId}
    where lower(u.email) = lower(${email})
  `);
  const row = result.rows[0];
  if (!row) return { outcome: "notFound" };
  if (row.account_id !== ctx.accountId) return { outcome: "foundOtherAccount" };
  if (row.user_deleted || row.membership_deleted) {
    return { outcome: "foundTrashedInAccount", membershipId: row.membership_id ?? undefined };
  }
  if (row.membership_id) {
    return {
      outcome: row.membership_status === "active" ? "foundMemberActive" : "foundMemberInactive",
      membershipId: row.membership_id,
    };
  }
  if (row.active_elsewhere) {
    const canConnect = ctx.user.isAccountAdmin || ctx.user.isSystemAdmin || row.manages_elsewhere;
    return { outcome: "foundActiveElsewhere", canConnect };
  }
  return { outcome: "foundNotMember" };
}

export type AddPersonResult =
  | { ok: true; membershipId: string; outcome: LookupOutcome }
  | { ok: false; outcome: LookupOutcome; membershipId?: string };

/**
 * The wizard's confirm step: runs the lookup again (never trusting the page) and creates, connects or
 * activates as the outcome allows, in one transaction.
 */
export async function addPerson(ctx: TenantContext, input: PersonInput): Promise<AddPersonResult> {
  const lookup = await lookupEmail(ctx, input.email);
  const { outcome } = lookup;
  const allowed =
    outcome === "notFound" ||
    outcome === "foundNotMember" ||
    outcome === "foundMemberInactive" ||
    (outcome === "foundActiveElsewhere" && lookup.canConnect);
  if (!allowed) return { ok: false, outcome, membershipId: lookup.membershipId };

  const membershipId = await getDb().transaction(async (tx) => {
    if (outcome === "foundMemberInactive") {
      await tx
        .update(memberships)
        .set({ status: "active", updatedAt: new Date() })
        .where(and(inCluster(memberships, ctx), eq(memberships.id, lookup.membershipId!)));
      await audit(tx, ctx, "membership.activate", lookup.membershipId!);
      return lookup.membershipId!;
    }
    let userId: string;
    if (outcome === "notFound") {
      const [user] = await tx
        .insert(users)
        .values({ accountId: ctx.accountId, email: input.email, ...userValues(input) })
        .returning({ id: users.id });
      userId = user.id;
    } else {
      const [user] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.accountId, ctx.accountId), sql`lower(${users.email}) = lower(${input.email})`));
      userId = user.id;
    }
    const [membership] = await tx
      .insert(memberships)
      .values({
        accountId: ctx.accountId,
        clusterId: ctx.clusterId,
        userId,
        employeeNumber: input.employeeNumber || null,
        status: "active",
        access: false,
      })
      .returning({ id: memberships.id });
    await tx.insert(roleAssignments).values({
      accountId: ctx.accountId,
      clusterId: ctx.clusterId,
      membershipId: membership.id,
      roleKey: "employee",
      level: "cluster",
    });
    await audit(tx, ctx, outcome === "notFound" ? "membership.create" : "membership.connect", membership.id);
    return membership.id;
  });
  return { ok: true, membershipId, outcome };
}

// ---------------------------------------------------------------------------------------------
// Details

export type UpdateEmployeeResult =
  | { ok: true; emailPending: boolean }
  | { ok: false; field: keyof PersonInput; errorKey: string; values?: Record<string, string> }
  | { ok: false; field: "employeeNumber"; errorKey: string; values: Record<string, string>; warning: true };

/** The fields of the account-wide user row that the input changes, the sign-in identity first. */
function changedUserFields(current: Awaited<ReturnType<typeof getEmployee>>, input: PersonInput) {
  const next = { ...userValues(input), email: input.email };
  const before: Record<keyof typeof next, unknown> = {
    email: current.email,
    loginType: current.loginType,
    firstName: current.firstName,
    lastName: current.lastName,
    phone: current.phone,
    birthday: current.birthday ? toIsoDate(parseDate(current.birthday)!) : null,
    gender: current.gender,
    address: current.address,
    zip: current.zip,
    city: current.city,
    country: current.country,
    language: current.language,
  };
  return (Object.keys(before) as (keyof typeof next)[]).filter((key) =>
    key === "email"
      ? next.email.toLowerCase() !== current.email.toLowerCase()
      : (before[key] ?? null) !== (next[key] ?? null),
  );
}

/**
 * Saves the details tab. The user row is account-wide: changing it needs every role and right its owner
 * has (docs/decisions/0620). A new e-mail address takes effect only once confirmed from that address.
 */
export async function updateEmployee(
  ctx: TenantContext,
  membershipId: string,
  input: PersonInput & { confirmEmployeeNumber?: "on" },
): Promise<UpdateEmployeeResult> {
  const current = await getEmployee(ctx, membershipId);
  const changed = changedUserFields(current, input);
  if (changed.length > 0) {
    const may = await mayChangeAccountWideFields(ctx, current.userId);
    if (!may.ok) return { ok: false, field: changed[0], errorKey: may.errorKey };
  }
  const newNumber = input.employeeNumber || null;
  if ((current.employeeNumber ?? null) !== newNumber && current.employeeNumber && !input.confirmEmployeeNumber) {
    return {
      ok: false,
      field: "employeeNumber",
      errorKey: "employees:details.employeeNumberChanges",
      values: { from: current.employeeNumber, to: newNumber ?? "" },
      warning: true,
    };
  }
  const emailChanges = changed.includes("email");
  if (emailChanges) {
    const [taken] = await getDb()
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${input.email})`, ne(users.id, current.userId)));
    if (taken) return { ok: false, field: "email", errorKey: "employees:lookup.duplicate" };
  }
  const emailId = await getDb().transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...userValues(input), updatedAt: new Date() })
      .where(and(eq(users.id, current.userId), eq(users.accountId, ctx.accountId)));
    await tx
      .update(memberships)
      .set({ employeeNumber: newNumber, updatedAt: new Date() })
      .where(and(inCluster(memberships, ctx), eq(memberships.id, membershipId)));
    await audit(tx, ctx, "membership.update", membershipId);
    if (!emailChanges) return null;
    return requestEmailChange(
      tx,
      { accountId: ctx.accountId, userId: current.userId, firstName: input.firstName, language: input.language },
      { newEmail: input.email, actorUserId: ctx.user.id },
    );
  });
  if (emailId) await enqueueEmailDelivery(emailId);
  return { ok: true, emailPending: emailChanges };
}

// ---------------------------------------------------------------------------------------------
// Contracts

export async function listContracts(ctx: TenantContext, membershipId: string) {
  const rows = await getDb()
    .select({
      id: contracts.id,
      positionName: positions.name,
      startDate: contracts.startDate,
      endDate: contracts.endDate,
      fte: contracts.fte,
      hoursPerWeek: contracts.hoursPerWeek,
      isTemporary: contracts.isTemporary,
      isActive: contracts.isActive,
    })
    .from(contracts)
    .innerJoin(positions, eq(positions.id, contracts.positionId))
    .where(
      and(
        eq(contracts.accountId, ctx.accountId),
        eq(contracts.clusterId, ctx.clusterId),
        eq(contracts.membershipId, membershipId),
      ),
    )
    .orderBy(asc(contracts.startDate));
  return rows.map((r) => ({ ...r, startDate: formatDate(r.startDate), endDate: formatDate(r.endDate) }));
}

export type ContractInput = {
  positionId: string;
  start: string;
  end: string;
  fte: number;
  hoursPerWeek?: number;
  isTemporary: "temporary" | "permanent";
  isActive?: "on";
};

async function contractPosition(ctx: TenantContext, positionId: string) {
  const [position] = await getDb()
    .select({ id: positions.id })
    .from(positions)
    .where(
      and(eq(positions.id, positionId), eq(positions.accountId, ctx.accountId), eq(positions.clusterId, ctx.clusterId)),
    );
  return position ?? null;
}

function contractValues(positionId: string, input: ContractInput) {
  return {
    positionId,
    startDate: toIsoDate(parseDate(input.start)!),
    endDate: toIsoDate(parseDate(input.end)!),
    fte: input.fte.toFixed(2),
    hoursPerWeek: input.hoursPerWeek === undefined ? null : input.hoursPerWeek.toFixed(2),
    isTemporary: input.isTemporary === "temporary",
    isActive: input.isActive === "on",
  };
}

type ContractResult = { ok: true } | { ok: false; field: "positionId"; errorKey: string };

export async function addContract(
  ctx: TenantContext,
  membershipId: string,
  input: ContractInput,
): Promise<ContractResult> {
  await getEmployee(ctx, membershipId);
  const position = await contractPosition(ctx, input.positionId);
  if (!position) return { ok: false, field: "positionId", errorKey: "employees:contracts.positionRequired" };
  await getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(contracts)
      .values({
        accountId: ctx.accountId,
        clusterId: ctx.clusterId,
        membershipId,
        ...contractValues(position.id, input),
      })
      .returning({ id: contracts.id });
    await audit(tx, ctx, "contract.create", membershipId, { contractId: row.id });
  });
  return { ok: true };
}

/** A contract as the edit form shows it (dates dd-MM-yyyy, numbers as typed text). */
export async function getContractFormValues(ctx: TenantContext, membershipId: string, contractId: string) {
  await getContract(ctx, membershipId, contractId);
  const [row] = await getDb()
    .select()
    .from(contracts)
    .where(and(eq(contracts.id, contractId), eq(contracts.membershipId, membershipId), inCluster(contracts, ctx)));
  return {
    positionId: row.positionId,
    start: formatDate(row.startDate),
    end: formatDate(row.endDate),
    fte: String(Number(row.fte)),
    hoursPerWeek: row.hoursPerWeek === null ? "" : String(Number(row.hoursPerWeek)),
    isTemporary: row.isTemporary ? ("temporary" as const) : ("permanent" as const),
    isActive: row.isActive ? ("on" as const) : ("" as const),
  };
}

export async function updateContract(
  ctx: TenantContext,
  membershipId: string,
  contractId: string,
  input: ContractInput,
): Promise<ContractResult> {
  await getContract(ctx, membershipId, contractId);
  const position = await contractPosition(ctx, input.positionId);
  if (!position) return { ok: false, field: "positionId", errorKey: "employees:contracts.positionRequired" };
  await getDb().transaction(async (tx) => {
    await tx
      .update(contracts)
      .set({ ...contractValues(position.id, input), updatedAt: new Date() })
      .where(
        and(
          eq(contracts.id, contractId),
          eq(contracts.membershipId, membershipId),
          eq(contracts.accountId, ctx.accountId),
          eq(contracts.clusterId, ctx.clusterId),
        ),
      );
    await audit(tx, ctx, "contract.update", membershipId, { contractId });
  });
  return { ok: true };
}

export async function getContract(ctx: TenantContext, membershipId: string, contractId: string) {
  if (!isUuid(contractId) || !isUuid(membershipId)) notFound();
  const [row] = await getDb()
    .select({
      id: contracts.id,
      positionName: positions.name,
      startDate: contracts.startDate,
      endDate: contracts.endDate,
    })
    .from(contracts)
    .innerJoin(positions, eq(positions.id, contracts.positionId))
    .where(
      and(
        eq(contracts.id, contractId),
        eq(contracts.membershipId, membershipId),
        eq(contracts.accountId, ctx.accountId),
        eq(contracts.clusterId, ctx.clusterId),
      ),
    );
  if (!row) notFound();
  return { ...row, startDate: formatDate(row.startDate), endDate: formatDate(row.endDate) };
}

export async function deleteContract(ctx: TenantContext, membershipId: string, contractId: string) {
  await getContract(ctx, membershipId, contractId);
  await getDb().transaction(async (tx) => {
    await tx
      .delete(contracts)
      .where(
        and(
          eq(contracts.id, contractId),
          eq(contracts.accountId, ctx.accountId),
          eq(contracts.clusterId, ctx.clusterId),
        ),
      );
    await audit(tx, ctx, "contract.delete", membershipId, { contractId });
  });
}

// ---------------------------------------------------------------------------------------------
// Teams, roles, tags of one employee

export async function listTeamPlaces(ctx: TenantContext, membershipId: string) {
  return getDb()
    .select({ id: roleAssignments.id, teamId: teams.id, teamName: teams.name, place: roleAssignments.roleKey })
    .from(roleAssignments)
    .innerJoin(teams, eq(teams.id, roleAssignments.teamId))
    .where(
      and(
        eq(roleAssignments.accountId, ctx.accountId),
        eq(roleAssignments.clusterId, ctx.clusterId),
        eq(roleAssignments.membershipId, membershipId),
        inArray(roleAssignments.roleKey, ["team_member", "team_admin"]),
        isNull(teams.deletedAt),
      ),
    )
    .orderBy(asc(teams.name));
}

async function teamsOfCluster(ctx: TenantContext, teamIds: string[]): Promise<string[]> {
  const ids = teamIds.filter(isUuid);
  if (ids.length === 0) return [];
  const rows = await getDb()
    .select({ id: teams.id })
    .from(teams)
    .where(
      and(
        inArray(teams.id, ids),
        eq(teams.accountId, ctx.accountId),
        eq(teams.clusterId, ctx.clusterId),
        isNull(teams.deletedAt),
      ),
    );
  return rows.map((r) => r.id);
}

export async function addTeamPlace(
  ctx: TenantContext,
  membershipId: string,
  input: { teamId: string; place: "team_member" | "team_admin" },
): Promise<{ ok: true } | { ok: false; field: "teamId" | "place"; errorKey: string }> {
  await getEmployee(ctx, membershipId);
  const [teamId] = await teamsOfCluster(ctx, [input.teamId]);
  if (!teamId) return { ok: false, field: "teamId", errorKey: "employees:teams.teamRequired" };
  const may = await mayChangeRolesOf(ctx, membershipId, [input.place]);
  if (!may.ok) return { ok: false, field: "place", errorKey: may.errorKey };
  const inserted = await getDb()
    .insert(roleAssignments)
    .values({
      accountId: ctx.accountId,
      clusterId: ctx.clusterId,
      membershipId,
      roleKey: input.place,
      level: "team",
      teamId,
    })
    .onConflictDoNothing()
    .returning({ id: roleAssignments.id });
  if (inserted.length === 0) return { ok: false, field: "teamId", errorKey: "employees:teams.alreadyThere" };
  return { ok: true };
}

export async function removeTeamPlace(
  ctx: TenantContext,
  membershipId: string,
  assignmentId: string,
): Promise<{ ok: true } | { ok: false; errorKey: string }> {
  await getEmployee(ctx, membershipId);
  if (!isUuid(assignmentId)) notFound();
  const [place] = await getDb()
    .select({ roleKey: roleAssignments.roleKey })
    .from(roleAssignments)
    .where(and(eq(roleAssignments.id, assignmentId), eq(roleAssignments.membershipId, membershipId)));
  if (!place) notFound();
  const may = await mayChangeRolesOf(ctx, membershipId, [place.roleKey]);
  if (!may.ok) return may;
  const removed = await getDb()
    .delete(roleAssignments)
    .where(
      and(
        eq(roleAssignments.id, assignmentId),
        eq(roleAssignments.membershipId, membershipId),
        eq(roleAssignments.accountId, ctx.accountId),
        eq(roleAssignments.clusterId, ctx.clusterId),
        inArray(roleAssignments.roleKey, ["team_member", "team_admin"]),
      ),
    )
    .returning({ id: roleAssignments.id });
  if (removed.length === 0) notFound();
  return { ok: true };
}

export async function listClusterRoles(ctx: TenantContext, membershipId: string): Promise<RoleKey[]> {
  const rows = await getDb()
    .select({ roleKey: roleAssignments.roleKey })
    .from(roleAssignments)
    .where(
      and(
        eq(roleAssignments.accountId, ctx.accountId),
        eq(roleAssignments.clusterId, ctx.clusterId),
        eq(roleAssignments.membershipId, membershipId),
        eq(roleAssignments.level, "cluster"),
      ),
    );
  return rows.map((r) => r.roleKey);
}

/**
 * Replaces the employee's cluster-level roles with the chosen ones (account_admin is a user flag, not
 * touched). Every role given or taken must pass the one role rule (mayChangeRolesOf).
 */
export async function setClusterRoles(
  ctx: TenantContext,
  membershipId: string,
  roleKeys: string[],
): Promise<{ ok: true } | { ok: false; errorKey: string }> {
  await getEmployee(ctx, membershipId);
  const wanted = clusterRoleKeys.filter((k) => roleKeys.includes(k));
  const held = (await listClusterRoles(ctx, membershipId)).filter((k) => clusterRoleKeys.includes(k as ClusterRoleKey));
  const changed = [
    ...wanted.filter((k) => !held.includes(k)),
    ...held.filter((k) => !wanted.includes(k as ClusterRoleKey)),
  ];
  const may = await mayChangeRolesOf(ctx, membershipId, changed);
  if (!may.ok) return may;
  await getDb().transaction(async (tx) => {
    await tx
      .delete(roleAssignments)
      .where(
        and(
          eq(roleAssignments.membershipId, membershipId),
          eq(roleAssignments.accountId, ctx.accountId),
          eq(roleAssignments.clusterId, ctx.clusterId),
          eq(roleAssignments.level, "cluster"),
          inArray(roleAssignments.roleKey, [...clusterRoleKeys]),
        ),
      );
    if (wanted.length > 0) {
      await tx.insert(roleAssignments).values(
        wanted.map((roleKey) => ({
          accountId: ctx.accountId,
          clusterId: ctx.clusterId,
          membershipId,
          roleKey,
          level: "cluster" as const,
        })),
      );
    }
    await audit(tx, ctx, "membership.roles", membershipId, { roles: wanted });
  });
  return { ok: true };
}

export async function listEmployeeTagIds(ctx: TenantContext, membershipId: string): Promise<string[]> {
  const rows = await getDb()
    .select({ tagId: membershipTags.tagId })
    .from(membershipTags)
    .where(
      and(
        eq(membershipTags.accountId, ctx.accountId),
        eq(membershipTags.clusterId, ctx.clusterId),
        eq(membershipTags.membershipId, membershipId),
      ),
    );
  return rows.map((r) => r.tagId);
}

export async function setEmployeeTags(ctx: TenantContext, membershipId: string, tagIds: string[]) {
  await getEmployee(ctx, membershipId);
  const ids = tagIds.filter(isUuid);
  const valid =
    ids.length === 0
      ? []
      : await getDb()
          .select({ id: tags.id })
          .from(tags)
          .where(
            and(
              inArray(tags.id, ids),
              eq(tags.accountId, ctx.accountId),
              eq(tags.clusterId, ctx.clusterId),
              eq(tags.kind, "personnel"),
            ),
          );
  await getDb().transaction(async (tx) => {
    await tx
      .delete(membershipTags)
      .where(
        and(
          eq(membershipTags.membershipId, membershipId),
          eq(membershipTags.accountId, ctx.accountId),
          eq(membershipTags.clusterId, ctx.clusterId),
        ),
      );
    if (valid.length > 0) {
      await tx
        .insert(membershipTags)
        .values(valid.map((t) => ({ accountId: ctx.accountId, clusterId: ctx.clusterId, membershipId, tagId: t.id })));
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Bulk actions

export type BulkInput = { action: BulkAction; ids: string[]; teamIds?: string[]; roleKeys?: string[] };
export type BulkResult = {
  changed: number;
  /** Names of selected employees that were not changed (already in that state, or not allowed). */
  unchanged: string[];
  /** The spec's message when nothing changed (§8). */
  errorKey?: string;
  /** The action gives or takes a role the actor may not change: nothing was done (403). */
  denied?: true;
};

/** The roles a bulk action gives or takes. */
function rolesOfBulkAction(action: BulkAction, roleKeys: readonly string[]): string[] {
  if (action === "clusterAdminAdd" || action === "clusterAdminRemove") return ["cluster_admin"];
  if (action === "assignRoles") return [...roleKeys];
  if (action === "assignTeams") return ["team_member"];
  if (action === "unassignTeams") return ["team_member", "team_admin"];
  return [];
}

const noChangeMessages: Record<BulkAction, string> = {
  activate: "employees:bulk.errors.noUserUpdated",
  deactivate: "employees:bulk.errors.noUsersDeactivated",
  grantAccess: "employees:bulk.errors.noUserUpdated",
  revokeAccess: "employees:bulk.errors.noUserUpdated",
  invite: "employees:bulk.errors.noUserUpdated",
  uninvite: "employees:bulk.errors.noUserUpdated",
  clusterAdminAdd: "employees:bulk.errors.noUserUpdated",
  clusterAdminRemove: "employees:bulk.errors.noClusterAdmin",
  assignTeams: "employees:bulk.errors.failed",
  unassignTeams: "employees:bulk.errors.noTeamsRemoved",
  assignRoles: "employees:bulk.errors.noRolesAssigned",
  restore: "employees:bulk.errors.noUserUpdated",
};

/**
 * Applies one action to the selected employees of the current cluster in one transaction. Ids of other
 * tenants simply match nothing. Each statement returns the memberships it changed, so the result can
 * name the ones that stayed as they were.
 */
export async function runBulkAction(ctx: TenantContext, input: BulkInput): Promise<BulkResult> {
  const ids = [...new Set(input.ids.filter(isUuid))];
  if (ids.length === 0) return { changed: 0, unchanged: [], errorKey: noChangeMessages[input.action] };
  const db = getDb();
  const selected = await db
    .select({ id: memberships.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(inCluster(memberships, ctx), inArray(memberships.id, ids)));
  const teamIds = await teamsOfCluster(ctx, input.teamIds ?? []);
  const roleKeys = clusterRoleKeys.filter((k) => (input.roleKeys ?? []).includes(k));
  // The one rule for role changes (docs/decisions/0620): a role the actor may not give or take stops the
  // action; removing team places then removes only the places the actor may take.
  const refusedRoles = await rolesActorMayNotChange(ctx, rolesOfBulkAction(input.action, roleKeys), db);
  const removableTeamRoles = (["team_member", "team_admin"] as const).filter((r) => !refusedRoles.includes(r));
  if (refusedRoles.length > 0 && (input.action !== "unassignTeams" || removableTeamRoles.length === 0)) {
    return { changed: 0, unchanged: [], errorKey: "employees:bulk.errors.noRight", denied: true };
  }
  // People with more rights than the actor stay as they are (named as unchanged).
  const changeable = await membershipsActorMayChange(
    ctx,
    selected.map((s) => s.id),
    db,
  );
  const selectedIds = selected.filter((s) => changeable.has(s.id)).map((s) => s.id);

  const changedIds = new Set<string>();
  if (selectedIds.length > 0 && (input.action === "invite" || input.action === "uninvite")) {
    // The invitation service of the account lifecycle does the work (its own transaction and audit).
    const done =
      input.action === "invite"
        ? (await inviteMemberships(ctx, selectedIds)).invited
        : (
            await uninviteMemberships(
              ctx,
              selectedIds.filter((id) => id !== ctx.membershipId),
            )
          ).uninvited;
    for (const id of done) changedIds.add(id);
  } else if (selectedIds.length > 0) {
    await db.transaction(async (tx) => {
      const base = and(inCluster(memberships, ctx), inArray(memberships.id, selectedIds));
      const live = and(base, isNull(memberships.deletedAt));
      const now = new Date();
      let touched: { id: string }[] = [];
      switch (input.action) {
        case "activate":
          touched = await tx
            .update(memberships)
            .set({ status: "active", updatedAt: now })
            .where(and(live, eq(memberships.status, "inactive")))
            .returning({ id: memberships.id });
          break;
        case "deactivate":
          touched = await tx
            .update(memberships)
            .set({ status: "inactive", updatedAt: now })
            .where(
              and(
                live,
                eq(memberships.status, "active"),
                ctx.membershipId ? ne(memberships.id, ctx.membershipId) : undefined,
              ),
            )
            .returning({ id: memberships.id });
          break;
        case "grantAccess":
          touched = await tx
            .update(memberships)
            .set({ access: true, updatedAt: now })
            .where(and(live, eq(memberships.access, false)))
            .returning({ id: memberships.id });
          break;
        case "revokeAccess":
          touched = await tx
            .update(memberships)
            .set({ access: false, updatedAt: now })
            .where(
              and(
                live,
                eq(memberships.access, true),
                ctx.membershipId ? ne(memberships.id, ctx.membershipId) : undefined,
              ),
            )
            .returning({ id: memberships.id });
          break;
        case "restore":
          touched = await tx
            .update(memberships)
            .set({ deletedAt: null, updatedAt: now })
            .where(and(base, isNotNull(memberships.deletedAt)))
            .returning({ id: memberships.id });
          break;
        case "clusterAdminAdd":
          touched = await insertRoles(tx, ctx, selectedIds, ["cluster_admin"]);
          break;
        case "assignRoles":
          touched = roleKeys.length ? await insertRoles(tx, ctx, selectedIds, roleKeys) : [];
          break;
        case "clusterAdminRemove":
          touched = await tx
            .delete(roleAssignments)
            .where(
              and(
                eq(roleAssignments.accountId, ctx.accountId),
                eq(roleAssignments.clusterId, ctx.clusterId),
                inArray(roleAssignments.membershipId, selectedIds),
                eq(roleAssignments.roleKey, "cluster_admin"),
                ctx.membershipId ? ne(roleAssignments.membershipId, ctx.membershipId) : undefined,
              ),
            )
            .returning({ id: roleAssignments.membershipId });
          break;
        case "assignTeams":
          touched = teamIds.length
            ? await tx
                .insert(roleAssignments)
                .values(
                  selectedIds.flatMap((membershipId) =>
                    teamIds.map((teamId) => ({
                      accountId: ctx.accountId,
                      clusterId: ctx.clusterId,
                      membershipId,
                      roleKey: "team_member" as const,
                      level: "team" as const,
                      teamId,
                    })),
                  ),
                )
                .onConflictDoNothing()
                .returning({ id: roleAssignments.membershipId })
            : [];
          break;
        case "unassignTeams":
          touched = teamIds.length
            ? await tx
                .delete(roleAssignments)
                .where(
                  and(
                    eq(roleAssignments.accountId, ctx.accountId),
                    eq(roleAssignments.clusterId, ctx.clusterId),
                    inArray(roleAssignments.membershipId, selectedIds),
                    inArray(roleAssignments.teamId, teamIds),
                    inArray(roleAssignments.roleKey, removableTeamRoles),
                  ),
                )
                .returning({ id: roleAssignments.membershipId })
            : [];
          break;
      }
      for (const t of touched) changedIds.add(t.id);
      if (changedIds.size > 0) {
        await tx.insert(auditEvents).values({
          accountId: ctx.accountId,
          clusterId: ctx.clusterId,
          actorUserId: ctx.user.id,
          subjectType: "membership",
          subjectId: null,
          action: `membership.bulk.${input.action}`,
          data: { ids: [...changedIds], teamIds, roleKeys },
        });
      }
    });
  }
  const unchanged = selected
    .filter((s) => !changedIds.has(s.id))
    .map((s) => `${s.firstName} ${s.lastName}`.trim() || s.email);
  return {
    changed: changedIds.size,
    unchanged,
    errorKey: changedIds.size === 0 ? noChangeMessages[input.action] : undefined,
  };
}

async function insertRoles(tx: Tx, ctx: TenantContext, membershipIds: string[], roleKeys: readonly ClusterRoleKey[]) {
  return tx
    .insert(roleAssignments)
    .values(
      membershipIds.flatMap((membershipId) =>
        roleKeys.map((roleKey) => ({
          accountId: ctx.accountId,
          clusterId: ctx.clusterId,
          membershipId,
          roleKey,
          level: "cluster" as const,
        })),
      ),
    )
    .onConflictDoNothing()
    .returning({ id: roleAssignments.membershipId });
}

// ---------------------------------------------------------------------------------------------
// Soft delete, restore, merge

export async function softDeleteEmployee(
  ctx: TenantContext,
  membershipId: string,
): Promise<{ ok: true } | { ok: false; errorKey: string }> {
  await getEmployee(ctx, membershipId);
  if (membershipId === ctx.membershipId) return { ok: false, errorKey: "employees:delete.notYourself" };
  if (!(await membershipsActorMayChange(ctx, [membershipId])).has(membershipId)) {
    return { ok: false, errorKey: "employees:delete.outranks" };
  }
  await getDb().transaction(async (tx) => {
    await tx
      .update(memberships)
      .set({ deletedAt: new Date(), updatedAt: new Date() })
      .where(and(inCluster(memberships, ctx), eq(memberships.id, membershipId), isNull(memberships.deletedAt)));
    await audit(tx, ctx, "membership.delete", membershipId);
  });
  return { ok: true };
}

export async function restoreEmployee(ctx: TenantContext, membershipId: string) {
  await getEmployee(ctx, membershipId);
  await getDb().transaction(async (tx) => {
    await tx
      .update(memberships)
      .set({ deletedAt: null, updatedAt: new Date() })
      .where(and(inCluster(memberships, ctx), eq(memberships.id, membershipId)));
    await audit(tx, ctx, "membership.restore", membershipId);
  });
}

/** Candidates for a merge: other employees of the cluster matching a search, at most 20. */
export async function searchMergeCandidates(ctx: TenantContext, membershipId: string, q: string) {
  if (!q.trim()) return [];
  const { rows } = await listEmployees(ctx, { tab: "active", q });
  const { rows: inactive } = await listEmployees(ctx, { tab: "inactive", q });
  return [...rows, ...inactive].filter((r) => r.id !== membershipId).slice(0, 20);
}

/**
 * Why the actor may not merge these two (docs/decisions/0620), or null: it needs users.merge, neither
 * person may have more rights than the actor, and the roles the kept record gains must be roles the
 * actor could give directly.
 */
async function mergeRefusal(ctx: TenantContext, input: { keepId: string; removeId: string }): Promise<string | null> {
  if (!hasRight(rightsSubject(ctx), "users.merge")) return "employees:merge.outranks";
  const db = getDb();
  const changeable = await membershipsActorMayChange(ctx, [input.keepId, input.removeId], db);
  if (!changeable.has(input.keepId) || !changeable.has(input.removeId)) return "employees:merge.outranks";
  const gained = await db.execute<{ role_key: string }>(sql`
    select distinct r.role_key from role_assignments r
    where r.membership_id = ${input.removeId} and r.account_id = ${ctx.accountId} and r.cluster_id = ${ctx.clusterId}
      and not exists (select 1 from role_assignments k where k.membership_id = ${input.keepId}
                      and k.role_key = r.role_key and k.team_id is not distinct from r.team_id)`);
  const refused = await rolesActorMayNotChange(
    ctx,
    gained.rows.map((r) => r.role_key),
    db,
  );
  return refused.length > 0 ? "employees:merge.rolesNotGrantable" : null;
}

/**
 * Merges two employees of the cluster: contracts, role assignments (team places included) and tags of
 * the one that goes move to the one that remains, in one transaction; duplicates (same role in the same
 * team, same tag) are dropped; the one that goes is soft-deleted (docs/decisions/0203).
 */
export async function mergeEmployees(
  ctx: TenantContext,
  input: { keepId: string; removeId: string },
): Promise<{ ok: true } | { ok: false; errorKey: string }> {
  if (input.keepId === input.removeId) return { ok: false, errorKey: "employees:merge.same" };
  await getEmployee(ctx, input.keepId);
  await getEmployee(ctx, input.removeId);
  if (input.removeId === ctx.membershipId) return { ok: false, errorKey: "employees:delete.notYourself" };
  const refusal = await mergeRefusal(ctx, input);
  if (refusal) return { ok: false, errorKey: refusal };
  await getDb().transaction(async (tx) => {
    await tx
      .update(contracts)
      .set({ membershipId: input.keepId, updatedAt: new Date() })
      .where(
        and(
          eq(contracts.membershipId, input.removeId),
          eq(contracts.accountId, ctx.accountId),
          eq(contracts.clusterId, ctx.clusterId),
        ),
      );
    await tx.execute(sql`
      insert into role_assignments (account_id, cluster_id, membership_id, role_key, level, team_id)
      select account_id, cluster_id, ${input.keepId}, role_key, level, team_id from role_assignments
      where membership_id = ${input.removeId} and account_id = ${ctx.accountId} and cluster_id = ${ctx.clusterId}
      on conflict do nothing`);
    await tx
      .delete(roleAssignments)
      .where(
        and(
          eq(roleAssignments.membershipId, input.removeId),
          eq(roleAssignments.accountId, ctx.accountId),
          eq(roleAssignments.clusterId, ctx.clusterId),
        ),
      );
    await tx.execute(sql`
      insert into membership_tags (account_id, cluster_id, membership_id, tag_id)
      select account_id, cluster_id, ${input.keepId}, tag_id from membership_tags
      where membership_id = ${input.removeId} and account_id = ${ctx.accountId} and cluster_id = ${ctx.clusterId}
      on conflict do nothing`);
    await tx
      .delete(membershipTags)
      .where(
        and(
          eq(membershipTags.membershipId, input.removeId),
          eq(membershipTags.accountId, ctx.accountId),
          eq(membershipTags.clusterId, ctx.clusterId),
        ),
      );
    // Review data moves with the person and is never deleted (docs/decisions/0641).
    await reassignReviewData(tx, input.removeId, input.keepId);
    await tx
      .update(memberships)
      .set({ deletedAt: new Date(), status: "inactive", access: false, updatedAt: new Date() })
      .where(and(inCluster(memberships, ctx), eq(memberships.id, input.removeId)));
    await audit(tx, ctx, "membership.merge", input.keepId, { removed: input.removeId });
  });
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------
// JSON API (spec §7)

/** Every employee of the cluster with team places and roles, for the client store: one query. */
export async function listEmployeesForStore(ctx: TenantContext) {
  const result = await getDb().execute<{
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
    where m.account_id = ${ctx.accountId} and m.cluster_id = ${ctx.clusterId} and m.deleted_at is null
    order by lower(u.last_name), lower(u.first_name), m.id
  `);
  return result.rows.map((r) => ({
    ...r,
    name: `${r.firstName} ${r.lastName}`.trim(),
    teams: r.roles.filter((x) => x.teamId).map((x) => ({ id: x.teamId!, role: x.key })),
  }));
}

/** PUT api/users/{id}: names, and the account-admin flag for account admins only. */
export async function updateEmployeeNames(
  ctx: TenantContext,
  membershipId: string,
  input: { firstName?: string; lastName?: string; accountAdmin?: boolean },
): Promise<{ ok: true } | { ok: false; status: 400 | 403; error: string }> {
  const employee = await getEmployee(ctx, membershipId);
  if (input.accountAdmin !== undefined && !ctx.user.isAccountAdmin && !ctx.user.isSystemAdmin) {
    return { ok: false, status: 403, error: "accountAdmin" };
  }
  if (input.accountAdmin === false && employee.userId === ctx.user.id) {
    return { ok: false, status: 400, error: "accountAdmin" };
  }
  // Names and the flag live on the account-wide user row: the same rule as the details page (0620).
  const changes =
    (input.firstName !== undefined && input.firstName !== employee.firstName) ||
    (input.lastName !== undefined && input.lastName !== employee.lastName) ||
    input.accountAdmin !== undefined;
  if (changes && !(await mayChangeAccountWideFields(ctx, employee.userId)).ok) {
    return { ok: false, status: 403, error: "forbidden" };
  }
  const firstName = input.firstName ?? employee.firstName;
  const lastName = input.lastName ?? employee.lastName;
  if (!firstName && !lastName) return { ok: false, status: 400, error: "validation:firstOrLastName" };
  await getDb().transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        firstName,
        lastName,
        ...(input.accountAdmin === undefined ? {} : { isAccountAdmin: input.accountAdmin }),
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, employee.userId), eq(users.accountId, ctx.accountId)));
    await audit(tx, ctx, "membership.update", membershipId, { accountAdmin: input.accountAdmin });
  });
  return { ok: true };
}
