import { uuid } from "drizzle-orm/pg-core";
import { accounts, clusters } from "./accounts";

/**
 * The account and cluster every tenant row carries (docs/architecture.md "Tables"). `restrict` where review
 * history or dialogs must not vanish with a cluster by accident (docs/decisions/0641); else `cascade`.
 */
export const tenantColumns = (onDelete: "cascade" | "restrict" = "cascade") => ({
  accountId: uuid("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete }),
  clusterId: uuid("cluster_id")
    .notNull()
    .references(() => clusters.id, { onDelete }),
});
