import { sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { taskMails } from "#db/schema";
import { enqueueEmailDelivery, queueEmail } from "~/features/email/outbox.server";
import { formatDate } from "~/utils/format";
import type { Language } from "~/utils/i18n";
import { personNameSql } from "~/utils/person-name.server";

/**
 * The immediate "you got a task" e-mail (docs/decisions/1102): a job every minute mails the receiver of
 * each task someone else gave them in the last day that they have not opened yet, unless their update
 * frequency is "none". task_mails (unique per task and receiver) is written in the same transaction as
 * the outbox row, so a retried job or a second worker mails nobody twice. Scanning instead of enqueueing
 * from the request means every way a task is given (page, API, a new receiver on edit) is covered and a
 * crash between commit and enqueue loses nothing.
 */

type Due = {
  taskId: string;
  receiverId: string;
  accountId: string;
  title: string;
  due: string | null;
  email: string;
  firstName: string;
  language: Language;
  senderName: string;
};

export async function dueTaskMails(limit = 500): Promise<Due[]> {
  const { rows } = await getDb().execute<Due>(sql`
    select t.id as "taskId", t.receiver_id as "receiverId", t.account_id as "accountId", t.title,
           t.due_date::text as due, ru.email, ru.first_name as "firstName", ru.language,
           ${personNameSql("su")} as "senderName"
      from tasks t
      join memberships rm on rm.id = t.receiver_id and rm.deleted_at is null and rm.access
                         and rm.updates_frequency <> 'none'
      join users ru on ru.id = rm.user_id and ru.deleted_at is null
      join memberships sm on sm.id = t.sender_id
      join users su on su.id = sm.user_id
     where t.type = 'task' and t.sender_id <> t.receiver_id and t.seen_at is null and not t.done
       and t.archived_at is null and t.updated_at > now() - interval '1 day'
       and not exists (select 1 from task_mails tm where tm.task_id = t.id and tm.receiver_id = t.receiver_id)
     order by t.updated_at limit ${limit}`);
  return rows;
}

/** One run: each due task mail once. Returns how many were queued. */
export async function sendTaskMails(): Promise<number> {
  let sent = 0;
  for (const d of await dueTaskMails()) {
    const emailId = await getDb().transaction(async (tx) => {
      const [claimed] = await tx
        .insert(taskMails)
        .values({ taskId: d.taskId, receiverId: d.receiverId, accountId: d.accountId })
        .onConflictDoNothing()
        .returning({ taskId: taskMails.taskId });
      if (!claimed) return null;
      const id = await queueEmail(tx, {
        accountId: d.accountId,
        to: d.email,
        template: "task-received",
        locale: d.language,
        props: {
          firstName: d.firstName,
          senderName: d.senderName,
          title: d.title,
          due: d.due ? formatDate(d.due) : "",
          path: `/tasks/inbox/${d.taskId}`,
        },
      });
      await tx
        .update(taskMails)
        .set({ emailId: id })
        .where(sql`${taskMails.taskId} = ${d.taskId} and ${taskMails.receiverId} = ${d.receiverId}`);
      return id;
    });
    if (emailId) {
      await enqueueEmailDelivery(emailId);
      sent += 1;
    }
  }
  return sent;
}
