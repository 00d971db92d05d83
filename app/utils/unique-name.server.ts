import { and, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "#db/client.server";
import { isUniqueViolation, type Failure, type Result } from "~/utils/results.server";

/**
 * Whether another row in `scope` already has this name, ignoring case (`exceptId`: the row being renamed).
 * Tags and teams: a name is unique in its cluster.
 */
export async function nameTaken(
  db: DbOrTx,
  table: PgTable & { id: AnyPgColumn; name: AnyPgColumn },
  scope: SQL | undefined,
  name: string,
  exceptId?: string,
) {
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(
      and(scope, sql`lower(${table.name}) = lower(${name})`, exceptId ? sql`${table.id} <> ${exceptId}` : undefined),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Writes a row whose name must be unique: asks first, so the usual case answers with the field's error, and
 * turns the unique violation of a concurrent write into the same answer.
 */
export async function writeUniqueName<T extends object>(
  taken: () => Promise<boolean>,
  nameExists: Failure,
  write: () => Promise<T>,
): Promise<Result<T>> {
  if (await taken()) return nameExists;
  try {
    return { ok: true, ...(await write()) };
  } catch (error) {
    if (isUniqueViolation(error)) return nameExists;
    throw error;
  }
}
