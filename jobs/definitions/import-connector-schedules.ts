import * as z from "zod";
import { startScheduledImports } from "~/features/imports/connectors/connector-schedule.server";
import type { JobDefinition } from "./index";

const schema = z.object({}).loose();

/** Every five minutes: starts each connector import whose schedule slot is due, once (decision 1223). */
export const importConnectorSchedulesJob = {
  name: "import-connector-schedules",
  schema,
  options: { policy: "singleton", retryLimit: 2, retryDelay: 30, expireInSeconds: 300 },
  work: { batchSize: 1, pollingIntervalSeconds: 10 },
  cron: "*/5 * * * *",
  handler: async () => ({ started: (await startScheduledImports()).length }),
} satisfies JobDefinition<typeof schema>;
