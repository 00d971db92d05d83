import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "#db/client.server";
import type { DigestSectionKey } from "#emails/digest";
import { todayIn } from "~/features/tasks/task-rules";
import { DEFAULT_TIME_ZONE, formatDate } from "~/utils/format";
import type { ModuleKey } from "~/utils/modules";
import type { Right } from "~/utils/rights";
import { personNameSql } from "~/utils/person-name.server";

/**
 * What a digest tells a member: one source per section, each asking "what changed for this membership
 * since the last digest", with its section key in emails/digest.tsx (docs/decisions/1100, 1150).
 * Each source answers for a whole page of recipients in one statement (docs/decisions/1263): the page is
 * a jsonb record set `r` (membership, account, cluster, since, since_day, horizon) and each recipient's
 * items come from a lateral subquery with the same conditions, order and limit as for one recipient.
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

/** One recipient of a page with their own window (`today` is the same for the whole run). */
export type DigestPageEntry = DigestRecipient & Omit<DigestWindow, "today">;

type Row = { membershipId: string; id: string; title: string; due: string | null; detail: string | null; path: string };

/** A source: the rows (ordered per membership) for every recipient of the page, and its section key. */
type DigestSource = { key: DigestSectionKey; rows: (page: SQL, today: string) => SQL };

/** Items per section; the digest links to the full lists. */
const MAX_ITEMS = 20;

const senderName = sql`(select ${personNameSql("u")}
  from memberships sm join users u on u.id = sm.user_id where sm.id = t.sender_id)`;

/** Tasks others gave me since the last digest that are still open. */
const newTasks: DigestSource = {
  key: "newTasks",
  rows: (page) => sql`
    select r.membership_id as "membershipId", x.id, x.title, x.due, x.detail, '/tasks/inbox/' || x.id as path
      from ${page} cross join lateral (
        select t.id, t.title, t.due_date::text as due, ${senderName} as detail, t.created_at
          from tasks t
         where t.account_id = r.account_id and t.cluster_id = r.cluster_id
           and t.type = 'task' and t.receiver_id = r.membership_id and t.sender_id <> t.receiver_id
           and not t.done and t.archived_at is null and t.created_at > r.since
         order by t.created_at limit ${MAX_ITEMS}) x
     order by r.membership_id, x.created_at`,
};

/** My open tasks whose due date passed since the last digest. */
const overdueTasks: DigestSource = {
  key: "overdueTasks",
  rows: (page, today) => sql`
    select r.membership_id as "membershipId", x.id, x.title, x.due, x.detail, '/tasks/inbox/' || x.id as path
      from ${page} cross join lateral (
        select t.id, t.title, t.due_date::text as due, ${senderName} as detail, t.due_date
          from tasks t
         where t.account_id = r.account_id and t.cluster_id = r.cluster_id
           and t.type = 'task' and t.receiver_id = r.membership_id
           and not t.done and t.archived_at is null
           and t.due_date >= r.since_day and t.due_date < ${today}::date
         order by t.due_date limit ${MAX_ITEMS}) x
     order by r.membership_id, x.due_date`,
};

/**
 * Self review questionnaires and team reviews waiting for me (invited, open): new since the last digest,
 * or with a deadline before the next one.
 */
const reviewsWaiting: DigestSource = {
  key: "reviews",
  rows: (page, today) => sql`
    select r.membership_id as "membershipId", x.id, x.title, x.due, x.detail, x.path
      from ${page} cross join lateral (
        select rv.id, coalesce(round.name, rv.name) as title,
               coalesce(round.deadline, rv.deadline)::text as due, null as detail,
               case when rv.type = 'self' then '/selfreview/questionnaire/' || rv.id || '/' || rr.membership_id
                    else '/review/evaluation/' || rv.id end as path,
               coalesce(round.deadline, rv.deadline) as deadline
          from review_reviewers rr
          join reviews rv on rv.id = rr.review_id
          left join reviews round on round.id = rv.parent_id
          left join review_subjects s on s.review_id = rv.id and s.membership_id = rr.membership_id
         where rr.account_id = r.account_id and rr.cluster_id = r.cluster_id and rr.membership_id = r.membership_id
           and rr.invited_at is not null
           and rv.type in ('self', 'team') and rv.deleted_at is null and rv.locked_at is null and not rv.is_finished
           and (round.id is null or (round.deleted_at is null and round.locked_at is null))
           and (rv.type <> 'self' or (s.membership_id is not null and s.finished_at is null))
           and coalesce(coalesce(round.deadline, rv.deadline) >= ${today}::date, true)
           and (rr.invited_at > r.since or coalesce(round.deadline, rv.deadline) <= r.horizon)
         order by coalesce(round.deadline, rv.deadline) nulls last limit ${MAX_ITEMS}) x
     order by r.membership_id, x.deadline nulls last`,
};

/**
 * Whether the membership holds `right` in its cluster, as the guards resolve it (tenant-query.server.ts):
 * account and system admins hold every right; others the rights of their roles there, plus the employee
 * role's when they have any role.
 */
function holdsRight(membershipId: SQL, right: Right) {
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
function moduleOn(clusterId: SQL, moduleKey: ModuleKey) {
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
const dialogActionsDue: DigestSource = {
  key: "dialogActions",
  rows: (page) => sql`
    select r.membership_id as "membershipId", x.id, x.title, x.due, x.detail, x.path
      from ${page} cross join lateral (
        select * from (
          select distinct on (a.initiative_id) a.id, a.title, null::text as due, d.objective as detail,
                 '/dialogs/' || d.id as path, d.updated_at
            from dialogs d
            join dialog_actions a on a.dialog_id = d.id and not a.completed
            join dialog_initiatives i on i.id = a.initiative_id
            join dialog_learning_goals g on g.id = i.learning_goal_id and not g.archived
           where d.account_id = r.account_id and d.cluster_id = r.cluster_id and d.state = 'started'
             and (d.membership_id = r.membership_id or d.leader_membership_id = r.membership_id)
             and (d.updated_at > r.since
                  or exists (select 1 from dialog_events e where e.dialog_id = d.id and e.created_at > r.since))
             and ${moduleOn(sql`r.cluster_id`, "dialog")} and ${holdsRight(sql`r.membership_id`, "dialogs.edit")}
           order by a.initiative_id, a.position
        ) due order by due.updated_at desc, due.path, due.title limit ${MAX_ITEMS}) x
     order by r.membership_id, x.updated_at desc, x.path, x.title`,
};

/**
 * Personnel imports of my cluster waiting for decisions (status review) that were started since the last
 * digest; only for members who may import (users.import), who are the ones that can decide them.
 */
const importsWaiting: DigestSource = {
  key: "imports",
  rows: (page) => sql`
    select r.membership_id as "membershipId", x.id, x.title, x.due, x.detail, '/import/excel/' || x.id as path
      from ${page} cross join lateral (
        select im.id, im.file_name as title, null::text as due,
               (select ${personNameSql("u")}
                  from users u where u.id = im.created_by) as detail, im.created_at
          from imports im
         where im.account_id = r.account_id and im.cluster_id = r.cluster_id and im.status = 'review'
           and im.created_at > r.since
           and ${holdsRight(sql`r.membership_id`, "users.import")}
         order by im.created_at limit ${MAX_ITEMS}) x
     order by r.membership_id, x.created_at`,
};

/** In the order the e-mail shows them. */
export const digestSources: readonly DigestSource[] = [
  newTasks,
  overdueTasks,
  reviewsWaiting,
  dialogActionsDue,
  importsWaiting,
];

/**
 * The sections of every recipient of a page (five statements for the page, not five per recipient);
 * recipients without news are missing from the map.
 */
export async function digestSectionsForPage(
  db: DbOrTx,
  entries: DigestPageEntry[],
  today: string,
): Promise<Map<string, DigestSection[]>> {
  const result = new Map<string, DigestSection[]>();
  if (entries.length === 0) return result;
  const records = entries.map((e) => ({
    membership_id: e.membershipId,
    account_id: e.accountId,
    cluster_id: e.clusterId,
    since: e.since.toISOString(),
    since_day: todayIn(DEFAULT_TIME_ZONE, e.since),
    horizon: e.horizon,
  }));
  const page = sql`jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
    as r(membership_id uuid, account_id uuid, cluster_id uuid, since timestamptz, since_day date, horizon date)`;
  // One after the other on one connection: the run's pages already overlap with delivery.
  const perSource: Row[][] = [];
  for (const source of digestSources) perSource.push((await db.execute<Row>(source.rows(page, today))).rows);
  digestSources.forEach((source, index) => {
    for (const row of perSource[index]) {
      let sections = result.get(row.membershipId);
      if (!sections) result.set(row.membershipId, (sections = []));
      let current = sections[sections.length - 1];
      if (!current || current.key !== source.key) sections.push((current = { key: source.key, items: [] }));
      current.items.push({
        title: row.title,
        path: row.path,
        due: row.due ? formatDate(row.due) : "",
        detail: row.detail ?? "",
      });
    }
  });
  return result;
}

/** One recipient's sections (the page query for a page of one). */
export async function digestSections(db: DbOrTx, r: DigestRecipient, w: DigestWindow): Promise<DigestSection[]> {
  const sections = await digestSectionsForPage(db, [{ ...r, since: w.since, horizon: w.horizon }], w.today);
  return sections.get(r.membershipId) ?? [];
}
