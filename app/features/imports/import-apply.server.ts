import { auditBy, recordAudit } from "~/features/audit/audit.server";
import { and, asc, eq, gt, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import { getDb, type DbOrTx, type Tx } from "#db/client.server";
import { contracts, importChanges, importFiles, imports, roleAssignments, teams } from "#db/schema";
import type { ImportAppliedCounts } from "#db/schema/imports";
import { auditMembership } from "~/features/employees/employee-audit.server";
import { addPeople } from "~/features/employees/employee-person.server";
import { mayChangeRolesOf, membershipsActorMayChange } from "~/features/people/actor-may.server";
import { todayIn } from "~/features/tasks/task-rules";
import { createTeam } from "~/features/teams/teams.server";
import { DEFAULT_TIME_ZONE } from "~/utils/format";
import { formatDate } from "~/utils/dates";
import { inCluster, isUuid, notFound } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { parseGender, parseImportDate } from "./import-values";
import { applyContracts } from "./import-apply-contracts.server";
import { auditMemberships, pgArray } from "./import-sql.server";

export type ApplyResult = { ok: true; alreadyApplied: boolean } | { ok: false; errorKey: string };

type Change = typeof importChanges.$inferSelect;

/** A date as the person form takes it (dd-MM-yyyy), from whatever the file had. */
function formDate(value: string | undefined): string {
  const iso = parseImportDate(value);
  return iso ? formatDate(iso) : "";
}

/**
 * Applies the accepted changes in one transaction: all of them or none. The import row is locked first
 * and only an import waiting for review is applied, so a second or retried apply changes nothing.
 * Changes the actor may not make (someone who outranks them, themselves as missing, an e-mail address
 * of another account) are skipped with the reason, never half-done. Given a transaction (the review
 * step's post, with its decisions), it is a part of that one.
 */
export async function applyImport(ctx: TenantContext, importId: string, db: DbOrTx = getDb()): Promise<ApplyResult> {
  if (!isUuid(importId)) notFound();
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: imports.status })
      .from(imports)
      .where(and(inCluster(imports, ctx), eq(imports.id, importId)))
      .for("update");
    if (!locked) notFound();
    if (locked.status === "applied") return { ok: true, alreadyApplied: true };
    if (locked.status !== "review") return { ok: false, errorKey: "import:errors.state" };
    const chosen = await tx
      .select()
      .from(importChanges)
      .where(
        and(
          inCluster(importChanges, ctx),
          eq(importChanges.importId, importId),
          inArray(importChanges.decision, ["accepted", "endContract"]),
          ne(importChanges.meta, "NO_CHANGE"),
        ),
      )
      // In the file's order, so the first row wins where rows differ only in spelling (a position's name).
      .orderBy(asc(importChanges.rowNumber), asc(importChanges.id));
    // "End contract" is a choice for people not in the file only (1240).
    const accepted = chosen.filter(
      (c) => c.decision === "accepted" || (c.meta === "NOT_IN_IMPORT" && c.decision === "endContract"),
    );
    const counts: ImportAppliedCounts = { created: 0, updated: 0, deactivated: 0, teams: 0, contracts: 0, skipped: 0 };
    const newByRow = new Map<number, string>();
    // Outcomes are written together at the end (one statement per 1,000), not one update per change.
    const outcomes: { id: string; outcome: string; membershipId: string | null }[] = [];
    const outcome = (change: Change, value: string, membershipId?: string) => {
      if (value !== "applied") counts.skipped += 1;
      outcomes.push({ id: change.id, outcome: value, membershipId: membershipId ?? null });
    };

    const teamIds = await teamsByName(tx, ctx);
    for (const change of accepted.filter((c) => c.meta === "NEW_TEAM")) {
      const name = change.newValue ?? change.label;
      if (teamIds.has(name.toLowerCase())) {
        outcome(change, "applied");
        continue;
      }
      const created = await createTeam(ctx, { name }, tx);
      if (!created.ok) throw new Error(`team ${name}: ${created.errorKey}`);
      teamIds.set(name.toLowerCase(), created.id);
      counts.teams += 1;
      outcome(change, "applied");
    }
    // Team places are collected and inserted together (one statement per 1,000), before anything reads them.
    const places: { membershipId: string; teamId: string }[] = [];
    const placeInTeam = (membershipId: string, teamName: string | undefined | null) => {
      const teamId = teamName ? teamIds.get(teamName.toLowerCase()) : undefined;
      if (teamId) places.push({ membershipId, teamId });
    };
    const flushTeamPlaces = async () => {
      const batch = places.splice(0);
      for (let start = 0; start < batch.length; start += 1000) {
        await tx
          .insert(roleAssignments)
          .values(
            batch.slice(start, start + 1000).map((p) => ({
              accountId: ctx.accountId,
              clusterId: ctx.clusterId,
              membershipId: p.membershipId,
              roleKey: "team_member" as const,
              level: "team" as const,
              teamId: p.teamId,
            })),
          )
          .onConflictDoNothing();
      }
    };

    // New people all at once (1243): one lookup, multi-row inserts; the same outcomes as addPerson.
    const newPeople = accepted.filter((c) => c.meta === "NEW_PERSON");
    const added = await addPeople(
      ctx,
      newPeople.map((change) => {
        const data = change.data ?? {};
        return {
          email: (data.email ?? "").toLowerCase(),
          firstName: data.firstName ?? "",
          lastName: data.lastName ?? "",
          employeeNumber: data.employeeNumber ?? "",
          phone: data.phone ?? "",
          birthday: formDate(data.birthday),
          gender: parseGender(data.gender),
          address: data.address ?? "",
          zip: data.zip ?? "",
          city: data.city ?? "",
          country: "",
          language: "nl",
          loginType: "email" as const,
        };
      }),
      tx,
    );
    const renumber: { membershipId: string; value: string }[] = [];
    newPeople.forEach((change, k) => {
      const result = added[k];
      const data = change.data ?? {};
      if (!result.ok) {
        outcome(change, `lookup.${result.outcome}`);
        return;
      }
      if (result.outcome !== "notFound" && data.employeeNumber) {
        renumber.push({ membershipId: result.membershipId, value: data.employeeNumber });
      }
      placeInTeam(result.membershipId, data.team);
      if (change.rowNumber !== null) newByRow.set(change.rowNumber, result.membershipId);
      counts.created += 1;
      outcome(change, "applied", result.membershipId);
    });
    await setMembershipColumn(tx, ctx, "employee_number", renumber);
    await flushTeamPlaces();

    for (const change of accepted.filter((c) => c.meta === "CHANGED" && c.field === "teamLeader")) {
      const membershipId =
        change.membershipId ?? (change.rowNumber !== null ? newByRow.get(change.rowNumber) : undefined);
      const teamId = teamIds.get((change.newValue ?? "").toLowerCase());
      if (!membershipId || !teamId) {
        outcome(change, membershipId ? "noTeam" : "noPerson");
        continue;
      }
      // Making someone team leader is a role change: the same rule as everywhere (0620).
      const may = await mayChangeRolesOf(ctx, membershipId, ["team_admin"], tx);
      if (!may.ok) {
        outcome(change, "notAllowed");
        continue;
      }
      await tx
        .insert(roleAssignments)
        .values({
          accountId: ctx.accountId,
          clusterId: ctx.clusterId,
          membershipId,
          roleKey: "team_admin",
          level: "team",
          teamId,
        })
        .onConflictDoNothing();
      // A leader is placed in their team as leader, not also as member (shown once, as the demo's teams are).
      await tx
        .delete(roleAssignments)
        .where(
          and(
            inCluster(roleAssignments, ctx),
            eq(roleAssignments.membershipId, membershipId),
            eq(roleAssignments.teamId, teamId),
            eq(roleAssignments.roleKey, "team_member"),
          ),
        );
      await auditMembership(tx, ctx, "membership.teamLeader", membershipId, { importId, teamId });
      outcome(change, "applied", membershipId);
    }

    const onPeople = accepted.filter(
      (c) => (c.meta === "NOT_IN_IMPORT" || (c.meta === "CHANGED" && c.field !== "teamLeader")) && c.membershipId,
    );
    const mayChange = await membershipsActorMayChange(ctx, [...new Set(onPeople.map((c) => c.membershipId!))], tx);
    const touched = new Set<string>();
    const deactivate = new Set<string>();
    const fieldChanges: { change: Change; membershipId: string }[] = [];
    for (const change of onPeople) {
      const membershipId = change.membershipId!;
      if (!mayChange.has(membershipId)) {
        outcome(change, "outranks");
        continue;
      }
      if (change.meta === "NOT_IN_IMPORT" && change.decision === "endContract") {
        const ended = await endContracts(tx, ctx, membershipId, importId);
        if (ended) counts.contractsEnded = (counts.contractsEnded ?? 0) + 1;
        outcome(change, ended ? "applied" : "noContract");
        continue;
      }
      if (change.meta === "NOT_IN_IMPORT") {
        if (membershipId === ctx.membershipId) {
          outcome(change, "yourself");
          continue;
        }
        // Deactivated together below: one update and one audit insert for everyone.
        deactivate.add(membershipId);
        outcome(change, "applied");
        continue;
      }
      fieldChanges.push({ change, membershipId });
      touched.add(membershipId);
      outcome(change, "applied");
    }
    await applyFieldChanges(tx, ctx, fieldChanges, placeInTeam);
    await flushTeamPlaces();
    const contractCounts = await applyContracts(
      tx,
      ctx,
      importId,
      accepted.filter((c) => c.meta === "NEW_CONTRACT"),
      newByRow,
      outcome,
    );
    counts.contracts = contractCounts.created;
    if (contractCounts.updated > 0) counts.contractsUpdated = contractCounts.updated;
    // One statement per 20,000 people, the ids as one array parameter (not 1,000 parameters a statement).
    const deactivated = [...deactivate];
    for (let start = 0; start < deactivated.length; start += ARRAY_CHUNK) {
      await tx.execute(sql`
        update memberships set status = 'inactive', updated_at = now()
        where account_id = ${ctx.accountId} and cluster_id = ${ctx.clusterId} and deleted_at is null
          and id = any(${pgArray(deactivated.slice(start, start + ARRAY_CHUNK))}::uuid[])`);
    }
    counts.deactivated = deactivate.size;
    await auditMemberships(tx, ctx, "membership.deactivate", [...deactivate], { importId });
    await auditMemberships(tx, ctx, "membership.update", [...touched], { importId });
    counts.updated = touched.size;

    for (let start = 0; start < outcomes.length; start += ARRAY_CHUNK) {
      const chunk = outcomes.slice(start, start + ARRAY_CHUNK);
      await tx.execute(sql`
        update import_changes c set outcome = v.outcome, membership_id = coalesce(v.membership_id, c.membership_id)
        from unnest(${pgArray(chunk.map((o) => o.id))}::uuid[], ${pgArray(chunk.map((o) => o.outcome))}::text[],
                    ${pgArray(chunk.map((o) => o.membershipId))}::uuid[]) as v(id, outcome, membership_id)
        where c.id = v.id and c.import_id = ${importId} and c.cluster_id = ${ctx.clusterId}`);
    }
    await tx
      .update(imports)
      .set({ status: "applied", applied: counts, appliedBy: ctx.user.id, finishedAt: new Date() })
      .where(eq(imports.id, importId));
    await tx.delete(importFiles).where(eq(importFiles.importId, importId));
    await recordAudit(tx, {
      ...auditBy(ctx),
      subjectType: "import",
      subjectId: importId,
      action: "import.apply",
      data: counts,
    });
    return { ok: true, alreadyApplied: false };
  });
}

/** Rows per statement where the values travel as arrays (one parameter each). */
const ARRAY_CHUNK = 20_000;

/**
 * "End their contract" for someone not in the file (1240): the contracts running on the day of applying
 * (Europe/Amsterdam) end that day; contracts that would start later are made inactive (kept, never
 * removed). The person stays active. Returns whether any contract was ended or made inactive.
 */
async function endContracts(tx: Tx, ctx: TenantContext, membershipId: string, importId: string): Promise<boolean> {
  const today = todayIn(DEFAULT_TIME_ZONE);
  const theirs = and(inCluster(contracts, ctx), eq(contracts.membershipId, membershipId));
  const ended = await tx
    .update(contracts)
    .set({ endDate: today, updatedAt: new Date() })
    .where(and(theirs, lte(contracts.startDate, today), gt(contracts.endDate, today)))
    .returning({ id: contracts.id });
  const later = await tx
    .update(contracts)
    .set({ isActive: false, updatedAt: new Date() })
    .where(and(theirs, gt(contracts.startDate, today), eq(contracts.isActive, true)))
    .returning({ id: contracts.id });
  const ids = [...ended, ...later].map((c) => c.id);
  if (ids.length === 0) return false;
  await auditMembership(tx, ctx, "contract.end", membershipId, { importId, contractIds: ids, endDate: today });
  return true;
}

async function teamsByName(tx: Tx, ctx: TenantContext) {
  const rows = await tx
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(inCluster(teams, ctx), isNull(teams.deletedAt)));
  return new Map(rows.map((t) => [t.name.toLowerCase(), t.id]));
}

const userColumns = {
  firstName: "first_name",
  lastName: "last_name",
  birthday: "birthday",
  gender: "gender",
  phone: "phone",
  address: "address",
  zip: "zip",
  city: "city",
} as const;

/** One column of many memberships of the cluster, one statement per 5,000 (unnest of two arrays). */
async function setMembershipColumn(
  tx: Tx,
  ctx: TenantContext,
  column: "employee_number" | "status",
  rows: { membershipId: string; value: string | null }[],
) {
  for (let start = 0; start < rows.length; start += 5000) {
    const chunk = rows.slice(start, start + 5000);
    await tx.execute(sql`
      update memberships m set ${sql.identifier(column)} = v.value,
             updated_at = now()
      from unnest(${pgArray(chunk.map((r) => r.membershipId))}::uuid[], ${pgArray(chunk.map((r) => r.value))}::text[])
        as v(id, value)
      where m.id = v.id and m.account_id = ${ctx.accountId} and m.cluster_id = ${ctx.clusterId}`);
  }
}

/**
 * The accepted field changes, set-based (1243): per field one update of all the people it changes
 * (users through their membership in this cluster, account-scoped), team places collected. The rights
 * were checked before (membershipsActorMayChange), per person, as before.
 */
async function applyFieldChanges(
  tx: Tx,
  ctx: TenantContext,
  changes: { change: Change; membershipId: string }[],
  placeInTeam: (membershipId: string, team: string | null) => void,
) {
  const byField = new Map<string, { membershipId: string; value: string | null }[]>();
  for (const { change, membershipId } of changes) {
    const field = change.field ?? "";
    const value = change.newValue;
    if (field === "team") {
      placeInTeam(membershipId, value);
      continue;
    }
    const next =
      field === "gender" ? parseGender(value ?? "") || null : field === "status" ? "active" : (value ?? null);
    const rows = byField.get(field) ?? [];
    rows.push({ membershipId, value: next });
    byField.set(field, rows);
  }
  for (const [field, rows] of byField) {
    if (field === "employeeNumber" || field === "status") {
      await setMembershipColumn(tx, ctx, field === "status" ? "status" : "employee_number", rows);
      continue;
    }
    if (!(field in userColumns)) continue;
    const column = userColumns[field as keyof typeof userColumns];
    // The people's users are found first (a materialized CTE) and updated by primary key. Written as one
    // join, the planner carried the account constant over to users and, for an account its statistics did
    // not know yet (100,000 people just added), probed all the account's users for every changed person
    // (47 s for 4,750 phone numbers, decision 1406). The account is still checked, against the membership's.
    for (let start = 0; start < rows.length; start += 5000) {
      const chunk = rows.slice(start, start + 5000);
      await tx.execute(sql`
        with target as materialized (
          select m.user_id, m.account_id, v.value
            from unnest(${pgArray(chunk.map((r) => r.membershipId))}::uuid[], ${pgArray(chunk.map((r) => r.value))}::text[])
              as v(membership_id, value)
            join memberships m on m.id = v.membership_id and m.account_id = ${ctx.accountId} and m.cluster_id = ${ctx.clusterId}
        )
        update users u set ${sql.identifier(column)} = t.value${column === "birthday" ? sql`::date` : sql``},
               updated_at = now()
          from target t
         where u.id = t.user_id and u.account_id = t.account_id`);
    }
  }
}
