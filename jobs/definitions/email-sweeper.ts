import * as z from "zod";
import { getDb } from "#db/client.server";
import { listStalledEmailIds, sendEmailQueue } from "~/features/email/outbox.server";
import type { JobDefinition } from "./index";

const schema = z.object({}).loose();

/**
 * A feature commits its outbox row and then enqueues send-email; a crash in between would leave the
 * row pending forever. Every 10 minutes this re-enqueues such rows (see listStalledEmailIds).
 */
export const emailSweeperJob = {
  name: "email-sweeper",
  schema,
  options: { policy: "singleton", retryLimit: 0, expireInSeconds: 300 },
  work: { batchSize: 1, pollingIntervalSeconds: 5 },
  cron: "*/10 * * * *",
  handler: async (_data, { enqueue }) => {
    const ids = await listStalledEmailIds(getDb(), 10);
    for (const emailId of ids) await enqueue(sendEmailQueue, { emailId });
    return { requeued: ids.length };
  },
} satisfies JobDefinition<typeof schema>;
