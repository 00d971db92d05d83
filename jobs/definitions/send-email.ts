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
  // Polling every 0.5 s (pg-boss's minimum) gets a message out within about a second. pg-boss waits out
  // the interval after each batch, so the batch size caps a worker's rate: 5 held a digest run to 10
  // messages/s (scripts/bench-digests.ts); 25 in parallel share the SMTP pool and the database pool.
  work: { batchSize: 25, pollingIntervalSeconds: 0.5 },
  // The job's id holds the row's claim: a retry of this job after its worker died takes it over (1267).
  handler: async ({ emailId }, { jobId }) => deliverEmail(emailId, jobId),
} satisfies JobDefinition<typeof schema>;
