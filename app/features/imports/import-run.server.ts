import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import {
  contracts,
  importChanges,
  importColumnMappings,
  importFiles,
  importRows,
  imports,
  memberships,
  positions,
  roleAssignments,
  teams,
  users,
} from "#db/schema";
import type { ImportCounts } from "#db/schema/imports";
import { inCluster, type Tenant } from "~/utils/scope.server";
import { DEFAULT_FTE } from "~/features/teams/teams.server";
import { computeChanges, computeContractChanges, computeLeaderChanges, type ExistingPerson } from "./import-compare";
import { mapsContracts, proposeMapping } from "./import-fields";
import { ImportFileError, readImportFile, type ParsedRow } from "./import-file.server";
import { findRowProblems, recordOf } from "./import-values";

export const personnelImportQueue = "personnel-import";
const CHUNK = 5000;

/**
 * The job's work for one import (payload: its id only). It does what the import's status asks:
 * `parsing` reads the file into rows, `comparing` compares the mapped rows with the cluster. Each
 * stage starts by removing what an earlier, interrupted run of it wrote, so a retried job ends the same.
 */
export async function runPersonnelImport(importId: string): Promise<string> {
  const db = getDb();
  const [row] = await db
    .select({ id: imports.id, accountId: imports.accountId, clusterId: imports.clusterId, status: imports.status })
    .from(imports)
    .where(eq(imports.id, importId));
  if (!row) return "gone";
  const tenant: Tenant = { accountId: row.accountId, clusterId: row.clusterId };
  if (row.status === "parsing") {
    await parseStage(tenant, importId);
    return "parsed";
  }
  if (row.status === "comparing") {
    await compareStage(tenant, importId);
    return "compared";
  }
  return "nothing to do";
}

async function parseStage(tenant: Tenant, importId: string) {
  const db = getDb();
  const [source] = await db
    .select({ data: importFiles.data, fileType: imports.fileType, sheet: imports.sheet })
    .from(importFiles)
    .innerJoin(imports, eq(imports.id, importFiles.importId))
    .where(and(eq(importFiles.importId, importId), inCluster(imports, tenant)));
  if (!source) return;
  await db.delete(importRows).where(eq(importRows.importId, importId));
  await db.update(imports).set({ rowsTotal: 0, rowsDone: 0 }).where(eq(imports.id, importId));
  // The rows are stored per 5,000 while the file is read (one statement each, the rows as one JSON
  // parameter, 1243), so the worker holds a batch or two, never the whole file's rows; then the progress.
  let done = 0;
  const store = async (batch: ParsedRow[]) => {
    await db.execute(sql`
      insert into import_rows (import_id, account_id, cluster_id, row_number, values)
      select ${importId}, ${tenant.accountId}, ${tenant.clusterId}, x.row_number, x.values
      from jsonb_to_recordset(${JSON.stringify(batch.map((r) => ({ row_number: r.rowNumber, values: r.values })))}::jsonb)
        as x(row_number int, values jsonb)`);
    done += batch.length;
    await db.update(imports).set({ rowsDone: done }).where(eq(imports.id, importId));
  };
  let parsed;
  try {
    parsed = await readImportFile(source.data, source.fileType, source.sheet, store);
  } catch (error) {
    if (!(error instanceof ImportFileError)) throw error;
    await db.delete(importRows).where(eq(importRows.importId, importId));
    await db
      .update(imports)
      .set({ status: "failed", errorKey: error.key, finishedAt: new Date() })
      .where(and(eq(imports.id, importId), inCluster(imports, tenant)));
    return;
  }
  await db
    .update(imports)
    .set({
      rowsTotal: parsed.rowCount,
      rowsDone: parsed.rowCount,
      sheetNames: parsed.sheetNames,
      headers: parsed.headers,
    })
    .where(eq(imports.id, importId));
  const remembered = await db
    .select({ header: importColumnMappings.header, field: importColumnMappings.field })
    .from(importColumnMappings)
    .where(inCluster(importColumnMappings, tenant));
  const mapping = proposeMapping(parsed.headers, new Map(remembered.map((r) => [r.header, r.field])));
  await db
    .update(imports)
    .set({ status: "columns", mapping })
    .where(and(eq(imports.id, importId), eq(imports.status, "parsing")));
}

/** The cluster's people (not removed) with what the comparison looks at, teams by name. */
async function loadPeople(tenant: Tenant): Promise<ExistingPerson[]> {
  const db = getDb();
  const people = await db
    .select({
      membershipId: memberships.id,
      employeeNumber: memberships.employeeNumber,
      status: memberships.status,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      birthday: users.birthday,
      gender: users.gender,
      phone: users.phone,
      address: users.address,
      zip: users.zip,
      city: users.city,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(inCluster(memberships, tenant), isNull(memberships.deletedAt), isNull(users.deletedAt)));
  const places = await db
    .select({ membershipId: roleAssignments.membershipId, name: teams.name, roleKey: roleAssignments.roleKey })
    .from(roleAssignments)
    .innerJoin(teams, eq(teams.id, roleAssignments.teamId))
    .where(
      and(
        inCluster(roleAssignments, tenant),
        inArray(roleAssignments.roleKey, ["team_member", "team_admin"]),
        isNull(teams.deletedAt),
      ),
    );
  const teamsOf = new Map<string, string[]>();
  const leadsOf = new Map<string, string[]>();
  for (const p of places) {
    const map = p.roleKey === "team_admin" ? leadsOf : teamsOf;
    map.set(p.membershipId, [...(map.get(p.membershipId) ?? []), p.name]);
  }
  return people.map((p) => ({
    ...p,
    teams: teamsOf.get(p.membershipId) ?? [],
    leads: leadsOf.get(p.membershipId) ?? [],
  }));
}

async function compareStage(tenant: Tenant, importId: string) {
  const db = getDb();
  const [current] = await db
    .select({ mapping: imports.mapping })
    .from(imports)
    .where(and(eq(imports.id, importId), inCluster(imports, tenant)));
  if (!current) return;
  const stored = await db
    .select({ id: importRows.id, rowNumber: importRows.rowNumber, values: importRows.values })
    .from(importRows)
    .where(eq(importRows.importId, importId))
    .orderBy(asc(importRows.rowNumber));
  const rows = stored.map((r) => ({ ...r, record: recordOf(r.values, current.mapping) }));
  const people = await loadPeople(tenant);
  const known = new Set(people.flatMap((p) => [p.employeeNumber ?? "", p.email.toLowerCase()]).filter(Boolean));
  const problems = findRowProblems(rows, (value) => known.has(value) || known.has(value.toLowerCase()));
  // A new person needs an e-mail address to be created with (users are found by it).
  for (const r of rows) {
    const exists = r.record.employeeNumber && known.has(r.record.employeeNumber);
    if (!exists && !r.record.email && !problems.has(r.rowNumber)) {
      problems.set(r.rowNumber, [{ field: "email", key: "import:problems.newWithoutEmail" }]);
    }
  }
  const teamNames = await db
    .select({ name: teams.name })
    .from(teams)
    .where(and(inCluster(teams, tenant), isNull(teams.deletedAt)));
  const compared = rows.map((r) => ({
    rowNumber: r.rowNumber,
    record: r.record,
    hasProblems: problems.has(r.rowNumber),
  }));
  const changes = computeChanges(
    compared,
    people,
    teamNames.map((t) => t.name),
  );
  changes.push(...computeLeaderChanges(compared, people));
  if (mapsContracts(current.mapping)) {
    const existing = await db
      .select({
        membershipId: contracts.membershipId,
        startDate: contracts.startDate,
        position: sql<string>`lower(${positions.name})`,
      })
      .from(contracts)
      .innerJoin(positions, eq(positions.id, contracts.positionId))
      .where(inCluster(contracts, tenant));
    changes.push(...computeContractChanges(compared, people, existing, DEFAULT_FTE));
  }
  const counts: ImportCounts = {
    rows: rows.length,
    rowsWithErrors: problems.size,
    newPeople: changes.filter((c) => c.meta === "NEW_PERSON").length,
    newTeams: changes.filter((c) => c.meta === "NEW_TEAM").length,
    changes: changes.filter((c) => c.meta === "CHANGED").length,
    missing: changes.filter((c) => c.meta === "NOT_IN_IMPORT").length,
    unchanged: changes.filter((c) => c.meta === "NO_CHANGE").length,
    contracts: changes.filter((c) => c.meta === "NEW_CONTRACT").length,
  };
  // Unchanged people are only counted (counts.unchanged): nothing is decided or applied on them, the
  // history shows their number, and not storing them spares a row per person of the file.
  const toStore = changes.filter((c) => c.meta !== "NO_CHANGE");
  await db.transaction(async (tx) => {
    await tx.delete(importChanges).where(eq(importChanges.importId, importId));
    // Only the rows an earlier run marked: rewriting every row of the file cost a second at 100,000.
    await tx
      .update(importRows)
      .set({ errors: sql`'[]'::jsonb` })
      .where(and(eq(importRows.importId, importId), sql`${importRows.errors} <> '[]'::jsonb`));
    // Problems and changes with one statement per 5,000, each chunk as one JSON parameter (1243).
    const withProblems = rows.filter((r) => problems.has(r.rowNumber));
    for (let start = 0; start < withProblems.length; start += CHUNK) {
      const chunk = withProblems
        .slice(start, start + CHUNK)
        .map((r) => ({ id: r.id, errors: problems.get(r.rowNumber) }));
      await tx.execute(sql`
        update import_rows r set errors = x.errors
        from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x(id uuid, errors jsonb)
        where r.id = x.id and r.import_id = ${importId}`);
    }
    for (let start = 0; start < toStore.length; start += CHUNK) {
      const chunk = toStore.slice(start, start + CHUNK).map((c) => ({
        membership_id: c.membershipId ?? null,
        row_number: c.rowNumber ?? null,
        label: c.label,
        meta: c.meta,
        field: c.field ?? null,
        old_value: c.oldValue ?? null,
        new_value: c.newValue ?? null,
        data: c.data ?? null,
        decision: "pending",
      }));
      await tx.execute(sql`
        insert into import_changes
          (import_id, account_id, cluster_id, membership_id, row_number, label, meta, field, old_value, new_value, data, decision)
        select ${importId}, ${tenant.accountId}, ${tenant.clusterId}, x.membership_id, x.row_number, x.label, x.meta,
               x.field, x.old_value, x.new_value, x.data, x.decision
        from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
          as x(membership_id uuid, row_number int, label text, meta text, field text, old_value text, new_value text,
               data jsonb, decision text)`);
    }
    await tx
      .update(imports)
      .set({ status: "review", counts, rowsDone: rows.length })
      .where(and(eq(imports.id, importId), eq(imports.status, "comparing")));
  });
}
