import { and, asc, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { contracts, positions } from "#db/schema";
import { formatDate, parseDate, toIsoDate } from "~/utils/dates";
import { idsInScope, inCluster, isUuid, notFound } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { auditMembership } from "./employee-audit.server";
import { getEmployee } from "./employee-person.server";

export type ContractInput = {
  positionId: string;
  start: string;
  end: string;
  fte: number;
  hoursPerWeek?: number;
  isTemporary: "temporary" | "permanent";
  isActive?: "on";
};

type ContractResult = { ok: true } | { ok: false; field: "positionId"; errorKey: string };

/** The contracts of one employee of the cluster (or of one contract of theirs) with position names. */
function contractRows(ctx: TenantContext, membershipId: string, db: DbOrTx, contractId?: string) {
  return db
    .select({
      id: contracts.id,
      positionName: positions.name,
      startDate: contracts.startDate,
      endDate: contracts.endDate,
      fte: contracts.fte,
      hoursPerWeek: contracts.hoursPerWeek,
      isTemporary: contracts.isTemporary,
      isActive: contracts.isActive,
    })
    .from(contracts)
    .innerJoin(positions, eq(positions.id, contracts.positionId))
    .where(
      and(
        inCluster(contracts, ctx),
        eq(contracts.membershipId, membershipId),
        contractId ? eq(contracts.id, contractId) : undefined,
      ),
    )
    .orderBy(asc(contracts.startDate));
}

export async function listContracts(ctx: TenantContext, membershipId: string, db: DbOrTx = getDb()) {
  const rows = await contractRows(ctx, membershipId, db);
  return rows.map((r) => ({ ...r, startDate: formatDate(r.startDate), endDate: formatDate(r.endDate) }));
}

/** One contract of an employee of the cluster, or 404. */
export async function getContract(ctx: TenantContext, membershipId: string, contractId: string, db: DbOrTx = getDb()) {
  if (!isUuid(contractId) || !isUuid(membershipId)) notFound();
  const [row] = await contractRows(ctx, membershipId, db, contractId);
  if (!row) notFound();
  return {
    id: row.id,
    positionName: row.positionName,
    startDate: formatDate(row.startDate),
    endDate: formatDate(row.endDate),
  };
}

/** A contract as the edit form shows it (dates dd-MM-yyyy, numbers as typed text). */
export async function getContractFormValues(
  ctx: TenantContext,
  membershipId: string,
  contractId: string,
  db: DbOrTx = getDb(),
) {
  await getContract(ctx, membershipId, contractId, db);
  const [row] = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.id, contractId), eq(contracts.membershipId, membershipId), inCluster(contracts, ctx)));
  return {
    positionId: row.positionId,
    start: formatDate(row.startDate),
    end: formatDate(row.endDate),
    fte: String(Number(row.fte)),
    hoursPerWeek: row.hoursPerWeek === null ? "" : String(Number(row.hoursPerWeek)),
    isTemporary: row.isTemporary ? ("temporary" as const) : ("permanent" as const),
    isActive: row.isActive ? ("on" as const) : ("" as const),
  };
}

function contractValues(positionId: string, input: ContractInput) {
  return {
    positionId,
    startDate: toIsoDate(parseDate(input.start)!),
    endDate: toIsoDate(parseDate(input.end)!),
    fte: input.fte.toFixed(2),
    hoursPerWeek: input.hoursPerWeek === undefined ? null : input.hoursPerWeek.toFixed(2),
    isTemporary: input.isTemporary === "temporary",
    isActive: input.isActive === "on",
  };
}

/** The position of a contract form, if it is one of the cluster's (a field error otherwise, not a 404). */
async function contractPosition(ctx: TenantContext, positionId: string, db: DbOrTx): Promise<string | null> {
  const [id] = await idsInScope(db, positions, [positionId], ctx);
  return id ?? null;
}

const positionRequired = { ok: false, field: "positionId", errorKey: "employees:contracts.positionRequired" } as const;

export async function addContract(
  ctx: TenantContext,
  membershipId: string,
  input: ContractInput,
  db: DbOrTx = getDb(),
): Promise<ContractResult> {
  await getEmployee(ctx, membershipId, db);
  const positionId = await contractPosition(ctx, input.positionId, db);
  if (!positionId) return positionRequired;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contracts)
      .values({
        accountId: ctx.accountId,
        clusterId: ctx.clusterId,
        membershipId,
        ...contractValues(positionId, input),
      })
      .returning({ id: contracts.id });
    await auditMembership(tx, ctx, "contract.create", membershipId, { contractId: row.id });
  });
  return { ok: true };
}

export async function updateContract(
  ctx: TenantContext,
  membershipId: string,
  contractId: string,
  input: ContractInput,
  db: DbOrTx = getDb(),
): Promise<ContractResult> {
  await getContract(ctx, membershipId, contractId, db);
  const positionId = await contractPosition(ctx, input.positionId, db);
  if (!positionId) return positionRequired;
  await db.transaction(async (tx) => {
    await tx
      .update(contracts)
      .set({ ...contractValues(positionId, input), updatedAt: new Date() })
      .where(and(inCluster(contracts, ctx), eq(contracts.id, contractId), eq(contracts.membershipId, membershipId)));
    await auditMembership(tx, ctx, "contract.update", membershipId, { contractId });
  });
  return { ok: true };
}

export async function deleteContract(
  ctx: TenantContext,
  membershipId: string,
  contractId: string,
  db: DbOrTx = getDb(),
) {
  await getContract(ctx, membershipId, contractId, db);
  await db.transaction(async (tx) => {
    await tx.delete(contracts).where(and(inCluster(contracts, ctx), eq(contracts.id, contractId)));
    await auditMembership(tx, ctx, "contract.delete", membershipId, { contractId });
  });
}
