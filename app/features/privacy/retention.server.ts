import { eq, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { accounts } from "#db/schema";
import { auditBy, recordAudit } from "~/features/audit/audit.server";
import { logger } from "~/utils/logger.server";
import type { TenantContext } from "~/utils/tenant.server";
import { eraseDialogTexts, erasePerson, eraseReviewTexts, keepingRefusals } from "./erasure.server";
import type { RetentionSettings } from "./retention.schema";

/**
 * Retention (issue 35, decision 1561): per account, how long people who left, finished reviews' free texts,
 * ended dialogs and import files are kept. The daily job applies it through the erasure code. Each person, and
 * each batch of reviews, dialogs or imports, is its own transaction: a run that stops halfway leaves finished
 * work done and the rest due, and the next run picks it up (resumable); what is done is no longer due
 * (idempotent).
 */

/** Rows per transaction. */
export const RETENTION_BATCH = 100;

export async function getRetentionSettings(ctx: Pick<TenantContext, "accountId">): Promise<RetentionSettings> {
  const [row] = await getDb()
    .select({
      peopleMonths: accounts.retentionPeopleMonths,
      reviewTextMonths: accounts.retentionReviewTextMonths,
      dialogMonths: accounts.retentionDialogMonths,
      importDays: accounts.retentionImportDays,
    })
    .from(accounts)
    .where(eq(accounts.id, ctx.accountId));
  return row;
}

export async function updateRetentionSettings(ctx: TenantContext, ip: string | null, input: RetentionSettings) {
  await getDb().transaction(async (tx) => {
    await tx
      .update(accounts)
      .set({
        retentionPeopleMonths: input.peopleMonths,
        retentionReviewTextMonths: input.reviewTextMonths,
        retentionDialogMonths: input.dialogMonths,
        retentionImportDays: input.importDays,
        updatedAt: new Date(),
      })
      .where(eq(accounts.id, ctx.accountId));
    await recordAudit(tx, { ...auditBy(ctx, ip), action: "settings.retention", data: { ...input } });
  });
}

type Counts = Record<string, number>;
const add = (total: Counts, part: Counts) => {
  for (const [key, n] of Object.entries(part)) total[key] = (total[key] ?? 0) + n;
};

type AccountRow = {
  id: string;
  people_months: number;
  review_text_months: number | null;
  dialog_months: number | null;
  import_days: number;
};

/**
 * People of the account due for erasure: no live membership (active and not removed), not an account admin,
 * not erased, and the latest sign of them (a membership's change or removal, a contract's end, a sign-in,
 * the row's creation) older than the retention. Keyset by id, so refused people do not stop the batches.
 */
async function duePeople(account: AccountRow, after: string): Promise<string[]> {
  const result = await getDb().execute<{ id: string }>(sql`
    select u.id from users u
    where u.account_id = ${account.id} and u.erased_at is null and not u.is_account_admin and not u.is_system_admin
      and u.id > ${after}
      and not exists (select 1 from memberships m where m.user_id = u.id and m.status = 'active' and m.deleted_at is null)
      and greatest(u.created_at, u.last_login_at,
            (select max(greatest(m.updated_at, m.deleted_at)) from memberships m where m.user_id = u.id),
            (select max(c.end_date)::timestamptz from contracts c join memberships m on m.id = c.membership_id
             where m.user_id = u.id))
          < now() - make_interval(months => ${account.people_months})
    order by u.id limit ${RETENTION_BATCH}`);
  return result.rows.map((r) => r.id);
}

async function retainAccount(account: AccountRow): Promise<Counts> {
  const db = getDb();
  const total: Counts = {};
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const due = await duePeople(account, after);
    for (const userId of due) {
      await db.transaction(async (tx) => {
        if ((await keepingRefusals(account.id, userId, tx)).length > 0) {
          total.peopleKept = (total.peopleKept ?? 0) + 1;
          return;
        }
        const counts = await erasePerson(tx, account.id, userId);
        await recordAudit(tx, {
          accountId: account.id,
          targetUserId: userId,
          subjectType: "user",
          subjectId: userId,
          action: "person.erase",
          data: { by: "retention", months: account.people_months, ...counts },
        });
        total.people = (total.people ?? 0) + 1;
      });
    }
    if (due.length < RETENTION_BATCH) break;
    after = due[due.length - 1];
  }

  if (account.review_text_months !== null) {
    for (;;) {
      const reviews = await db.execute<{ id: string }>(sql`
        select r.id from reviews r
        where r.account_id = ${account.id} and r.is_finished
          and r.finished_at < now() - make_interval(months => ${account.review_text_months})
          and (exists (select 1 from review_subjects s where s.review_id = r.id and s.development_goal <> '')
            or exists (select 1 from review_peer_assignments a where a.review_id = r.id and a.comment is not null))
        limit ${RETENTION_BATCH}`);
      const ids = reviews.rows.map((r) => r.id);
      if (ids.length === 0) break;
      await db.transaction(async (tx) => add(total, await eraseReviewTexts(tx, ids)));
    }
  }

  if (account.dialog_months !== null) {
    for (;;) {
      const dialogs = await db.execute<{ id: string }>(sql`
        select d.id from dialogs d
        where d.account_id = ${account.id} and d.state in ('finished', 'archived')
          and d.updated_at < now() - make_interval(months => ${account.dialog_months})
          and (d.objective <> ''
            or exists (select 1 from dialog_events e where e.dialog_id = d.id and (e.summary <> '' or e.detail <> ''))
            or exists (select 1 from dialog_learning_goals g where g.dialog_id = d.id and g.title <> '')
            or exists (select 1 from dialog_initiatives i where i.dialog_id = d.id and (i.title <> '' or i.notes <> ''))
            or exists (select 1 from dialog_initiative_links l where l.dialog_id = d.id)
            or exists (select 1 from dialog_actions a where a.dialog_id = d.id and a.title <> ''))
        limit ${RETENTION_BATCH}`);
      const ids = dialogs.rows.map((r) => r.id);
      if (ids.length === 0) break;
      await db.transaction(async (tx) => add(total, await eraseDialogTexts(tx, ids)));
    }
  }

  // Import files: the uploaded file and its rows as read; the import's counts and its changes stay as history.
  const cutoff = sql`now() - make_interval(days => ${account.import_days})`;
  const files = await db.execute(sql`delete from import_files f using imports i
    where i.id = f.import_id and i.account_id = ${account.id} and i.created_at < ${cutoff}`);
  if (files.rowCount) total.importFiles = files.rowCount;
  for (;;) {
    const rows = await db.execute(sql`delete from import_rows where id in (select r.id from import_rows r
      join imports i on i.id = r.import_id where i.account_id = ${account.id} and i.created_at < ${cutoff}
      limit ${RETENTION_BATCH * 50})`);
    if (!rows.rowCount) break;
    total.importRows = (total.importRows ?? 0) + rows.rowCount;
  }
  return total;
}

/**
 * One retention run over every account (or the given ones). Records per account one `retention.apply` event
 * with what it did (counts only), and one `person.erase` per person; a run with nothing due records nothing.
 */
export async function runRetention(options: { accountIds?: readonly string[] } = {}) {
  const filter = options.accountIds ? sql`where id = any(${`{${options.accountIds.join(",")}}`}::uuid[])` : sql``;
  const list = await getDb().execute<AccountRow>(sql`
    select id, retention_people_months as people_months, retention_review_text_months as review_text_months,
           retention_dialog_months as dialog_months, retention_import_days as import_days
    from accounts ${filter} order by id`);
  const done: Record<string, Counts> = {};
  for (const account of list.rows) {
    const counts = await retainAccount(account);
    // People kept for a reason (an open review) are no work done: a run that only found them records nothing.
    if (Object.keys(counts).filter((k) => k !== "peopleKept").length === 0) continue;
    done[account.id] = counts;
    await recordAudit(getDb(), { accountId: account.id, action: "retention.apply", data: counts });
    logger.info({ accountId: account.id, ...counts }, "retention applied");
  }
  return done;
}
