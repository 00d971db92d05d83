import * as z from "zod";
import { deliverEmail, maxDeliveryAttempts, sendEmailQueue } from "~/features/email/outbox.server";
import type { JobDefinition } from "./index";

const schema = z.object({ emailId: z.uuid() });

export const sendEmailJob = {
  name: sendEmailQueue,
  schema,
  options: {
    retryLimit: maxDeliveryAttempts - 1,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 120,
  },
  // Polling every 0.5 s (pg-boss's minimum) gets a message out within about a second.
  work: { batchSize: 5, pollingIntervalSeconds: 0.5 },
  handler: async ({ emailId }) => deliverEmail(emailId),
} satisfies JobDefinition<typeof schema>;
