import * as z from "zod";
import { sendDigests } from "~/features/digests/digests.server";
import { deliverEmails } from "~/features/email/outbox.server";
import type { JobDefinition } from "./index";

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
  handler: async ({ only }) =>
    sendDigests(new Date(), only ?? null, async (emailIds) => {
      await deliverEmails(emailIds);
    }),
} satisfies JobDefinition<typeof schema>;
