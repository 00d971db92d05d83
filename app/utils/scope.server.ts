import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "#db/client.server";
import { isUuid, notFound } from "./not-found";
import type { TenantContext } from "./tenant.server";

/**
 * The one scope module of the services (docs/decisions/0640): every query about a tenant's rows puts
 * `inCluster`/`inAccount` in its `where`, and every id that comes from a request and is written into a
 * row is first checked with `requireIdsInScope`. An id of another tenant finds nothing: 404.
 */
export { isUuid, notFound, requireUuid } from "./not-found";

export type Tenant = Pick<TenantContext, "accountId" | "clusterId">;

type AccountScoped = { accountId: PgColumn };
type ClusterScoped = AccountScoped & { clusterId: PgColumn };
/** A cluster table with an `id`, for the id checks below. */
type ScopedTable = PgTable & ClusterScoped & { id: PgColumn };

/** The UUIDs among these ids, each once (request input before a query). */
export function uniqueUuids(ids: readonly string[]): string[] {
  return [...new Set(ids.filter((id) => isUuid(id)))];
}

/** Rows of the current account (account-wide tables such as users). */
export function inAccount(table: AccountScoped, ctx: Pick<Tenant, "accountId">): SQL {
  return eq(table.accountId, ctx.accountId);
}

/** Rows of the current account and cluster. */
export function inCluster(table: ClusterScoped, ctx: Tenant): SQL {
  return and(eq(table.accountId, ctx.accountId), eq(table.clusterId, ctx.clusterId))!;
}

/**
 * The ones of these ids that are rows of my cluster (matching `extra`), each once: for choices a request
 * may name where an unknown id is simply ignored (teams of a bulk action, tags of a person). Non-UUIDs
 * are dropped before the query. Runs on `db`, so inside a transaction pass the transaction.
 */
export async function idsInScope(
  db: DbOrTx,
  table: ScopedTable,
  ids: readonly string[],
  ctx: Tenant,
  extra?: SQL,
): Promise<string[]> {
  const unique = uniqueUuids(ids);
  if (unique.length === 0) return [];
  const rows = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(inCluster(table, ctx), inArray(table.id, unique), extra));
  return rows.map((r) => r.id as string);
}

/**
 * "All these ids are rows of my cluster (matching `extra`), or 404": for ids a request names that a
 * service is about to write into other rows (tags of a round, the kept record of a merge). Returns the
 * ids once each. Runs on `db`, so inside a transaction pass the transaction.
 */
export async function requireIdsInScope(...args: Parameters<typeof idsInScope>): Promise<string[]> {
  const [db, table, ids, ctx, extra] = args;
  const unique = [...new Set(ids)];
  if (!unique.every((id) => isUuid(id))) notFound();
  if ((await idsInScope(db, table, unique, ctx, extra)).length !== unique.length) notFound();
  return unique;
}
