import * as z from "zod";
import {
  personalDataExportQueue,
  removeExpiredExports,
  runPersonalDataExport,
} from "~/features/privacy/personal-data-exports.server";
import type { JobDefinition } from "./index";

const schema = z.object({ exportId: z.uuid() });

/** Writes one person's data export into its files (decision 1740); a retry starts the request over. */
export const personalDataExportJob = {
  name: personalDataExportQueue,
  schema,
  options: { retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 900 },
  work: { batchSize: 1, pollingIntervalSeconds: 1 },
  handler: async (data) => ({ outcome: await runPersonalDataExport(data.exportId) }),
} satisfies JobDefinition<typeof schema>;

const cleanupSchema = z.object({}).loose();

/** Removes expired exports' files, and their rows a while later (decision 1740); safe to run any number of times. */
export const personalDataExportCleanupJob = {
  name: "personal-data-export-cleanup",
  schema: cleanupSchema,
  options: { policy: "singleton", retryLimit: 2, retryDelay: 300, expireInSeconds: 600 },
  work: { batchSize: 1, pollingIntervalSeconds: 5 },
  cron: "20 * * * *",
  handler: async () => removeExpiredExports(),
} satisfies JobDefinition<typeof cleanupSchema>;
