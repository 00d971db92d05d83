import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { memberships, roleAssignments, users } from "#db/schema";
import { formatDate, parseDate, toIsoDate } from "~/utils/dates";
import { inAccount, inCluster, isUuid, notFound } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { mayChangeAccountWideFields, membershipsActorMayChange } from "~/features/people/actor-may.server";
import { requestEmailChange } from "~/features/people/email-change.server";
import { enqueueEmailDelivery } from "~/features/email/outbox.server";
import { throttled } from "~/features/auth/throttle.server";
import { auditMembership } from "./employee-audit.server";
import type { PersonInput } from "./employees.schema";

/** One employee of the current cluster (removed ones too), or 404. */
export async function getEmployee(ctx: TenantContext, membershipId: string, db: DbOrTx = getDb()) {
  if (!isUuid(membershipId)) notFound("person");
  const [row] = await db
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
  if (!row) notFound("person");
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
export async function lookupEmail(ctx: TenantContext, email: string, db: DbOrTx = getDb()): Promise<LookupResult> {
  const found = await lookupEmails(ctx, [email], db);
  return found.get(email.toLowerCase()) ?? { outcome: "notFound" };
}

type LookupRow = {
  email: string;
  account_id: string;
  user_deleted: boolean;
  membership_id: string | null;
  membership_status: "active" | "inactive" | null;
  membership_deleted: boolean | null;
  active_elsewhere: boolean;
  manages_elsewhere: boolean;
};

function lookupResultOf(ctx: TenantContext, row: LookupRow | undefined): LookupResult {
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

/**
 * An e-mail lookup of the wizard or the API behind its counters (per actor and per account): one that
 * adds nobody counts, one that adds the person does not; beyond the limit every lookup is refused,
 * whatever the address, so the refusal itself tells nothing (docs/decisions/1461).
 */
export function throttledLookup<T>(ctx: TenantContext, run: () => Promise<T>, added: (value: T) => boolean) {
  return throttled(
    [
      { rule: "emailLookupUser", subject: ctx.user.id },
      { rule: "emailLookupAccount", subject: ctx.accountId },
    ],
    run,
    added,
  );
}

const LOOKUP_CHUNK = 5000;

/**
 * The lookup of many e-mail addresses at once (the personnel import's new people, issue #16): the same
 * outcomes as `lookupEmail`, keyed by the lower-cased address, one query per 5,000 addresses.
 */
export async function lookupEmails(
  ctx: TenantContext,
  emails: readonly string[],
  db: DbOrTx = getDb(),
): Promise<Map<string, LookupResult>> {
  const lowered = [...new Set(emails.map((e) => e.toLowerCase()).filter(Boolean))];
  const results = new Map<string, LookupResult>();
  for (let start = 0; start < lowered.length; start += LOOKUP_CHUNK) {
    const chunk = lowered.slice(start, start + LOOKUP_CHUNK);
    const found = await db.execute<LookupRow>(sql`
      select lower(u.email) as email, u.account_id, u.deleted_at is not null as user_deleted,
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
      where lower(u.email) in ${chunk}
    `);
    const byEmail = new Map(found.rows.map((row) => [row.email, row]));
    for (const email of chunk) results.set(email, lookupResultOf(ctx, byEmail.get(email)));
  }
  return results;
}

export type AddPersonResult =
  | { ok: true; membershipId: string; outcome: LookupOutcome }
  | { ok: false; outcome: LookupOutcome; membershipId?: string };

/**
 * The wizard's confirm step: runs the lookup again (never trusting the page) and creates, connects or
 * activates as the outcome allows, in one transaction.
 */
export async function addPerson(
  ctx: TenantContext,
  input: PersonInput,
  db: DbOrTx = getDb(),
): Promise<AddPersonResult> {
  return addLookedUp(ctx, input, await lookupEmail(ctx, input.email, db), db);
}

function mayAdd(lookup: LookupResult): boolean {
  const { outcome } = lookup;
  return (
    outcome === "notFound" ||
    outcome === "foundNotMember" ||
    outcome === "foundMemberInactive" ||
    (outcome === "foundActiveElsewhere" && lookup.canConnect === true)
  );
}

/** Creates, connects or activates one person as the lookup's outcome allows, in one (nested) transaction. */
async function addLookedUp(
  ctx: TenantContext,
  input: PersonInput,
  lookup: LookupResult,
  db: DbOrTx,
): Promise<AddPersonResult> {
  const { outcome } = lookup;
  if (!mayAdd(lookup)) return { ok: false, outcome, membershipId: lookup.membershipId };

  const membershipId = await db.transaction(async (tx) => {
    if (outcome === "foundMemberInactive") {
      await tx
        .update(memberships)
        .set({ status: "active", updatedAt: new Date() })
        .where(and(inCluster(memberships, ctx), eq(memberships.id, lookup.membershipId!)));
      await auditMembership(tx, ctx, "membership.activate", lookup.membershipId!);
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
        .where(and(inAccount(users, ctx), sql`lower(${users.email}) = lower(${input.email})`));
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
    await auditMembership(tx, ctx, outcome === "notFound" ? "membership.create" : "membership.connect", membership.id);
    return membership.id;
  });
  return { ok: true, membershipId, outcome };
}

const ADD_CHUNK = 5000;

/**
 * `addPerson` for many people at once (the personnel import, issue #16, decision 1243): one lookup per
 * 5,000 addresses (`lookupEmails`), and the people nobody knows yet — nearly all of them — created with
 * one statement per 5,000 that inserts their users, memberships, roles and audit events. The other outcomes
 * (connect, activate) go through `addPerson`'s own path one by one, and a second input with an address
 * already handled is looked up again after the others, as `addPerson` called in turn would. Results in
 * the order of the inputs. Must run inside the caller's transaction (all or nothing).
 */
export async function addPeople(
  ctx: TenantContext,
  inputs: readonly PersonInput[],
  db: DbOrTx,
): Promise<AddPersonResult[]> {
  const lookups = await lookupEmails(
    ctx,
    inputs.map((i) => i.email),
    db,
  );
  const results: AddPersonResult[] = new Array(inputs.length);
  const seen = new Set<string>();
  const create: number[] = [];
  const oneByOne: number[] = [];
  const later: number[] = [];
  inputs.forEach((input, i) => {
    const email = input.email.toLowerCase();
    if (seen.has(email)) return later.push(i);
    seen.add(email);
    const lookup = lookups.get(email) ?? { outcome: "notFound" as const };
    if (lookup.outcome === "notFound") create.push(i);
    else oneByOne.push(i);
  });
  // One statement per chunk: users, memberships, the employee role and the audit events inserted from one
  // JSON parameter (drizzle's multi-row values built 14,000 parameters per 1,000 people, most of the time).
  for (let start = 0; start < create.length; start += ADD_CHUNK) {
    const chunk = create.slice(start, start + ADD_CHUNK);
    const rows = chunk.map((i) => {
      const v = userValues(inputs[i]);
      return {
        email: inputs[i].email,
        first_name: v.firstName,
        last_name: v.lastName,
        phone: v.phone,
        birthday: v.birthday,
        gender: v.gender,
        address: v.address,
        zip: v.zip,
        city: v.city,
        country: v.country,
        language: v.language,
        login_type: v.loginType,
        employee_number: inputs[i].employeeNumber || null,
      };
    });
    const made = await db.execute<{ email: string; membership_id: string }>(sql`
      with input as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as x(email text, first_name text, last_name text, phone text, birthday date, gender text, address text,
               zip text, city text, country text, language text, login_type text, employee_number text)
      ), u as (
        insert into users (account_id, email, first_name, last_name, phone, birthday, gender, address, zip, city,
                           country, language, login_type)
        select ${ctx.accountId}::uuid, email, first_name, last_name, phone, birthday, gender, address, zip, city,
               country, language, login_type
        from input
        returning id, lower(email) as email
      ), m as (
        insert into memberships (account_id, cluster_id, user_id, employee_number, status, access)
        select ${ctx.accountId}::uuid, ${ctx.clusterId}::uuid, u.id, i.employee_number, 'active', false
        from u join input i on lower(i.email) = u.email
        returning id, user_id
      ), r as (
        insert into role_assignments (account_id, cluster_id, membership_id, role_key, level)
        select ${ctx.accountId}::uuid, ${ctx.clusterId}::uuid, m.id, 'employee', 'cluster' from m
      ), a as (
        insert into audit_events (account_id, cluster_id, actor_user_id, subject_type, subject_id, action)
        select ${ctx.accountId}::uuid, ${ctx.clusterId}::uuid, ${ctx.user.id}::uuid, 'membership', m.id::text,
               'membership.create'
        from m
      )
      select u.email, m.id as membership_id from m join u on u.id = m.user_id`);
    const membershipOf = new Map(made.rows.map((r) => [r.email, r.membership_id]));
    for (const i of chunk) {
      results[i] = { ok: true, membershipId: membershipOf.get(inputs[i].email.toLowerCase())!, outcome: "notFound" };
    }
  }
  for (const i of oneByOne) {
    results[i] = await addLookedUp(ctx, inputs[i], lookups.get(inputs[i].email.toLowerCase())!, db);
  }
  for (const i of later) results[i] = await addPerson(ctx, inputs[i], db);
  return results;
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
 * Runs its own transaction (no `db`): the confirmation mail is queued only once the change is committed.
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
      .where(and(eq(users.id, current.userId), inAccount(users, ctx)));
    await tx
      .update(memberships)
      .set({ employeeNumber: newNumber, updatedAt: new Date() })
      .where(and(inCluster(memberships, ctx), eq(memberships.id, membershipId)));
    await auditMembership(tx, ctx, "membership.update", membershipId);
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
// JSON API (spec §7)

/** PUT api/users/{id}: names, and the account-admin flag for account admins only. */
export async function updateEmployeeNames(
  ctx: TenantContext,
  membershipId: string,
  input: { firstName?: string; lastName?: string; accountAdmin?: boolean },
  db: DbOrTx = getDb(),
): Promise<{ ok: true } | { ok: false; status: 400 | 403; error: string }> {
  const employee = await getEmployee(ctx, membershipId, db);
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
  if (changes && !(await mayChangeAccountWideFields(ctx, employee.userId, db)).ok) {
    return { ok: false, status: 403, error: "forbidden" };
  }
  const firstName = input.firstName ?? employee.firstName;
  const lastName = input.lastName ?? employee.lastName;
  if (!firstName && !lastName) return { ok: false, status: 400, error: "validation:firstOrLastName" };
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        firstName,
        lastName,
        ...(input.accountAdmin === undefined ? {} : { isAccountAdmin: input.accountAdmin }),
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, employee.userId), inAccount(users, ctx)));
    await auditMembership(tx, ctx, "membership.update", membershipId);
    if (input.accountAdmin !== undefined) {
      await auditMembership(tx, ctx, "account.admin", membershipId, { accountAdmin: input.accountAdmin });
    }
  });
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------
// Soft delete and restore: the membership is kept (review history points at it), only marked removed

export async function softDeleteEmployee(
  ctx: TenantContext,
  membershipId: string,
  db: DbOrTx = getDb(),
): Promise<{ ok: true } | { ok: false; errorKey: string }> {
  await getEmployee(ctx, membershipId, db);
  if (membershipId === ctx.membershipId) return { ok: false, errorKey: "employees:delete.notYourself" };
  if (!(await membershipsActorMayChange(ctx, [membershipId], db)).has(membershipId)) {
    return { ok: false, errorKey: "employees:delete.outranks" };
  }
  await markRemoved(db, ctx, membershipId, true);
  return { ok: true };
}

export async function restoreEmployee(ctx: TenantContext, membershipId: string, db: DbOrTx = getDb()) {
  await getEmployee(ctx, membershipId, db);
  await markRemoved(db, ctx, membershipId, false);
}

async function markRemoved(db: DbOrTx, ctx: TenantContext, membershipId: string, removed: boolean) {
  await db.transaction(async (tx) => {
    await tx
      .update(memberships)
      .set({ deletedAt: removed ? new Date() : null, updatedAt: new Date() })
      .where(
        and(
          inCluster(memberships, ctx),
          eq(memberships.id, membershipId),
          removed ? isNull(memberships.deletedAt) : undefined,
        ),
      );
    await auditMembership(tx, ctx, removed ? "membership.delete" : "membership.restore", membershipId);
  });
}
