import * as z from "zod";
import { runConnectorImport } from "~/features/imports/connectors/connector-schedule.server";
import { connectorImportQueue } from "~/features/imports/connectors/connectors.server";
import { importDuration, timed } from "~/utils/metrics.server";
import type { JobDefinition } from "./index";

const schema = z.object({ importId: z.uuid() });

/** Fetches an import's people through its connector (AFAS, Polaris) and compares them (decision 1222). */
export const personnelImportConnectorJob = {
  name: connectorImportQueue,
  schema,
  // A remote page may take 60 s (spec §9); a whole fetch of many pages longer.
  options: { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 1800 },
  work: { batchSize: 1, pollingIntervalSeconds: 1 },
  handler: async (data) => ({
    outcome: await timed(importDuration, "connector", () => runConnectorImport(data.importId)),
  }),
} satisfies JobDefinition<typeof schema>;
