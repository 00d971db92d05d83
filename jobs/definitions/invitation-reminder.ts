import * as z from "zod";
import { sendInvitationReminders } from "~/features/invitations/invitation-send.server";
import type { JobDefinition } from "./index";

const schema = z.object({}).loose();

/** Hourly: re-sends each invitation still pending after 3 days, once (the rows record the reminder). */
export const invitationReminderJob = {
  name: "invitation-reminder",
  schema,
  options: { policy: "singleton", retryLimit: 3, retryDelay: 300, expireInSeconds: 600 },
  work: { batchSize: 1, pollingIntervalSeconds: 30 },
  cron: "15 * * * *",
  handler: async () => ({ reminded: await sendInvitationReminders() }),
} satisfies JobDefinition<typeof schema>;
