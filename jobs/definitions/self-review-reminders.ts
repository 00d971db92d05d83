import * as z from "zod";
import { sendSelfReviewReminders } from "~/features/reviews/self-review-mail.server";
import type { JobDefinition } from "./index";

const schema = z.object({}).loose();

/** Daily at 08:05 (Europe/Amsterdam): the 7-day and 1-day reminders of self reviews, each once per participant. */
export const selfReviewRemindersJob = {
  name: "self-review-reminders",
  schema,
  options: { policy: "singleton", retryLimit: 3, retryDelay: 300, expireInSeconds: 900 },
  work: { batchSize: 1, pollingIntervalSeconds: 30 },
  cron: "5 8 * * *",
  handler: async () => ({ reminded: await sendSelfReviewReminders() }),
} satisfies JobDefinition<typeof schema>;
