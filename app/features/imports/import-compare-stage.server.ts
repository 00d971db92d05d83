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
  missingChanges,
  PersonComparison,
  type ComparedRow,
  type ComputedChange,
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
import { loadClusterPeople } from "./import-cluster-people.server";

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
    const people = await loadClusterPeople(tx, tenant, parts.people);
    const knows = (value: string) => people.keys.knows(value);
    const leaderKeys = new Set(fileKeys.leaders.keys());
    const ledInFile = (record: ImportRecord) => {
      const byNumber = record.employeeNumber ? fileKeys.leaders.get(record.employeeNumber) : undefined;
      const byEmail = record.email ? fileKeys.leaders.get(record.email.toLowerCase()) : undefined;
      return byNumber && byEmail ? new Set([...byNumber, ...byEmail]) : (byNumber ?? byEmail);
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
        const pair = team?.trim() && teamLeader?.trim() ? `${teamLeader.trim()}|${team.trim().toLowerCase()}` : "";
        const isLeader =
          (employeeNumber && leaderKeys.has(employeeNumber)) || (email && leaderKeys.has(email.toLowerCase()));
        if ((pair && !pairs.has(pair)) || isLeader) leaderRows.push(row);
        if (pair) pairs.add(pair);
      }
    }

    await store(comparison.newTeamChanges());
    await store(computeLeaderChanges(leaderRows, people.finder()));
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
  const keyFields: readonly string[] = ["employeeNumber", "email", "teamLeader", "team"] satisfies ImportField[];
  const columns = Object.entries(mapping).filter(([, field]) => keyFields.includes(field));
  const keys = emptyFileKeys();
  const leaders = new Map<string, Set<string>>();
  if (columns.length === 0) return { keys, leaders };
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
    const rows = part.map((r) => ({
      rowNumber: r.rowNumber,
      record: recordOf(
        r.values.map((v) => v ?? ""),
        partMapping,
      ),
    }));
    addFileKeys(keys, rows);
    for (const { record } of rows) {
      if (!record.teamLeader) continue;
      for (const key of new Set([record.teamLeader, record.teamLeader.toLowerCase()])) {
        const teams = leaders.get(key) ?? new Set<string>();
        if (record.team) teams.add(record.team.toLowerCase());
        leaders.set(key, teams);
      }
    }
  }
  return { keys, leaders };
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
