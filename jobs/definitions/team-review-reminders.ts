import * as z from "zod";
import { sendTeamReviewReminders } from "~/features/reviews/team-review-mail.server";
import type { JobDefinition } from "./index";

const schema = z.object({}).loose();

/** Daily at 08:00 (Europe/Amsterdam): the 7-day and 1-day deadline reminders, each once per leader. */
export const teamReviewRemindersJob = {
  name: "team-review-reminders",
  schema,
  options: { policy: "singleton", retryLimit: 3, retryDelay: 300, expireInSeconds: 900 },
  work: { batchSize: 1, pollingIntervalSeconds: 30 },
  cron: "0 8 * * *",
  handler: async () => ({ reminded: await sendTeamReviewReminders() }),
} satisfies JobDefinition<typeof schema>;
