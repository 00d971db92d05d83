import { sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { digestsSent } from "#db/schema";
import { enqueueEmailDeliveries, queueEmail } from "~/features/email/outbox.server";
import { todayIn } from "~/features/tasks/task-rules";
import { DEFAULT_TIME_ZONE } from "~/utils/format";
import type { Language } from "~/utils/i18n";
import { digestPeriodDays, digestSince, isDigestDue, isDigestFrequency, periodStartFor } from "./digest-period";
import { digestSections } from "./digest-sources.server";
import { unsubscribePath } from "./unsubscribe.server";

/**
 * The digest run (docs/decisions/1100): every member who wants digests and has none for the current
 * period gets one, in their language, with what changed since their last one; nothing new, no e-mail.
 * Recipients are read in pages (keyset on the membership id) so memory stays flat for large accounts.
 * The digests_sent row (unique per membership and period) and the outbox row are written in one
 * transaction, so a retried job or a second worker sends nothing twice.
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
const ENQUEUE_BATCH = 50;

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

/**
 * One run of the digest schedule at `now`; safe to run twice or on two workers at once. `only` limits the
 * run to some memberships (the end-to-end test's own user).
 */
export async function sendDigests(now: Date = new Date(), only: string[] | null = null): Promise<DigestRunResult> {
  const today = todayIn(DEFAULT_TIME_ZONE, now);
  const result: DigestRunResult = { sent: 0, nothingNew: 0 };
  let afterId = "00000000-0000-0000-0000-000000000000";
  // Deliveries are enqueued in batches (one statement each), soon enough for the workers to start early.
  let queued: string[] = [];
  const flush = async () => {
    const batch = queued;
    queued = [];
    await enqueueEmailDeliveries(batch);
  };
  try {
    for (;;) {
      const page = await recipientsAfter(afterId, only);
      if (page.length === 0) break;
      afterId = page[page.length - 1].membershipId;
      for (const r of page) {
        const outcome = await sendDigestTo(r, today);
        if (outcome === "nothing-new") result.nothingNew += 1;
        if (typeof outcome === "object") {
          result.sent += 1;
          queued.push(outcome.emailId);
          if (queued.length >= ENQUEUE_BATCH) await flush();
        }
      }
      if (page.length < PAGE) break;
    }
  } finally {
    // Also after a failure: what was committed is delivered (the outbox sweeper would catch it later too).
    await flush();
  }
  return result;
}

/** Marks a claim lost to another run: rolls the digest's transaction back. */
class AlreadySent extends Error {}

async function sendDigestTo(r: RecipientRow, today: string): Promise<{ emailId: string } | "nothing-new" | "not-due"> {
  const frequency = r.frequency;
  if (!isDigestFrequency(frequency) || !isDigestDue(frequency, today, r.lastPeriodStart)) return "not-due";
  const periodStart = periodStartFor(frequency, today)!;
  const since = digestSince(frequency, periodStart, r.lastSentAt ? new Date(r.lastSentAt) : null);
  const horizon = addDays(today, digestPeriodDays[frequency]);
  const sections = await digestSections(getDb(), r, { since, today, horizon });
  if (sections.length === 0) return "nothing-new";

  // The outbox row first, then the claim with its id (one statement fewer than claim, insert, update);
  // a claim another run already holds rolls both back.
  try {
    const emailId = await getDb().transaction(async (tx) => {
      const id = await queueEmail(tx, {
        accountId: r.accountId,
        to: r.email,
        template: "digest",
        locale: r.language,
        props: {
          firstName: r.firstName,
          organisation: r.organisation,
          frequency,
          sections,
          unsubscribePath: unsubscribePath(r.membershipId),
        },
      });
      const [claimed] = await tx
        .insert(digestsSent)
        .values({
          accountId: r.accountId,
          clusterId: r.clusterId,
          membershipId: r.membershipId,
          periodStart,
          frequency,
          emailId: id,
        })
        .onConflictDoNothing()
        .returning({ id: digestsSent.id });
      if (!claimed) throw new AlreadySent();
      return id;
    });
    return { emailId };
  } catch (error) {
    if (error instanceof AlreadySent) return "not-due";
    throw error;
  }
}
