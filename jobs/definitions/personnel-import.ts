import * as z from "zod";
import {
  personnelImportQueue,
  personnelImportRetryLimit,
  runPersonnelImport,
} from "~/features/imports/import-run.server";
import { importDuration, timed } from "~/utils/metrics.server";
import type { JobDefinition } from "./index";

const schema = z.object({ importId: z.uuid() });

/** Reads an uploaded personnel file, or compares its mapped rows with the cluster (the import's status says which). */
export const personnelImportJob = {
  name: personnelImportQueue,
  schema,
  options: { retryLimit: personnelImportRetryLimit, retryDelay: 10, retryBackoff: true, expireInSeconds: 900 },
  work: { batchSize: 1, pollingIntervalSeconds: 0.5 },
  handler: async (data) => ({
    outcome: await timed(importDuration, "upload", () => runPersonnelImport(data.importId)),
  }),
} satisfies JobDefinition<typeof schema>;
