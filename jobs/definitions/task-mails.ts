import * as z from "zod";
import { sendTaskMails } from "~/features/digests/task-mail.server";
import type { JobDefinition } from "./index";

const schema = z.object({}).loose();

/** Every minute: the "you got a task" e-mail, once per task and receiver (docs/decisions/1102). */
export const taskMailsJob = {
  name: "task-mails",
  schema,
  options: { policy: "singleton", retryLimit: 2, retryDelay: 30, expireInSeconds: 300 },
  work: { batchSize: 1, pollingIntervalSeconds: 10 },
  cron: "* * * * *",
  handler: async () => ({ mailed: await sendTaskMails() }),
} satisfies JobDefinition<typeof schema>;
