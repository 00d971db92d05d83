import { sql, type SQL } from "drizzle-orm";
import { getDb, type DbOrTx, type Tx } from "#db/client.server";
import { isReviewHistoryTable } from "~/features/reviews/review-history.server";
import type { Failure, Result } from "~/utils/results.server";
import { isUuid, notFound, type Tenant } from "~/utils/scope.server";
import type { MergeLine } from "./merge-lines";

/** One kind of row that points at the record a merge removes. */
export type MergeReference = {
  /** What these rows are on the preview (an i18n key). */
  label: string;
  table: string;
  column: string;
  /**
   * The other columns of the table's unique key: a row the kept record already has with these values is
   * a duplicate, and is dropped instead of moved. Without them every row moves.
   */
  sameWhen?: readonly string[];
  /** Narrows the rows (the table is aliased `o`), e.g. to one role. */
  where?: SQL;
  /** The table has `updated_at`, set on the moved rows. */
  touch?: boolean;
  /**
   * A duplicate is added into the kept record's row instead of dropped: the SET clause over the kept row `k`
   * and the removed record's row `o` (e.g. counts summed). Reported as its own line, `label`.
   */
  combine?: { label: string; set: SQL };
  /** The table has no `account_id` (a per-session setting): the cluster alone scopes it. */
  clusterOnly?: boolean;
};

export type MergePlan = {
  tenant: Tenant;
  fromId: string;
  toId: string;
  references: readonly MergeReference[];
  /**
   * Review data of the removed record. It moves (or stays) through review-history.server.ts and is never
   * deleted (docs/decisions/0641); the references above may not name a review table.
   */
  reviewData?: (tx: Tx) => Promise<MergeLine[]>;
  /** The removed record: deleted, or soft-deleted where review history keeps referring to it. */
  removed: { table: string; softDelete?: boolean };
};

const tenantOf = (tenant: Tenant, clusterOnly = false) =>
  clusterOnly
    ? sql`o.cluster_id = ${tenant.clusterId}`
    : sql`o.account_id = ${tenant.accountId} and o.cluster_id = ${tenant.clusterId}`;

/**
 * Moves one kind of reference from the removed record to the kept one: rows that would become duplicates
 * of the kept record's rows are dropped, or added into them (`combine`). Returns how many moved and how
 * many were dropped, plus a line of how many were combined.
 */
export async function moveReferences(
  tx: DbOrTx,
  tenant: Tenant,
  reference: MergeReference,
  fromId: string,
  toId: string,
): Promise<MergeLine[]> {
  if (isReviewHistoryTable(reference.table)) {
    throw new Error(`mergeReferences: ${reference.table} is review history; move it with review-history.server.ts`);
  }
  const table = sql.identifier(reference.table);
  const column = sql.identifier(reference.column);
  const rows = sql`o.${column} = ${fromId} and ${tenantOf(tenant, reference.clusterOnly)} ${reference.where ? sql`and ${reference.where}` : sql``}`;
  const same = reference.sameWhen ?? [];
  const sameAsKept = sql`k.${column} = ${toId} and ${sql.join(
    same.map((c) => sql`k.${sql.identifier(c)} is not distinct from o.${sql.identifier(c)}`),
    sql` and `,
  )}`;
  const combined = reference.combine
    ? await tx.execute(
        sql`update ${table} k set ${reference.combine.set} from ${table} o where ${rows} and ${sameAsKept}`,
      )
    : null;
  const duplicate = same.length ? sql`and not exists (select 1 from ${table} k where ${sameAsKept})` : sql``;
  const moved =
    await tx.execute(sql`update ${table} o set ${column} = ${toId} ${reference.touch ? sql`, updated_at = now()` : sql``}
    where ${rows} ${duplicate}`);
  const dropped = same.length ? await tx.execute(sql`delete from ${table} o where ${rows}`) : { rowCount: 0 };
  const line = { label: reference.label, moved: moved.rowCount ?? 0, dropped: dropped.rowCount ?? 0, kept: 0 };
  if (!reference.combine) return [line];
  return [
    { ...line, dropped: 0 },
    { label: reference.combine.label, moved: combined?.rowCount ?? 0, dropped: 0, kept: 0 },
  ];
}

/**
 * A merge: every reference moves from the removed record to the kept one (duplicates dropped), review
 * data moves by the review-history rule, then the removed record goes. Runs in the caller's transaction;
 * returns what moved and what was dropped, per kind of row (the preview shows the same numbers).
 */
export async function mergeReferences(tx: Tx, plan: MergePlan): Promise<MergeLine[]> {
  const lines: MergeLine[] = [];
  for (const reference of plan.references) {
    lines.push(...(await moveReferences(tx, plan.tenant, reference, plan.fromId, plan.toId)));
  }
  if (plan.reviewData) lines.push(...(await plan.reviewData(tx)));
  const table = sql.identifier(plan.removed.table);
  const removed = sql`o.id = ${plan.fromId} and ${tenantOf(plan.tenant)}`;
  if (plan.removed.softDelete) {
    await tx.execute(
      sql`update ${table} o set deleted_at = now(), updated_at = now() where ${removed} and o.deleted_at is null`,
    );
  } else {
    await tx.execute(sql`delete from ${table} o where ${removed}`);
  }
  return lines;
}

/** Thrown to roll a preview back; never leaves `previewInTransaction`. */
class PreviewRollback<T> extends Error {
  constructor(readonly value: T) {
    super("merge preview rolled back");
  }
}

/**
 * Runs `work` in a transaction and rolls it back: a merge's preview is the merge itself, undone, so the
 * numbers it shows are the numbers the merge will produce.
 */
export async function previewInTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    await getDb().transaction(async (tx) => {
      throw new PreviewRollback(await work(tx));
    });
  } catch (error) {
    if (error instanceof PreviewRollback) return error.value as T;
    throw error;
  }
  throw new Error("previewInTransaction: the transaction did not roll back");
}

/**
 * The one rule for a merge's two records (docs/decisions/1530): the other must be another record (else the
 * kind's field error, `same`), and the one that remains must be one of the two — any other id is a forged
 * form and a 404, like a foreign id. Returns which record is kept and which goes.
 */
export function keepAndGone(
  id: string,
  otherId: string,
  remainingId: string,
  same: Failure,
): Result<{ keep: string; gone: string }> {
  if (otherId === id) return same;
  if (remainingId !== id && remainingId !== otherId) notFound();
  return { ok: true, keep: remainingId, gone: remainingId === id ? otherId : id };
}

export type MergeMode = "apply" | "preview";

/** Applies a merge in one transaction, or previews it (the same work, rolled back). */
export function runMerge<T>(mode: MergeMode, work: (tx: Tx) => Promise<T>): Promise<T> {
  return mode === "preview" ? previewInTransaction(work) : getDb().transaction(work);
}

/** The rows a split moves: `table`'s rows pointing at the record by `column`, one or more per `holder`. */
export type SplitReference = { table: string; column: string; holder: string };

/**
 * A split: a new record (`create`, after the name check) takes the chosen holders' rows from the record
 * that is split. A holder without a row there: 404. One transaction.
 */
export async function splitRecord(
  db: DbOrTx,
  tenant: Tenant,
  plan: {
    reference: SplitReference;
    fromId: string;
    holderIds: readonly string[];
    nameTaken: () => Promise<boolean>;
    nameExists: Failure;
    create: (tx: Tx) => Promise<string>;
  },
): Promise<Result<{ id: string }>> {
  const table = sql.identifier(plan.reference.table);
  const holder = sql.identifier(plan.reference.holder);
  const ids = [...new Set(plan.holderIds)];
  if (!ids.every((id) => isUuid(id))) notFound();
  const chosen = ids.length
    ? sql`o.${holder} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`false`;
  const rows = sql`o.${sql.identifier(plan.reference.column)} = ${plan.fromId} and ${tenantOf(tenant)} and ${chosen}`;
  const held = await db.execute<{ n: number }>(
    sql`select count(distinct o.${holder})::int as n from ${table} o where ${rows}`,
  );
  if (held.rows[0].n !== ids.length) notFound();
  if (await plan.nameTaken()) return plan.nameExists;
  const id = await db.transaction(async (tx) => {
    const newId = await plan.create(tx);
    await tx.execute(sql`update ${table} o set ${sql.identifier(plan.reference.column)} = ${newId} where ${rows}`);
    return newId;
  });
  return { ok: true, id };
}
