import { sql } from "drizzle-orm";
import type { DbOrTx } from "#db/client.server";
import type { DigestSectionKey } from "#emails/digest";
import { todayIn } from "~/features/tasks/task-rules";
import { DEFAULT_TIME_ZONE, formatDate } from "~/utils/format";

/**
 * What a digest tells a member: one source per section, each asking "what changed for this membership
 * since the last digest". Dialog actions due and imports waiting for review (HR) are added here as
 * further sources when those modules land, with their section key in emails/digest.tsx (docs/decisions/1100).
 */
export type DigestRecipient = { membershipId: string; accountId: string; clusterId: string };

export type DigestWindow = {
  /** The last digest (or one period back). */
  since: Date;
  /** yyyy-MM-dd, Europe/Amsterdam. */
  today: string;
  /** yyyy-MM-dd: deadlines up to this day are mentioned even when not new (the next digest comes later). */
  horizon: string;
};

export type DigestItem = { title: string; path: string; due: string; detail: string };
export type DigestSection = { key: DigestSectionKey; items: DigestItem[] };
export type DigestSource = (db: DbOrTx, r: DigestRecipient, w: DigestWindow) => Promise<DigestSection | null>;

/** Items per section; the digest links to the full lists. */
const MAX_ITEMS = 20;

type Row = { id: string; title: string; due: string | null; detail: string | null; path?: string };

function section(key: DigestSectionKey, rows: Row[], path: (row: Row) => string): DigestSection | null {
  if (rows.length === 0) return null;
  return {
    key,
    items: rows.map((row) => ({
      title: row.title,
      path: path(row),
      due: row.due ? formatDate(row.due) : "",
      detail: row.detail ?? "",
    })),
  };
}

const senderName = sql`(select coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email)
  from memberships sm join users u on u.id = sm.user_id where sm.id = t.sender_id)`;

/** Tasks others gave me since the last digest that are still open. */
const newTasks: DigestSource = async (db, r, w) => {
  const { rows } = await db.execute<Row>(sql`
    select t.id, t.title, t.due_date::text as due, ${senderName} as detail
      from tasks t
     where t.account_id = ${r.accountId} and t.cluster_id = ${r.clusterId}
       and t.type = 'task' and t.receiver_id = ${r.membershipId} and t.sender_id <> t.receiver_id
       and not t.done and t.archived_at is null and t.created_at > ${w.since.toISOString()}::timestamptz
     order by t.created_at limit ${MAX_ITEMS}`);
  return section("newTasks", rows, (row) => `/tasks/inbox/${row.id}`);
};

/** My open tasks whose due date passed since the last digest. */
const overdueTasks: DigestSource = async (db, r, w) => {
  const sinceDay = todayIn(DEFAULT_TIME_ZONE, w.since);
  const { rows } = await db.execute<Row>(sql`
    select t.id, t.title, t.due_date::text as due, ${senderName} as detail
      from tasks t
     where t.account_id = ${r.accountId} and t.cluster_id = ${r.clusterId}
       and t.type = 'task' and t.receiver_id = ${r.membershipId}
       and not t.done and t.archived_at is null
       and t.due_date >= ${sinceDay}::date and t.due_date < ${w.today}::date
     order by t.due_date limit ${MAX_ITEMS}`);
  return section("overdueTasks", rows, (row) => `/tasks/inbox/${row.id}`);
};

/**
 * Self review questionnaires and team reviews waiting for me (invited, open): new since the last digest,
 * or with a deadline before the next one.
 */
const reviewsWaiting: DigestSource = async (db, r, w) => {
  const { rows } = await db.execute<Row & { path: string }>(sql`
    select rv.id, coalesce(round.name, rv.name) as title,
           coalesce(round.deadline, rv.deadline)::text as due, null as detail,
           case when rv.type = 'self' then '/selfreview/questionnaire/' || rv.id || '/' || rr.membership_id
                else '/review/evaluation/' || rv.id end as path
      from review_reviewers rr
      join reviews rv on rv.id = rr.review_id
      left join reviews round on round.id = rv.parent_id
      left join review_subjects s on s.review_id = rv.id and s.membership_id = rr.membership_id
     where rr.account_id = ${r.accountId} and rr.cluster_id = ${r.clusterId} and rr.membership_id = ${r.membershipId}
       and rr.invited_at is not null
       and rv.type in ('self', 'team') and rv.deleted_at is null and rv.locked_at is null and not rv.is_finished
       and (round.id is null or (round.deleted_at is null and round.locked_at is null))
       and (rv.type <> 'self' or (s.membership_id is not null and s.finished_at is null))
       and coalesce(coalesce(round.deadline, rv.deadline) >= ${w.today}::date, true)
       and (rr.invited_at > ${w.since.toISOString()}::timestamptz
            or coalesce(round.deadline, rv.deadline) <= ${w.horizon}::date)
     order by coalesce(round.deadline, rv.deadline) nulls last limit ${MAX_ITEMS}`);
  return section("reviews", rows, (row) => row.path!);
};

/** In the order the e-mail shows them. */
export const digestSources: readonly DigestSource[] = [newTasks, overdueTasks, reviewsWaiting];

export async function digestSections(db: DbOrTx, r: DigestRecipient, w: DigestWindow): Promise<DigestSection[]> {
  const sections = await Promise.all(digestSources.map((source) => source(db, r, w)));
  return sections.filter((s): s is DigestSection => s !== null);
}
