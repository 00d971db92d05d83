import * as z from "zod";
import { runRetention } from "~/features/privacy/retention.server";
import type { JobDefinition } from "./index";

const schema = z.object({}).loose();

/** Applies each account's retention settings (decision 1561); idempotent and resumable, so retries are safe. */
export const retentionJob = {
  name: "retention",
  schema,
  options: { policy: "singleton", retryLimit: 2, retryDelay: 600, expireInSeconds: 3600 },
  work: { batchSize: 1, pollingIntervalSeconds: 5 },
  cron: "15 4 * * *",
  handler: async () => runRetention(),
} satisfies JobDefinition<typeof schema>;
