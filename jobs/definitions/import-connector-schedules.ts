import * as z from "zod";
import { recoverLostRuns, startScheduledImports } from "~/features/imports/connectors/connector-schedule.server";
import type { JobDefinition } from "./index";

const schema = z.object({}).loose();

/**
 * Every five minutes: starts each connector import whose schedule slot is due, once (decision 1223), and
 * queues again or fails the runs whose job was lost (decision 1226).
 */
export const importConnectorSchedulesJob = {
  name: "import-connector-schedules",
  schema,
  options: { policy: "singleton", retryLimit: 2, retryDelay: 30, expireInSeconds: 300 },
  work: { batchSize: 1, pollingIntervalSeconds: 10 },
  cron: "*/5 * * * *",
  handler: async () => {
    const started = (await startScheduledImports()).length;
    const { requeued, failed } = await recoverLostRuns();
    return { started, requeued: requeued.length, failed: failed.length };
  },
} satisfies JobDefinition<typeof schema>;
