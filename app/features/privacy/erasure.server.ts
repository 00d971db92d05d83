import { sql, type SQL } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { recordAudit } from "~/features/audit/audit.server";
import { mayChangeAccountWideFields } from "~/features/people/actor-may.server";
import { isUuid, notFound } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { ERASED_EMAIL_DOMAIN, ERASED_NAME } from "./erased-person";
import { deletePersonalDataExportsOf } from "./personal-data-exports.server";

/**
 * Erasure of one person (AVG art. 17, issue 35, decision 1560). The users and membership rows stay, because
 * finished reviews, scores and other people's records refer to them (restrict keys, 0641): their personal
 * fields and the person's free texts are overwritten or deleted, everything that only served them (sessions,
 * tokens, SSO links, invitations, mail to them, their notes and tasks) is deleted. Ids, scores and dates stay,
 * so every aggregate reads the same afterwards. One code path for the admin's erasure and for retention.
 */

/** Why a person cannot be erased now: i18n keys of the audit namespace, shown on the confirm page. */
export type ErasureRefusal =
  | "audit:erasure.refused.self"
  | "audit:erasure.refused.notAllowed"
  | "audit:erasure.refused.lastAccountAdmin"
  | "audit:erasure.refused.openReview"
  | "audit:erasure.refused.openPeerReview"
  | "audit:erasure.refused.erased";

type Counts = Record<string, number>;

const uuidList = (ids: readonly string[]) => sql`${`{${ids.join(",")}}`}::uuid[]`;

/** An unfinished review or peer round that holds a person's erasure (decision 1890), as the confirm page names it. */
export type OpenReview = { name: string; teamName: string | null; peer: boolean };

/**
 * The unfinished reviews in which the person has an obligation, in every cluster of the account (a leader of
 * teams in two clusters, 1890): a review they score (the invitation row every type shares) and a peer round in
 * which they answer, answered or are proposed as a peer (the questionnaire or the waiting proposal is the
 * obligation, whatever the invitation state says).
 */
export async function openReviewsOf(accountId: string, userId: string, db: DbOrTx = getDb()): Promise<OpenReview[]> {
  const result = await db.execute<{ name: string; team_name: string | null; peer: boolean }>(sql`
    select r.name, r.team_name, r.type = 'peer' as peer from reviews r
    where r.account_id = ${accountId} and not r.is_finished and r.deleted_at is null and r.id in (
      select rr.review_id from review_reviewers rr join memberships m on m.id = rr.membership_id
      where m.user_id = ${userId}
      union all
      select a.review_id from review_peer_assignments a join memberships m on m.id = a.reviewer_id
      where m.user_id = ${userId}
      union all
      select n.review_id from review_peer_nominations n join memberships m on m.id = n.nominee_id
      where m.user_id = ${userId} and n.status = 'proposed')
    order by r.created_at, r.id`);
  return result.rows.map((r) => ({ name: r.name, teamName: r.team_name, peer: r.peer }));
}

/** Refusals that hold for everyone, the admin and the retention job alike: what the account must keep. */
export async function keepingRefusals(
  accountId: string,
  userId: string,
  db: DbOrTx = getDb(),
): Promise<ErasureRefusal[]> {
  const result = await db.execute<{ erased: boolean; last_admin: boolean }>(sql`
    select u.erased_at is not null as erased,
           (u.is_account_admin and not exists (select 1 from users o where o.account_id = u.account_id
              and o.id <> u.id and o.is_account_admin and o.deleted_at is null and o.erased_at is null)) as last_admin
    from users u where u.id = ${userId} and u.account_id = ${accountId}`);
  const row = result.rows[0];
  if (!row) return [];
  const refusals: ErasureRefusal[] = [];
  if (row.erased) refusals.push("audit:erasure.refused.erased");
  if (row.last_admin) refusals.push("audit:erasure.refused.lastAccountAdmin");
  const open = await openReviewsOf(accountId, userId, db);
  if (open.some((r) => !r.peer)) refusals.push("audit:erasure.refused.openReview");
  if (open.some((r) => r.peer)) refusals.push("audit:erasure.refused.openPeerReview");
  return refusals;
}

/**
 * The person behind a membership id of ctx's cluster whom ctx may ask to erase: only account admins erase
 * others (issue 35); anyone else, a bad id and another tenant's id get a 404, as for the export.
 */
export async function requireErasablePerson(ctx: TenantContext, membershipId: string | undefined) {
  if (!ctx.user.isAccountAdmin || !membershipId || !isUuid(membershipId)) notFound();
  const result = await getDb().execute<{ user_id: string; first_name: string; last_name: string; email: string }>(sql`
    select u.id as user_id, u.first_name, u.last_name, u.email from memberships m join users u on u.id = m.user_id
    where m.id = ${membershipId} and m.account_id = ${ctx.accountId} and m.cluster_id = ${ctx.clusterId}`);
  const row = result.rows[0];
  if (!row) notFound();
  return { membershipId, userId: row.user_id, firstName: row.first_name, lastName: row.last_name, email: row.email };
}

/** Everything that stands in the way of ctx erasing this person: keeping rules and the actor-vs-target rule. */
export async function erasureRefusals(
  ctx: TenantContext,
  userId: string,
  db: DbOrTx = getDb(),
): Promise<ErasureRefusal[]> {
  if (userId === ctx.user.id) return ["audit:erasure.refused.self"];
  const refusals = await keepingRefusals(ctx.accountId, userId, db);
  // Nobody erases someone with more rights than they have, in any cluster of the account (0620).
  const may = await mayChangeAccountWideFields(ctx, userId, db);
  if (!may.ok) refusals.unshift("audit:erasure.refused.notAllowed");
  return refusals;
}

/** The admin's erasure: checks again inside the transaction, erases, records who did it (no personal content). */
export async function erasePersonAs(
  ctx: TenantContext,
  ip: string | null,
  userId: string,
): Promise<{ ok: true } | { ok: false; errorKey: ErasureRefusal }> {
  return getDb().transaction(async (tx) => {
    // The account's admins first (as setAccountAdmin does): two admins erasing each other at once cannot both
    // pass the last-admin check; the second waits and then finds the other erased (decision 1891).
    await tx.execute(sql`select id from users where account_id = ${ctx.accountId} and is_account_admin
      order by id for update`);
    // One erasure at a time per person: a second request waits here and then finds the person erased.
    await tx.execute(sql`select id from users where id = ${userId} and account_id = ${ctx.accountId} for update`);
    const refusals = await erasureRefusals(ctx, userId, tx);
    if (refusals.length > 0) return { ok: false as const, errorKey: refusals[0] };
    const counts = await erasePerson(tx, ctx.accountId, userId);
    await recordAudit(tx, {
      accountId: ctx.accountId,
      clusterId: ctx.clusterId,
      actorUserId: ctx.user.id,
      targetUserId: userId,
      subjectType: "user",
      subjectId: userId,
      action: "person.erase",
      ip,
      data: { by: "admin", ...counts },
    });
    return { ok: true as const };
  });
}

async function run(db: DbOrTx, counts: Counts, key: string, statement: SQL) {
  const result = await db.execute(statement);
  if (result.rowCount) counts[key] = (counts[key] ?? 0) + result.rowCount;
}

/**
 * The erasure itself, in the caller's transaction; the caller has checked the refusals. Statements one after
 * the other on the transaction's connection (1408). Returns how many rows each step touched (for the trail).
 */
export async function erasePerson(tx: DbOrTx, accountId: string, userId: string): Promise<Counts> {
  const counts: Counts = {};
  const found = await tx.execute<{ id: string; email: string }>(sql`
    select id, email from users where id = ${userId} and account_id = ${accountId} and erased_at is null`);
  const person = found.rows[0];
  if (!person) return counts;
  const m = (
    await tx.execute<{ id: string }>(
      sql`select id from memberships where user_id = ${userId} and account_id = ${accountId}`,
    )
  ).rows.map((r) => r.id);
  const mine = uuidList(m);

  // What only served the person: sign-in, invitations, mail to them.
  await run(tx, counts, "sessions", sql`delete from sessions where user_id = ${userId}`);
  await run(tx, counts, "userTokens", sql`delete from user_tokens where user_id = ${userId}`);
  await run(tx, counts, "ssoIdentities", sql`delete from user_sso_identities where user_id = ${userId}`);
  await run(tx, counts, "twoFactor", sql`delete from user_two_factor where user_id = ${userId}`);
  await run(tx, counts, "invitations", sql`delete from invitations where membership_id = any(${mine})`);
  // Their data exports (pending or ready, and those they asked for), with the files (decision 1740).
  const exports = await deletePersonalDataExportsOf(tx, accountId, userId);
  if (exports > 0) counts.personalDataExports = exports;
  // Their notes and tasks, and private notes others wrote about them; tasks to others about them stay, unlinked.
  await run(
    tx,
    counts,
    "tasks",
    sql`delete from tasks where account_id = ${accountId} and (receiver_id = any(${mine})
      or (type = 'note' and about_type = 'person' and about_id = any(${mine})))`,
  );
  await run(
    tx,
    counts,
    "tasksUnlinked",
    sql`update tasks set about_type = null, about_id = null
        where account_id = ${accountId} and about_type = 'person' and about_id = any(${mine})`,
  );
  await run(
    tx,
    counts,
    "mails",
    sql`delete from email_outbox where account_id = ${accountId} and lower(to_address) = lower(${person.email})`,
  );
  // Mails to others that name them (an invitation, a task from them): the content goes, the row's history stays.
  const named = sql`(props::text ilike ${`%${person.email}%`} or props::text ilike ${`%${person.id}%`})`;
  await run(
    tx,
    counts,
    "mailsToOthers",
    sql`update email_outbox set props = '{}'::jsonb where account_id = ${accountId} and status <> 'pending' and ${named}`,
  );

  // Roles go; memberships stay (history refers to them) without what identified them.
  await run(tx, counts, "roles", sql`delete from role_assignments where membership_id = any(${mine})`);
  await run(tx, counts, "ambitions", sql`delete from ambitions where membership_id = any(${mine})`);
  await run(
    tx,
    counts,
    "memberships",
    sql`update memberships set employee_number = null, access = false, invited = false, invited_at = null,
          status = 'inactive', deleted_at = coalesce(deleted_at, now()), updated_at = now()
        where id = any(${mine})`,
  );

  // Their free texts in reviews: own development goals, peer remarks they gave or that were given about them.
  await emptyReviewTexts(tx, counts, {
    subjects: sql`membership_id = any(${mine})`,
    peers: sql`(reviewer_id = any(${mine}) or subject_id in (select id from review_subjects where membership_id = any(${mine})))`,
    calibrations: sql`membership_id = any(${mine})`,
  });
  // Their dialogs' texts (the dialogs and their dates stay for the counts), their flow activities' names.
  const dialogs = (
    await tx.execute<{ id: string }>(sql`select id from dialogs where membership_id = any(${mine})`)
  ).rows.map((r) => r.id);
  Object.assign(counts, await eraseDialogTexts(tx, dialogs));
  await run(
    tx,
    counts,
    "flowActivities",
    sql`update flow_activities set name = '' where name <> '' and measurement_id in
          (select id from flow_measurements where membership_id = any(${mine}))`,
  );
  // Import history: what the file said about them.
  await run(
    tx,
    counts,
    "importChanges",
    sql`update import_changes set label = '', old_value = null, new_value = null, data = null
        where account_id = ${accountId} and membership_id = any(${mine})`,
  );
  await run(
    tx,
    counts,
    "importRows",
    sql`delete from import_rows where account_id = ${accountId} and "values"::text ilike ${`%${person.email}%`}`,
  );

  // Last the person's row: a name that says so, an address that reaches no one, nothing else.
  await tx.execute(sql`
    update users set first_name = ${ERASED_NAME}, last_name = '',
      email = ${`erased-${userId}@${ERASED_EMAIL_DOMAIN}`}, birthday = null, gender = null, phone = null, address = null,
      zip = null, city = null, country = null, password_hash = null, login_type = 'email', email_verified_at = null,
      is_account_admin = false, deleted_at = coalesce(deleted_at, now()), erased_at = now(), updated_at = now()
    where id = ${userId}`);
  return counts;
}

/**
 * Empties the texts of the given dialogs (objective, events, learning goals, initiatives, actions; links go):
 * the person's erasure and the dialogs' retention. Dates, states and counts stay.
 */
export async function eraseDialogTexts(tx: DbOrTx, dialogIds: readonly string[]): Promise<Counts> {
  const counts: Counts = {};
  if (dialogIds.length === 0) return counts;
  const ids = uuidList(dialogIds);
  await run(tx, counts, "dialogs", sql`update dialogs set objective = '' where id = any(${ids}) and objective <> ''`);
  await run(
    tx,
    counts,
    "dialogEvents",
    sql`update dialog_events set summary = '', detail = ''
        where dialog_id = any(${ids}) and (summary <> '' or detail <> '')`,
  );
  for (const table of ["dialog_learning_goals", "dialog_initiatives", "dialog_actions"] as const)
    await run(
      tx,
      counts,
      "dialogItems",
      sql`update ${sql.identifier(table)} set title = '' where dialog_id = any(${ids}) and title <> ''`,
    );
  await run(
    tx,
    counts,
    "dialogItems",
    sql`update dialog_initiatives set notes = '' where dialog_id = any(${ids}) and notes <> ''`,
  );
  await run(tx, counts, "dialogLinks", sql`delete from dialog_initiative_links where dialog_id = any(${ids})`);
  return counts;
}

/** Empties the free texts of finished reviews (development goals, peer remarks, calibration reasons): the reviews' retention. */
export async function eraseReviewTexts(tx: DbOrTx, reviewIds: readonly string[]): Promise<Counts> {
  const counts: Counts = {};
  if (reviewIds.length === 0) return counts;
  const ids = uuidList(reviewIds);
  const ofReviews = sql`review_id = any(${ids})`;
  await emptyReviewTexts(tx, counts, { subjects: ofReviews, peers: ofReviews, calibrations: ofReviews });
  return counts;
}

/**
 * The free texts of reviews and how each is emptied — development goals, peer remarks, calibration reasons —,
 * for the rows each condition picks (a person's, or whole reviews'). Rows already empty are not counted.
 */
async function emptyReviewTexts(tx: DbOrTx, counts: Counts, where: { subjects: SQL; peers: SQL; calibrations: SQL }) {
  await run(
    tx,
    counts,
    "developmentGoals",
    sql`update review_subjects set development_goal = '' where ${where.subjects} and development_goal <> ''`,
  );
  await run(
    tx,
    counts,
    "peerComments",
    sql`update review_peer_assignments set comment = null where ${where.peers} and comment is not null`,
  );
  await run(
    tx,
    counts,
    "calibrationReasons",
    sql`update placement_calibrations set reason = '' where ${where.calibrations} and reason <> ''`,
  );
}
