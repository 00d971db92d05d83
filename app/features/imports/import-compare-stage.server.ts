import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { getDb, type Tx } from "#db/client.server";
import { contracts, importChanges, importRows, imports, positions, roleAssignments, teams } from "#db/schema";
import type { ImportCounts } from "#db/schema/imports";
import { DEFAULT_FTE } from "~/features/teams/teams.server";
import { inCluster, type Tenant } from "~/utils/scope.server";
import {
  compareRows,
  computeContractChanges,
  computeLeaderChanges,
  newComparison,
  newTeamChanges,
  type ComparedRow,
  type ComputedChange,
  type ExistingPerson,
} from "./import-compare";
import { mapsContracts, type ImportField } from "./import-fields";
import { findRowProblems, firstRowsOf, recordOf, type ImportRecord, type RowProblem } from "./import-values";
import { pgArray } from "./pg-array.server";

/** Rows compared at a time: the worker holds one part of the file and the people it names, never all (1407). */
const PART = 5000;

/**
 * The comparison stage of a file import, part by part: first the file's keys (employee number, e-mail,
 * team leader) for the checks that need the whole file (duplicates, team leaders named elsewhere in it),
 * then per 5,000 rows the people those rows name, the rows' problems and changes written as they are
 * found; then what only the whole file tells: new teams, team leaders, people the file does not name.
 * One transaction: a retried job starts from what was there before, so it ends the same. `partSize` is
 * there for the test that compares a file in parts of two rows and whole, with the same outcome.
 */
export async function compareImport(tenant: Tenant, importId: string, partSize = PART): Promise<void> {
  const db = getDb();
  const [current] = await db
    .select({ mapping: imports.mapping })
    .from(imports)
    .where(and(eq(imports.id, importId), inCluster(imports, tenant)));
  if (!current) return;
  const { mapping } = current;
  await db.transaction(async (tx) => {
    await tx.delete(importChanges).where(eq(importChanges.importId, importId));
    // Only the rows an earlier run marked: rewriting every row of the file cost a second at 100,000.
    await tx
      .update(importRows)
      .set({ errors: sql`'[]'::jsonb` })
      .where(and(eq(importRows.importId, importId), sql`${importRows.errors} <> '[]'::jsonb`));

    const keys = await fileKeys(tx, importId, mapping);
    const firstRowOf = firstRowsOf(keys);
    const namedLeaders = [...new Set(keys.map((k) => k.record.teamLeader).filter((v): v is string => !!v))];
    const knownLeaders = await clusterKnows(
      tx,
      tenant,
      namedLeaders.filter((v) => !firstRowOf.employeeNumber.has(v) && !firstRowOf.email.has(v.toLowerCase())),
    );
    const teamNames = await tx
      .select({ name: teams.name })
      .from(teams)
      .where(and(inCluster(teams, tenant), isNull(teams.deletedAt)));
    const progress = newComparison(teamNames.map((t) => t.name));
    const withContracts = mapsContracts(mapping);
    const rowsWithProblems = new Set<number>();
    /** Good rows' (team leader, team) pairs, once each, in file order. */
    const leaderPairs = new Map<string, ImportRecord>();
    const counts: ImportCounts = {
      rows: keys.length,
      rowsWithErrors: 0,
      newPeople: 0,
      newTeams: 0,
      changes: 0,
      missing: 0,
      unchanged: 0,
      contracts: 0,
    };
    const store = async (changes: ComputedChange[]) => {
      for (const change of changes) countChange(counts, change);
      await insertChanges(
        tx,
        tenant,
        importId,
        changes.filter((c) => c.meta !== "NO_CHANGE"),
      );
    };

    for (let after = 0; ;) {
      const stored = await tx
        .select({ id: importRows.id, rowNumber: importRows.rowNumber, values: importRows.values })
        .from(importRows)
        .where(and(eq(importRows.importId, importId), gt(importRows.rowNumber, after)))
        .orderBy(asc(importRows.rowNumber))
        .limit(partSize);
      if (stored.length === 0) break;
      after = stored[stored.length - 1]!.rowNumber;
      const rows = stored.map((r) => ({ id: r.id, rowNumber: r.rowNumber, record: recordOf(r.values, mapping) }));
      const people = await peopleNamed(
        tx,
        tenant,
        rows.map((r) => r.record),
      );
      const problems = findRowProblems(rows, (value) => knownLeaders.has(value), firstRowOf);
      // A new person needs an e-mail address to be created with (users are found by it).
      const numbers = new Set(people.map((p) => p.employeeNumber));
      for (const r of rows) {
        const exists = r.record.employeeNumber && numbers.has(r.record.employeeNumber);
        if (!exists && !r.record.email && !problems.has(r.rowNumber)) {
          problems.set(r.rowNumber, [{ field: "email", key: "import:problems.newWithoutEmail" }]);
        }
      }
      const compared: ComparedRow[] = rows.map((r) => ({
        rowNumber: r.rowNumber,
        record: r.record,
        hasProblems: problems.has(r.rowNumber),
      }));
      const changes = compareRows(compared, people, progress);
      if (withContracts) {
        const existing = await contractsOf(
          tx,
          tenant,
          people.map((p) => p.membershipId),
        );
        changes.push(...computeContractChanges(compared, people, existing, DEFAULT_FTE));
      }
      for (const { record, hasProblems } of compared) {
        const team = record.team?.trim();
        const leader = record.teamLeader?.trim();
        const pair = `${leader}\u0000${team?.toLowerCase()}`;
        if (!hasProblems && team && leader && !leaderPairs.has(pair)) {
          leaderPairs.set(pair, { team, teamLeader: leader });
        }
      }
      for (const rowNumber of problems.keys()) rowsWithProblems.add(rowNumber);
      counts.rowsWithErrors += problems.size;
      await markProblems(
        tx,
        importId,
        rows.filter((r) => problems.has(r.rowNumber)).map((r) => ({ id: r.id, errors: problems.get(r.rowNumber)! })),
      );
      await store(changes);
    }

    await store(newTeamChanges(progress));
    await store(await leaderChanges(tx, tenant, importId, mapping, keys, rowsWithProblems, leaderPairs));
    counts.missing = await insertMissing(tx, tenant, importId, progress.seen);
    await tx
      .update(imports)
      .set({ status: "review", counts, rowsDone: keys.length })
      .where(and(eq(imports.id, importId), eq(imports.status, "comparing")));
  });
}

function countChange(counts: ImportCounts, change: ComputedChange) {
  if (change.meta === "NEW_PERSON") counts.newPeople++;
  else if (change.meta === "NEW_TEAM") counts.newTeams++;
  else if (change.meta === "CHANGED") counts.changes++;
  else if (change.meta === "NOT_IN_IMPORT") counts.missing++;
  else if (change.meta === "NO_CHANGE") counts.unchanged++;
  else if (change.meta === "NEW_CONTRACT") counts.contracts = (counts.contracts ?? 0) + 1;
}

/** The column index mapped to a field (the last one, as recordOf reads it), or null. */
function columnOf(mapping: Record<string, string>, field: ImportField): number | null {
  const columns = Object.entries(mapping).filter(([, f]) => f === field);
  return columns.length ? Number(columns[columns.length - 1]![0]) : null;
}

type KeyRow = { rowNumber: number; record: Pick<ImportRecord, "email" | "employeeNumber" | "teamLeader"> };

/** Every row's employee number, e-mail and team leader, trimmed as recordOf trims (nothing else of the row). */
async function fileKeys(tx: Tx, importId: string, mapping: Record<string, string>): Promise<KeyRow[]> {
  const cell = (field: ImportField) => {
    const column = columnOf(mapping, field);
    return column === null
      ? sql<string | null>`null::text`
      : sql<string | null>`${importRows.values} ->> ${column}::int`;
  };
  const rows = await tx
    .select({
      rowNumber: importRows.rowNumber,
      employeeNumber: cell("employeeNumber"),
      email: cell("email"),
      teamLeader: cell("teamLeader"),
    })
    .from(importRows)
    .where(eq(importRows.importId, importId))
    .orderBy(asc(importRows.rowNumber));
  const trimmed = (value: unknown) => (typeof value === "string" ? value.trim() : undefined);
  return rows.map((r) => ({
    rowNumber: r.rowNumber,
    record: { employeeNumber: trimmed(r.employeeNumber), email: trimmed(r.email), teamLeader: trimmed(r.teamLeader) },
  }));
}

/**
 * Which of these values name someone of the cluster (not removed): an employee number, also in lower
 * case, or an e-mail address in any case.
 */
async function clusterKnows(tx: Tx, tenant: Tenant, values: readonly string[]): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const lower = values.map((v) => v.toLowerCase());
  const result = await tx.execute<{ employee_number: string | null; email: string }>(sql`
    select m.employee_number, lower(u.email) as email
    from memberships m join users u on u.id = m.user_id
    where m.account_id = ${tenant.accountId} and m.cluster_id = ${tenant.clusterId}
      and m.deleted_at is null and u.deleted_at is null
      and (m.employee_number = any(${pgArray([...values, ...lower])}::text[])
           or lower(u.email) = any(${pgArray(lower)}::text[]))`);
  const known = new Set(result.rows.flatMap((r) => [r.employee_number ?? "", r.email]).filter(Boolean));
  return new Set(values.filter((v) => known.has(v) || known.has(v.toLowerCase())));
}

/**
 * The cluster's people (not removed) whom these records name by employee number or e-mail, with their
 * teams and the teams they lead: what the comparison of those records looks at.
 */
async function peopleNamed(
  tx: Tx,
  tenant: Tenant,
  records: readonly Pick<ImportRecord, "email" | "employeeNumber">[],
): Promise<ExistingPerson[]> {
  const numbers = [...new Set(records.map((r) => r.employeeNumber).filter((v): v is string => !!v))];
  const emails = [...new Set(records.map((r) => r.email?.toLowerCase()).filter((v): v is string => !!v))];
  if (numbers.length === 0 && emails.length === 0) return [];
  // Two index lookups (employee number within the cluster, e-mail across users), not a scan of the cluster.
  const result = await tx.execute<Omit<ExistingPerson, "teams" | "leads">>(sql`
    with named as (
      select m.id from memberships m
      where m.cluster_id = ${tenant.clusterId} and m.deleted_at is null
        and m.employee_number = any(${pgArray(numbers)}::text[])
      union
      select m.id from users u join memberships m on m.user_id = u.id
      where lower(u.email) = any(${pgArray(emails)}::text[])
        and m.cluster_id = ${tenant.clusterId} and m.deleted_at is null
    )
    select m.id as "membershipId", m.employee_number as "employeeNumber", m.status, u.email,
           u.first_name as "firstName", u.last_name as "lastName", u.birthday::text as birthday, u.gender,
           u.phone, u.address, u.zip, u.city
    from named join memberships m on m.id = named.id join users u on u.id = m.user_id
    where m.account_id = ${tenant.accountId} and u.deleted_at is null`);
  const people = result.rows;
  if (people.length === 0) return [];
  const places = await tx
    .select({ membershipId: roleAssignments.membershipId, name: teams.name, roleKey: roleAssignments.roleKey })
    .from(roleAssignments)
    .innerJoin(teams, eq(teams.id, roleAssignments.teamId))
    .where(
      and(
        sql`${roleAssignments.membershipId} = any(${pgArray(people.map((p) => p.membershipId))}::uuid[])`,
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

/** The contracts of these people: who, from when, which position (lower case). */
async function contractsOf(tx: Tx, tenant: Tenant, membershipIds: readonly string[]) {
  if (membershipIds.length === 0) return [];
  return tx
    .select({
      membershipId: contracts.membershipId,
      startDate: contracts.startDate,
      position: sql<string>`lower(${positions.name})`,
    })
    .from(contracts)
    .innerJoin(positions, eq(positions.id, contracts.positionId))
    .where(and(inCluster(contracts, tenant), sql`${contracts.membershipId} = any(${pgArray(membershipIds)}::uuid[])`));
}

/**
 * Team leader changes for the good rows' (leader, team) pairs: the leaders are looked up in the
 * cluster, and a leader who is new in the file by the good row that has their number or e-mail.
 */
async function leaderChanges(
  tx: Tx,
  tenant: Tenant,
  importId: string,
  mapping: Record<string, string>,
  keys: readonly KeyRow[],
  rowsWithProblems: ReadonlySet<number>,
  pairs: ReadonlyMap<string, ImportRecord>,
): Promise<ComputedChange[]> {
  if (pairs.size === 0) return [];
  const leaders = new Set([...pairs.values()].map((p) => p.teamLeader!));
  const rowOf = new Map<string, number>();
  for (const { rowNumber, record } of keys) {
    if (rowsWithProblems.has(rowNumber)) continue;
    if (record.employeeNumber) rowOf.set(record.employeeNumber, rowNumber);
    if (record.email) rowOf.set(record.email.toLowerCase(), rowNumber);
  }
  const leaderRowNumbers = [...leaders]
    .map((l) => rowOf.get(l) ?? rowOf.get(l.toLowerCase()))
    .filter((n): n is number => n !== undefined);
  const leaderRows = leaderRowNumbers.length
    ? await tx
        .select({ rowNumber: importRows.rowNumber, values: importRows.values })
        .from(importRows)
        .where(
          and(
            eq(importRows.importId, importId),
            sql`${importRows.rowNumber} = any(${pgArray(leaderRowNumbers.map(String))}::int[])`,
          ),
        )
    : [];
  const people = await peopleNamed(
    tx,
    tenant,
    [...leaders].map((l) => ({ employeeNumber: l, email: l })),
  );
  const rows: ComparedRow[] = [
    ...[...pairs.values()].map((record) => ({ rowNumber: 0, record, hasProblems: false })),
    ...leaderRows.map((r) => ({ rowNumber: r.rowNumber, record: recordOf(r.values, mapping), hasProblems: false })),
  ];
  return computeLeaderChanges(rows, people);
}

/** The rows' problems, next to each row (one statement per part, the part as one JSON parameter, 1243). */
async function markProblems(tx: Tx, importId: string, marked: { id: string; errors: RowProblem[] }[]) {
  if (marked.length === 0) return;
  await tx.execute(sql`
    update import_rows r set errors = x.errors
    from jsonb_to_recordset(${JSON.stringify(marked)}::jsonb) as x(id uuid, errors jsonb)
    where r.id = x.id and r.import_id = ${importId}`);
}

/**
 * The changes waiting for HR's decision. Unchanged people are only counted (counts.unchanged): nothing
 * is decided or applied on them, and not storing them spares a row per person of the file.
 */
async function insertChanges(tx: Tx, tenant: Tenant, importId: string, changes: readonly ComputedChange[]) {
  for (let start = 0; start < changes.length; start += PART) {
    const part = changes.slice(start, start + PART).map((c) => ({
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
      from jsonb_to_recordset(${JSON.stringify(part)}::jsonb)
        as x(membership_id uuid, row_number int, label text, meta text, field text, old_value text, new_value text,
             data jsonb, decision text)`);
  }
}

/**
 * NOT_IN_IMPORT for the cluster's active people whom no row names, in one statement (the named ones as
 * one array parameter), labelled as personLabel labels them. Returns how many.
 */
async function insertMissing(tx: Tx, tenant: Tenant, importId: string, seen: ReadonlySet<string>) {
  const result = await tx.execute(sql`
    insert into import_changes (import_id, account_id, cluster_id, membership_id, label, meta, decision)
    select ${importId}, ${tenant.accountId}, ${tenant.clusterId}, m.id,
           coalesce(nullif(concat_ws(' ', nullif(u.first_name, ''), nullif(u.last_name, '')), ''), u.email),
           'NOT_IN_IMPORT', 'pending'
    from memberships m join users u on u.id = m.user_id
    where m.account_id = ${tenant.accountId} and m.cluster_id = ${tenant.clusterId}
      and m.deleted_at is null and u.deleted_at is null and m.status = 'active'
      and not exists (select 1 from unnest(${pgArray([...seen])}::uuid[]) as s(id) where s.id = m.id)`);
  return result.rowCount ?? 0;
}
