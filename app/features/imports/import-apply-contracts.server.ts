import { and, sql } from "drizzle-orm";
import type { Tx } from "#db/client.server";
import { positions, type importChanges } from "#db/schema";
import { inCluster } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { auditMemberships, pgArray } from "./import-sql.server";

type Change = typeof importChanges.$inferSelect;

/** A contract needs an end date (spec §5); a row without one gives an open-ended contract. */
const OPEN_END = "2099-12-31";

/** The end date a user sees: none for an open-ended contract. */
export function shownEnd(end: string | null | undefined): string | null {
  return end && end !== OPEN_END ? end : null;
}
/** Contracts per statement (their values travel as one JSON parameter). */
const CHUNK = 5000;

/**
 * The accepted contract changes (decision 1621), set-based as the people are (1243): positions found or
 * created by name (case-insensitive, the file's first spelling), new contracts inserted — a running
 * contract of the person that began earlier ends the day before the new one starts —, current contracts
 * updated by id within the cluster. A change whose person was not added is skipped with `noPerson`.
 */
export async function applyContracts(
  tx: Tx,
  ctx: TenantContext,
  importId: string,
  changes: readonly Change[],
  newByRow: ReadonlyMap<number, string>,
  outcome: (change: Change, value: string, membershipId?: string) => void,
): Promise<{ created: number; updated: number }> {
  const ready: { change: Change; membershipId: string }[] = [];
  for (const change of changes) {
    const membershipId =
      change.membershipId ?? (change.rowNumber !== null ? newByRow.get(change.rowNumber) : undefined);
    if (membershipId) ready.push({ change, membershipId });
    else outcome(change, "noPerson");
  }
  if (ready.length === 0) return { created: 0, updated: 0 };
  const positionIds = await positionsNamed(
    tx,
    ctx,
    ready.map((r) => r.change.newValue ?? ""),
  );
  const rowOf = ({ change, membershipId }: (typeof ready)[number]) => {
    const data = change.data ?? {};
    return {
      id: data.contractId ?? null,
      membership_id: membershipId,
      position_id: positionIds.get((change.newValue ?? "").toLowerCase())!,
      start_date: data.start,
      end_date: data.end || OPEN_END,
      fte: Number(data.fte).toFixed(2),
      hours_per_week: data.hoursPerWeek ? Number(data.hoursPerWeek).toFixed(2) : null,
      is_temporary: Boolean(data.end) && data.end !== OPEN_END,
    };
  };
  const updates = ready.filter((r) => r.change.field === "contractUpdate");
  const inserts = ready.filter((r) => r.change.field !== "contractUpdate");

  for (let start = 0; start < inserts.length; start += CHUNK) {
    const chunk = inserts.slice(start, start + CHUNK).map(rowOf);
    // The contract a row names is the person's current one: one that runs on past its start ends the day before.
    await tx.execute(sql`
      update contracts c set end_date = (x.start_date - 1), updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x(membership_id uuid, start_date date)
      where c.membership_id = x.membership_id and c.account_id = ${ctx.accountId} and c.cluster_id = ${ctx.clusterId}
        and c.is_active and c.start_date < x.start_date and c.end_date >= x.start_date`);
    await tx.execute(sql`
      insert into contracts
        (account_id, cluster_id, membership_id, position_id, start_date, end_date, fte, hours_per_week, is_temporary, is_active)
      select ${ctx.accountId}, ${ctx.clusterId}, x.membership_id, x.position_id, x.start_date, x.end_date, x.fte,
             x.hours_per_week, x.is_temporary, true
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
        as x(membership_id uuid, position_id uuid, start_date date, end_date date, fte numeric, hours_per_week numeric,
             is_temporary boolean)`);
  }
  for (let start = 0; start < updates.length; start += CHUNK) {
    const chunk = updates.slice(start, start + CHUNK).map(rowOf);
    await tx.execute(sql`
      update contracts c set position_id = x.position_id, end_date = x.end_date, fte = x.fte,
             hours_per_week = x.hours_per_week, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
        as x(id uuid, membership_id uuid, position_id uuid, end_date date, fte numeric, hours_per_week numeric)
      where c.id = x.id and c.membership_id = x.membership_id
        and c.account_id = ${ctx.accountId} and c.cluster_id = ${ctx.clusterId}`);
  }
  for (const { change, membershipId } of ready) outcome(change, "applied", membershipId);
  const people = (list: typeof ready) => [...new Set(list.map((r) => r.membershipId))];
  await auditMemberships(tx, ctx, "contract.create", people(inserts), { importId });
  await auditMemberships(tx, ctx, "contract.update", people(updates), { importId });
  return { created: inserts.length, updated: updates.length };
}

/** The cluster's positions with these names (case-insensitive), the missing ones created: id by lower-case name. */
async function positionsNamed(tx: Tx, ctx: TenantContext, names: readonly string[]): Promise<Map<string, string>> {
  const wanted = new Map<string, string>();
  for (const name of names) if (name && !wanted.has(name.toLowerCase())) wanted.set(name.toLowerCase(), name);
  const lower = pgArray([...wanted.keys()]);
  const find = () =>
    tx
      .select({ id: positions.id, name: sql<string>`lower(${positions.name})` })
      .from(positions)
      .where(and(inCluster(positions, ctx), sql`lower(${positions.name}) = any(${lower}::text[])`));
  const found = new Map((await find()).map((p) => [p.name, p.id]));
  const missing = [...wanted].filter(([key]) => !found.has(key)).map(([, name]) => name);
  if (missing.length === 0) return found;
  await tx
    .insert(positions)
    .values(missing.map((name) => ({ accountId: ctx.accountId, clusterId: ctx.clusterId, name })))
    .onConflictDoNothing();
  return new Map((await find()).map((p) => [p.name, p.id]));
}
