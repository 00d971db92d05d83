import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import type { DigestProps } from "#emails/digest";
import { liveJobExists } from "#jobs/boss-internals.server";
import { enqueueEmailDeliveries, sendEmailQueue } from "~/features/email/outbox.server";
import { todayIn } from "~/features/tasks/task-rules";
import { DEFAULT_TIME_ZONE } from "~/utils/format";
import type { Language } from "~/utils/i18n";
import { digestPeriodDays, digestSince, isDigestDue, isDigestFrequency, periodStartFor } from "./digest-period";
import { digestSectionsForPage, type DigestPageEntry } from "./digest-sources.server";
import { unsubscribePath } from "./unsubscribe.server";

/**
 * The digest run (docs/decisions/1100, 1263): every member who wants digests and has none for the current
 * period gets one, in their language, with what changed since their last one; nothing new, no e-mail.
 * Recipients are read in pages (keyset on the membership id) so memory stays flat for large accounts;
 * a page's news comes from five set-based statements, and one statement claims the page's digests_sent
 * rows (unique per membership and period, `on conflict do nothing`) and writes the outbox rows of the
 * claims it won, so a retried job or a second worker sends nothing twice.
 */

type RecipientRow = {
  membershipId: string;
  accountId: string;
  clusterId: string;
  email: string;
  firstName: string;
  language: Language;
  organisation: string;
  frequency: string;
  lastPeriodStart: string | null;
  lastSentAt: string | null;
};

const PAGE = 500;
const DELIVERIES_IN_FLIGHT = 2;

function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** One page of members who may get a digest: active, may sign in, frequency set, with their latest digest. */
async function recipientsAfter(afterId: string, only: string[] | null): Promise<RecipientRow[]> {
  const { rows } = await getDb().execute<RecipientRow>(sql`
    select m.id as "membershipId", m.account_id as "accountId", m.cluster_id as "clusterId",
           u.email, u.first_name as "firstName", u.language, c.name as organisation,
           m.updates_frequency as frequency,
           last.period_start::text as "lastPeriodStart", last.sent_at::text as "lastSentAt"
      from memberships m
      join users u on u.id = m.user_id and u.deleted_at is null
      join clusters c on c.id = m.cluster_id
      left join lateral (
        select d.period_start, d.sent_at from digests_sent d
         where d.membership_id = m.id order by d.period_start desc limit 1
      ) last on true
     where m.id > ${afterId}::uuid and m.deleted_at is null and m.status = 'active' and m.access
       and m.updates_frequency <> 'none'
       and (${only === null}::boolean or m.id = any(${`{${(only ?? []).join(",")}}`}::uuid[]))
     order by m.id limit ${PAGE}`);
  return rows;
}

export type DigestRunResult = { sent: number; nothingNew: number };

/** What happens to a page's new outbox rows once they are committed (default: a send-email job each). */
export type DeliverDigests = (emailIds: string[]) => Promise<void>;

/**
 * One run of the digest schedule at `now`; safe to run twice or on two workers at once. `only` limits the
 * run to some memberships (the end-to-end test's own user). Pages are delivered while the next one is
 * computed.
 */
export async function sendDigests(
  now: Date = new Date(),
  only: string[] | null = null,
  deliver: DeliverDigests = enqueueEmailDeliveries,
): Promise<DigestRunResult> {
  const today = todayIn(DEFAULT_TIME_ZONE, now);
  const result: DigestRunResult = { sent: 0, nothingNew: 0 };
  let afterId = "00000000-0000-0000-0000-000000000000";
  // Up to two pages are being delivered while the next is computed, so the SMTP pool never waits for the
  // last messages of a page; memory holds at most three pages.
  const delivering: Promise<void>[] = [];
  try {
    for (;;) {
      const page = await recipientsAfter(afterId, only);
      if (page.length === 0) break;
      afterId = page[page.length - 1].membershipId;
      const { emailIds, nothingNew } = await sendDigestPage(page, today);
      result.sent += emailIds.length;
      result.nothingNew += nothingNew;
      if (delivering.length >= DELIVERIES_IN_FLIGHT) await delivering.shift();
      if (emailIds.length > 0) delivering.push(deliver(emailIds));
      if (page.length < PAGE) break;
    }
  } finally {
    // Also after a failure: what was committed is delivered (the outbox sweeper would catch it later too).
    const outcomes = await Promise.allSettled(delivering);
    const failed = outcomes.find((o) => o.status === "rejected");
    if (failed) throw failed.reason;
  }
  return result;
}

/**
 * Delivers the digests an earlier run claimed and queued but did not get out because its worker died (a
 * SIGKILL, a deploy past the stop timeout; decision 1770). That run's retry has the same job id, so with it as
 * `holder` it takes the rows that run still held over at once (1267); rows no delivery holds any more are taken
 * too. Rows a send-email job is retrying are left to it. Without this the retry found every claim made, sent
 * nothing, and the rest waited for the claim to lapse and the sweeper (15 + 10 minutes). Returns how many.
 */
export async function deliverUnsentDigests(
  holder: string,
  only: string[] | null,
  deliver: DeliverDigests,
): Promise<number> {
  let afterId = "00000000-0000-0000-0000-000000000000";
  let count = 0;
  for (;;) {
    const { rows } = await getDb().execute<{ id: string }>(sql`
      select o.id from email_outbox o join digests_sent d on d.email_id = o.id
       where o.status = 'pending' and o.template = 'digest' and o.id > ${afterId}::uuid
         and (o.claimed_until is null or o.claimed_until < now() or o.claimed_by = ${holder}::uuid)
         and not ${liveJobExists(sendEmailQueue, "emailId", sql`o.id::text`)}
         and (${only === null}::boolean or d.membership_id = any(${`{${(only ?? []).join(",")}}`}::uuid[]))
       order by o.id limit ${PAGE}`);
    if (rows.length === 0) return count;
    afterId = rows[rows.length - 1].id;
    count += rows.length;
    await deliver(rows.map((row) => row.id));
  }
}

type Due = RecipientRow & {
  frequency: "weekly" | "biweekly" | "fourweekly";
  periodStart: string;
  entry: DigestPageEntry;
};

/** A page: who is due, their news (five statements), then one statement that claims and queues. */
async function sendDigestPage(
  page: RecipientRow[],
  today: string,
): Promise<{ emailIds: string[]; nothingNew: number }> {
  const due: Due[] = [];
  for (const r of page) {
    const frequency = r.frequency;
    if (!isDigestFrequency(frequency) || !isDigestDue(frequency, today, r.lastPeriodStart)) continue;
    const periodStart = periodStartFor(frequency, today)!;
    const since = digestSince(frequency, periodStart, r.lastSentAt ? new Date(r.lastSentAt) : null);
    const horizon = addDays(today, digestPeriodDays[frequency]);
    due.push({ ...r, frequency, periodStart, entry: { ...r, since, horizon } });
  }
  if (due.length === 0) return { emailIds: [], nothingNew: 0 };
  const sections = await digestSectionsForPage(
    getDb(),
    due.map((d) => d.entry),
    today,
  );
  const digests = due.flatMap((r) => {
    const mine = sections.get(r.membershipId);
    if (!mine) return [];
    const props: DigestProps = {
      firstName: r.firstName,
      organisation: r.organisation,
      frequency: r.frequency,
      sections: mine,
      unsubscribePath: unsubscribePath(r.membershipId),
    };
    return [
      {
        email_id: crypto.randomUUID(),
        account_id: r.accountId,
        cluster_id: r.clusterId,
        membership_id: r.membershipId,
        period_start: r.periodStart,
        frequency: r.frequency,
        to_address: r.email,
        locale: r.language,
        props,
      },
    ];
  });
  const nothingNew = due.length - digests.length;
  if (digests.length === 0) return { emailIds: [], nothingNew };
  // One statement, so atomic: the claims this run wins (a claim another run holds is skipped, waiting for
  // that run's commit) and the outbox rows of exactly those claims. The foreign key from the claim to its
  // outbox row is checked at the end of the statement, when both exist.
  const { rows } = await getDb().execute<{ id: string }>(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(digests)}::jsonb)
        as x(email_id uuid, account_id uuid, cluster_id uuid, membership_id uuid, period_start date,
             frequency text, to_address text, locale text, props jsonb)
    ), claimed as (
      insert into digests_sent (account_id, cluster_id, membership_id, period_start, frequency, email_id)
      select account_id, cluster_id, membership_id, period_start, frequency, email_id from input
      on conflict do nothing
      returning email_id
    )
    insert into email_outbox (id, account_id, to_address, template, locale, props)
    select i.email_id, i.account_id, i.to_address, 'digest', i.locale, i.props
      from input i join claimed c on c.email_id = i.email_id
    returning id`);
  return { emailIds: rows.map((row) => row.id), nothingNew };
}
