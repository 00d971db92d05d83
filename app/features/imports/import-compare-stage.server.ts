import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { getDb, type Tx } from "#db/client.server";
import { contracts, importChanges, importRows, imports, positions, teams } from "#db/schema";
import type { ImportCounts } from "#db/schema/imports";
import { inCluster, type Tenant } from "~/utils/scope.server";
import { DEFAULT_FTE } from "~/features/teams/teams.server";
import { todayIn } from "~/features/tasks/task-rules";
import { DEFAULT_TIME_ZONE } from "~/utils/format";
import {
  computeContractChanges,
  ContractBook,
  computeLeaderChanges,
  leaderKeyOf,
  missingChanges,
  PersonComparison,
  type ComparedRow,
  type ComputedChange,
  type ExistingPerson,
} from "./import-compare";
import { mapsContracts, type ImportField } from "./import-fields";
import {
  addFileKeys,
  emptyFileKeys,
  recordOf,
  rowProblems,
  type FileKeys,
  type ImportRecord,
  type RowProblem,
} from "./import-values";
import { loadClusterPeople, type ClusterPeople } from "./import-cluster-people.server";
import { LeaderCells, LeaderNames } from "./import-leader-names";

/**
 * Rows read, and problems and changes written, per statement; `keys`: rows per statement when only their
 * key columns are read; `people`: the cluster's people per statement.
 */
export type CompareParts = { rows: number; keys: number; people: number };
const PARTS: CompareParts = { rows: 5000, keys: 20_000, people: 20_000 };

/**
 * The comparison stage (status `comparing`): the mapped rows against the cluster, in one transaction
 * that first removes what an earlier, interrupted run wrote. The worker's memory stays flat whatever the
 * file's size (issue #16, decision 1415): it holds the file's keys and the cluster's people compactly
 * (ClusterPeople), and reads, judges and writes the rows part by part; the rules are import-compare's.
 */
export async function compareStage(tenant: Tenant, importId: string, parts = PARTS): Promise<void> {
  const db = getDb();
  const [current] = await db
    .select({ mapping: imports.mapping })
    .from(imports)
    .where(and(eq(imports.id, importId), inCluster(imports, tenant)));
  if (!current) return;
  const mapping = current.mapping;
  await db.transaction(async (tx) => {
    await tx.delete(importChanges).where(eq(importChanges.importId, importId));
    // Only the rows an earlier run marked: rewriting every row of the file cost a second at 100,000.
    await tx
      .update(importRows)
      .set({ errors: sql`'[]'::jsonb` })
      .where(and(eq(importRows.importId, importId), sql`${importRows.errors} <> '[]'::jsonb`));

    const fileKeys = await readFileKeys(tx, importId, mapping, parts.keys);
    const isFileKey = (cell: string) =>
      fileKeys.keys.employeeNumber.has(cell) || fileKeys.keys.email.has(cell.toLowerCase());
    // Leader cells that are no number or e-mail of the file may be names (decision 1992): only those names
    // are collected, from the cluster's people as they are loaded and from the file's rows after them.
    const names = new LeaderNames([...fileKeys.leaders.keys()].filter((cell) => !isFileKey(cell)));
    const people = await loadClusterPeople(tx, tenant, parts.people, names);
    if (names.wanted) await addFileNames(tx, importId, mapping, parts.keys, names, people);
    const cells = new LeaderCells((cell) => isFileKey(cell) || people.keys.knows(cell), names);
    const knows = (cell: string) => cells.known(cell);
    // The teams each leader leads by the file, by the key they are found with (a name resolved to it).
    const leadersByKey = new Map<string, Set<string>>();
    for (const [cell, led] of fileKeys.leaders) {
      const key = cells.keyOf(cell);
      for (const k of new Set([key, key.toLowerCase()]))
        leadersByKey.set(k, new Set([...(leadersByKey.get(k) ?? []), ...led]));
    }
    const leaderKeys = new Set(leadersByKey.keys());
    // A name is resolved to the cluster's e-mail address of the person, which their row need not repeat.
    const ledInFile = (record: ImportRecord, person?: ExistingPerson) => {
      const keys = [record.employeeNumber, record.email?.toLowerCase(), person && leaderKeyOf({}, person)];
      const led = keys.flatMap((key) => [...((key && leadersByKey.get(key)) || [])]);
      return led.length > 0 ? new Set(led) : undefined;
    };
    const existingContracts = mapsContracts(mapping)
      ? new ContractBook(await loadContracts(tx, tenant), todayIn(DEFAULT_TIME_ZONE))
      : undefined;
    const teamNames = await tx
      .select({ name: teams.name })
      .from(teams)
      .where(and(inCluster(teams, tenant), isNull(teams.deletedAt)));
    const comparison = new PersonComparison(teamNames.map((t) => t.name));
    const counts: ImportCounts = {
      rows: 0,
      rowsWithErrors: 0,
      newPeople: 0,
      newTeams: 0,
      changes: 0,
      missing: 0,
      unchanged: 0,
      contracts: 0,
    };
    const store = (changes: ComputedChange[]) => storeChanges(tx, tenant, importId, changes, counts, parts.rows);
    // Rows that matter for team leaders at the end: the first of each (leader, team) and the leaders' own.
    const leaderRows: ComparedRow[] = [];
    const pairs = new Set<string>();

    let after = 0;
    for (;;) {
      const part = await tx
        .select({ id: importRows.id, rowNumber: importRows.rowNumber, values: importRows.values })
        .from(importRows)
        .where(and(eq(importRows.importId, importId), gt(importRows.rowNumber, after)))
        .orderBy(asc(importRows.rowNumber))
        .limit(parts.rows);
      if (part.length === 0) break;
      after = part[part.length - 1].rowNumber;
      counts.rows += part.length;
      const problems: { id: string; errors: RowProblem[] }[] = [];
      const compared: ComparedRow[] = part.map((r) => {
        const row = { rowNumber: r.rowNumber, record: recordOf(r.values, mapping) };
        const found = rowProblems(row, fileKeys.keys, knows);
        // A new person needs an e-mail address to be created with (users are found by it).
        const exists = row.record.employeeNumber && people.has(row.record.employeeNumber);
        if (!exists && !row.record.email && found.length === 0) {
          found.push({ field: "email", key: "import:problems.newWithoutEmail" });
        }
        if (found.length > 0) problems.push({ id: r.id, errors: found });
        return { ...row, hasProblems: found.length > 0 };
      });
      counts.rowsWithErrors += problems.length;
      if (problems.length > 0) {
        await tx.execute(sql`
          update import_rows r set errors = x.errors
          from jsonb_to_recordset(${JSON.stringify(problems)}::jsonb) as x(id uuid, errors jsonb)
          where r.id = x.id and r.import_id = ${importId}`);
      }
      const find = people.finder();
      const changes = comparison.compare(compared, find, ledInFile);
      if (existingContracts) changes.push(...computeContractChanges(compared, find, existingContracts, DEFAULT_FTE));
      await store(changes);
      for (const row of compared) {
        if (row.hasProblems) continue;
        const { employeeNumber, email, team, teamLeader } = row.record;
        const leader = teamLeader?.trim() ? cells.keyOf(teamLeader.trim()) : "";
        const pair = team?.trim() && leader ? `${leader}|${team.trim().toLowerCase()}` : "";
        const isLeader =
          (employeeNumber && leaderKeys.has(employeeNumber)) || (email && leaderKeys.has(email.toLowerCase()));
        if ((pair && !pairs.has(pair)) || isLeader) leaderRows.push(row);
        if (pair) pairs.add(pair);
      }
    }

    await store(comparison.newTeamChanges());
    await store(computeLeaderChanges(leaderRows, people.finder(), (cell) => cells.keyOf(cell)));
    await store(missingChanges(people.allBut(comparison.seen), comparison.seen));
    await tx
      .update(imports)
      .set({ status: "review", counts, rowsDone: counts.rows })
      .where(and(eq(imports.id, importId), eq(imports.status, "comparing")));
  });
}

/**
 * The whole file's keys (the first row of each e-mail and employee number, for duplicates and known team
 * leaders) and the team leaders it names, each (as written and in lower case) with the teams it leads
 * (lower case): only these columns are read, trimmed as `recordOf` does.
 */
async function readFileKeys(
  tx: Tx,
  importId: string,
  mapping: Record<string, string>,
  partSize: number,
): Promise<{ keys: FileKeys; leaders: Map<string, Set<string>> }> {
  const keys = emptyFileKeys();
  const leaders = new Map<string, Set<string>>();
  await readColumns(tx, importId, mapping, ["employeeNumber", "email", "teamLeader", "team"], partSize, (rows) => {
    addFileKeys(keys, rows);
    for (const { record } of rows) {
      if (!record.teamLeader) continue;
      for (const key of new Set([record.teamLeader, record.teamLeader.toLowerCase()])) {
        const teams = leaders.get(key) ?? new Set<string>();
        if (record.team) teams.add(record.team.toLowerCase());
        leaders.set(key, teams);
      }
    }
  });
  return { keys, leaders };
}

/**
 * The names of the file's people that a team leader cell holds (decision 1992), each with the key they are
 * found by: the cluster's person a row names (so that someone in both is one person), else the row's own.
 */
async function addFileNames(
  tx: Tx,
  importId: string,
  mapping: Record<string, string>,
  partSize: number,
  names: LeaderNames,
  people: ClusterPeople,
): Promise<void> {
  const fields = ["employeeNumber", "email", "firstName", "namePrefix", "lastName"] satisfies ImportField[];
  await readColumns(tx, importId, mapping, fields, partSize, (rows) => {
    const find = people.finder();
    for (const { record } of rows) {
      if (!names.wants(record.firstName, record.lastName)) continue;
      const key = leaderKeyOf(record, find(record.employeeNumber, record.email));
      if (key) names.add(record.firstName, record.lastName, key);
    }
  });
}

/** Reads only these columns of the file's rows, `partSize` rows at a time, trimmed as `recordOf` does. */
async function readColumns(
  tx: Tx,
  importId: string,
  mapping: Record<string, string>,
  fields: readonly ImportField[],
  partSize: number,
  each: (rows: { rowNumber: number; record: ImportRecord }[]) => void,
): Promise<void> {
  const columns = Object.entries(mapping).filter(([, field]) => (fields as readonly string[]).includes(field));
  if (columns.length === 0) return;
  const partMapping = Object.fromEntries(columns.map(([, field], i) => [String(i), field]));
  const selected = sql.join(
    columns.map(([index]) => sql`${importRows.values} ->> ${Number(index)}::int`),
    sql`, `,
  );
  let after = 0;
  for (;;) {
    const part = await tx
      .select({ rowNumber: importRows.rowNumber, values: sql<(string | null)[]>`jsonb_build_array(${selected})` })
      .from(importRows)
      .where(and(eq(importRows.importId, importId), gt(importRows.rowNumber, after)))
      .orderBy(asc(importRows.rowNumber))
      .limit(partSize);
    if (part.length === 0) break;
    after = part[part.length - 1].rowNumber;
    each(
      part.map((r) => ({
        rowNumber: r.rowNumber,
        record: recordOf(
          r.values.map((v) => v ?? ""),
          partMapping,
        ),
      })),
    );
  }
}

/** The cluster's contracts: whose, from when to when, which position, FTE and hours. */
async function loadContracts(tx: Tx, tenant: Tenant) {
  return tx
    .select({
      id: contracts.id,
      membershipId: contracts.membershipId,
      startDate: contracts.startDate,
      endDate: contracts.endDate,
      position: positions.name,
      fte: contracts.fte,
      hoursPerWeek: contracts.hoursPerWeek,
      isActive: contracts.isActive,
    })
    .from(contracts)
    .innerJoin(positions, eq(positions.id, contracts.positionId))
    .where(inCluster(contracts, tenant));
}

/** Writes changes (one statement per 5,000) and counts them; unchanged people are only counted. */
async function storeChanges(
  tx: Tx,
  tenant: Tenant,
  importId: string,
  changes: ComputedChange[],
  counts: ImportCounts,
  partSize: number,
): Promise<void> {
  const countOf: Record<ComputedChange["meta"], keyof ImportCounts> = {
    NEW_PERSON: "newPeople",
    NEW_TEAM: "newTeams",
    CHANGED: "changes",
    NOT_IN_IMPORT: "missing",
    NO_CHANGE: "unchanged",
    NEW_CONTRACT: "contracts",
  };
  for (const c of changes) counts[countOf[c.meta]]++;
  // Unchanged people are only counted (counts.unchanged): nothing is decided or applied on them, the
  // history shows their number, and not storing them spares a row per person of the file.
  const toStore = changes.filter((c) => c.meta !== "NO_CHANGE");
  for (let start = 0; start < toStore.length; start += partSize) {
    const chunk = toStore.slice(start, start + partSize).map((c) => ({
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
}
