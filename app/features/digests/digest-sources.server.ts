import { sql } from "drizzle-orm";
import type { DbOrTx } from "#db/client.server";
import type { DigestSectionKey } from "#emails/digest";
import { todayIn } from "~/features/tasks/task-rules";
import { DEFAULT_TIME_ZONE, formatDate } from "~/utils/format";
import type { ModuleKey } from "~/utils/modules";
import type { Right } from "~/utils/rights";

/**
 * What a digest tells a member: one source per section, each asking "what changed for this membership
 * since the last digest", with its section key in emails/digest.tsx (docs/decisions/1100, 1150).
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

/**
 * Whether the membership holds `right` in its cluster, as the guards resolve it (tenant-query.server.ts):
 * account and system admins hold every right; others the rights of their roles there, plus the employee
 * role's when they have any role.
 */
function holdsRight(membershipId: string, right: Right) {
  return sql`exists (
    select 1 from memberships hm join users hu on hu.id = hm.user_id
     where hm.id = ${membershipId}
       and (hu.is_account_admin or hu.is_system_admin or exists (
         select 1 from role_rights rr
          where rr.cluster_id = hm.cluster_id and rr.right_key = ${right}
            and (rr.role_key in (select ra.role_key from role_assignments ra where ra.membership_id = hm.id)
                 or (rr.role_key = 'employee'
                     and exists (select 1 from role_assignments ra where ra.membership_id = hm.id))))))`;
}

/** Whether a module is on for the cluster (and for its account), as requireModule sees it. */
function moduleOn(clusterId: string, moduleKey: ModuleKey) {
  return sql`exists (
    select 1 from cluster_modules cm
      join account_modules am on am.account_id = cm.account_id and am.module_key = cm.module_key and am.active
     where cm.cluster_id = ${clusterId} and cm.module_key = ${moduleKey})`;
}

/**
 * Dialog actions due (docs/decisions/1150): actions have no due date, and they are successive, so the one
 * due is the first open action of each initiative (of a learning goal that is not archived), in started
 * dialogs I take part in (as the person or the leader) that changed since the last digest. Only when I
 * may open the dialog page (module dialog, dialogs.edit).
 */
const dialogActionsDue: DigestSource = async (db, r, w) => {
  const since = w.since.toISOString();
  const { rows } = await db.execute<Row & { path: string }>(sql`
    select * from (
      select distinct on (a.initiative_id) a.id, a.title, null::text as due, d.objective as detail,
             '/dialogs/' || d.id as path, d.updated_at
        from dialogs d
        join dialog_actions a on a.dialog_id = d.id and not a.completed
        join dialog_initiatives i on i.id = a.initiative_id
        join dialog_learning_goals g on g.id = i.learning_goal_id and not g.archived
       where d.account_id = ${r.accountId} and d.cluster_id = ${r.clusterId} and d.state = 'started'
         and (d.membership_id = ${r.membershipId} or d.leader_membership_id = ${r.membershipId})
         and (d.updated_at > ${since}::timestamptz
              or exists (select 1 from dialog_events e where e.dialog_id = d.id and e.created_at > ${since}::timestamptz))
         and ${moduleOn(r.clusterId, "dialog")} and ${holdsRight(r.membershipId, "dialogs.edit")}
       order by a.initiative_id, a.position
    ) due order by due.updated_at desc, due.path, due.title limit ${MAX_ITEMS}`);
  return section("dialogActions", rows, (row) => row.path!);
};

/**
 * Personnel imports of my cluster waiting for decisions (status review) that were started since the last
 * digest; only for members who may import (users.import), who are the ones that can decide them.
 */
const importsWaiting: DigestSource = async (db, r, w) => {
  const { rows } = await db.execute<Row>(sql`
    select im.id, im.file_name as title, null::text as due,
           (select coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email)
              from users u where u.id = im.created_by) as detail
      from imports im
     where im.account_id = ${r.accountId} and im.cluster_id = ${r.clusterId} and im.status = 'review'
       and im.created_at > ${w.since.toISOString()}::timestamptz
       and ${holdsRight(r.membershipId, "users.import")}
     order by im.created_at limit ${MAX_ITEMS}`);
  return section("imports", rows, (row) => `/import/excel/${row.id}`);
};

/** In the order the e-mail shows them. */
export const digestSources: readonly DigestSource[] = [
  newTasks,
  overdueTasks,
  reviewsWaiting,
  dialogActionsDue,
  importsWaiting,
];

export async function digestSections(db: DbOrTx, r: DigestRecipient, w: DigestWindow): Promise<DigestSection[]> {
  const sections = await Promise.all(digestSources.map((source) => source(db, r, w)));
  return sections.filter((s): s is DigestSection => s !== null);
}
