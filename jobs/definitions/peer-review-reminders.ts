import * as z from "zod";
import { sendPeerReviewReminders } from "~/features/peer-reviews/peer-review-mail.server";
import type { JobDefinition } from "./index";

const schema = z.object({}).loose();

/** Daily at 08:10 (Europe/Amsterdam): the 7-day and 1-day reminders of peer rounds, each once per reviewer. */
export const peerReviewRemindersJob = {
  name: "peer-review-reminders",
  schema,
  options: { policy: "singleton", retryLimit: 3, retryDelay: 300, expireInSeconds: 900 },
  work: { batchSize: 1, pollingIntervalSeconds: 30 },
  cron: "10 8 * * *",
  handler: async () => ({ reminded: await sendPeerReviewReminders() }),
} satisfies JobDefinition<typeof schema>;
