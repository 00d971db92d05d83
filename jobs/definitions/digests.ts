import * as z from "zod";
import { sendDigests } from "~/features/digests/digests.server";
import type { JobDefinition } from "./index";

/** The schedule sends no payload; `only` limits a run to some memberships (the end-to-end test's user). */
const schema = z.object({ only: z.array(z.uuid()).optional() }).loose();

/**
 * Mondays at 07:00 (Europe/Amsterdam): each member's digest for their period (weekly, every two or four
 * weeks), at most once per period, nothing when nothing changed (docs/decisions/1100).
 */
export const digestsJob = {
  name: "digests",
  schema,
  options: { policy: "singleton", retryLimit: 3, retryDelay: 300, expireInSeconds: 3600 },
  work: { batchSize: 1, pollingIntervalSeconds: 5 },
  cron: "0 7 * * 1",
  handler: async ({ only }) => sendDigests(new Date(), only ?? null),
} satisfies JobDefinition<typeof schema>;
