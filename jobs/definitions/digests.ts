import { randomUUID } from "node:crypto";
import * as z from "zod";
import { deliverUnsentDigests, sendDigests } from "~/features/digests/digests.server";
import { deliverEmails } from "~/features/email/outbox.server";
import type { JobContext, JobDefinition } from "./index";

/** The schedule sends no payload; `only` limits a run to some memberships (the end-to-end test's user). */
const schema = z.object({ only: z.array(z.uuid()).optional() }).loose();

/**
 * Mondays at 07:00 (Europe/Amsterdam): each member's digest for their period (weekly, every two or four
 * weeks), at most once per period, nothing when nothing changed (docs/decisions/1100, 1263).
 */
export const digestsJob = {
  name: "digests",
  schema,
  options: { policy: "singleton", retryLimit: 3, retryDelay: 300, expireInSeconds: 3600 },
  work: { batchSize: 1, pollingIntervalSeconds: 5 },
  cron: "0 7 * * 1",
  // The run delivers each page itself (docs/decisions/1263): a send-email job per digest is held to
  // batchSize per polling interval; failures still go to send-email jobs, which retry with backoff.
  // Its claims carry the job's id, which a retry keeps: a run whose worker died is finished by its retry
  // (decision 1770). A direct call (tests, `npm run digests`) is no job and has no run to finish.
  handler: async ({ only }, context?: JobContext) => {
    const holder = context?.jobId ?? randomUUID();
    const deliver = async (emailIds: string[]) => {
      await deliverEmails(emailIds, holder);
    };
    const resumed = context ? await deliverUnsentDigests(holder, only ?? null, deliver) : 0;
    return { ...(await sendDigests(new Date(), only ?? null, deliver)), resumed };
  },
} satisfies JobDefinition<typeof schema>;
