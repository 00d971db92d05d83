import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { contracts, importChanges, importRows, imports, positions, users } from "#db/schema";
import { compareStage } from "~/features/imports/import-compare-stage.server";
import { runPersonnelImport } from "~/features/imports/import-run.server";
import {
  createAccount,
  createClusterFor,
  createTeam,
  createUserWithMembership,
  type CreateUserInput,
} from "../factories";

/**
 * The comparison stage as the job runs it, against PostgreSQL, on small files: who is found, what changed,
 * which rows have problems (stored next to the row). Each test has a cluster of its own, holding only the
 * people it names. (The same cases as the unit tests of import-compare.ts, through the whole stage.)
 */

type Cluster = { accountId: string; clusterId: string };

async function freshCluster(): Promise<Cluster> {
  const account = await createAccount(getDb());
  const cluster = await createClusterFor(getDb(), account.id);
  return { accountId: account.id, clusterId: cluster.id };
}

const person = (c: Cluster, input: Omit<CreateUserInput, "accountId" | "clusterId">) =>
  createUserWithMembership(getDb(), { ...c, roles: [], ...input });

/** Compares rows (by field, one object a row, file rows numbered from 2) with the cluster, as the job does. */
async function compareRows(c: Cluster, rows: Record<string, string>[]) {
  const fields = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const mapping = Object.fromEntries(fields.map((field, index) => [String(index), field]));
  const [created] = await getDb()
    .insert(imports)
    .values({ ...c, fileName: "personeel.csv", fileType: "csv", status: "comparing", mapping })
    .returning({ id: imports.id });
  await getDb()
    .insert(importRows)
    .values(
      rows.map((r, i) => ({ ...c, importId: created.id, rowNumber: i + 2, values: fields.map((f) => r[f] ?? "") })),
    );
  expect(await runPersonnelImport(created.id)).toBe("compared");
  const compared = await comparison(created.id);
  // The stage reads the file and the cluster's people part by part: in parts of one row (or person) and
  // of two it gives exactly what it gives in one part (duplicates, team leaders and missing people
  // across parts).
  for (const size of [1, 2]) {
    await getDb().update(imports).set({ status: "comparing" }).where(eq(imports.id, created.id));
    await compareStage(c, created.id, { rows: size, keys: size, people: size });
    expect(await comparison(created.id)).toEqual(compared);
  }
  return compared;
}

/** What the comparison stored for an import: its changes, the problems next to the rows, the counts. */
async function comparison(importId: string) {
  const changes = await getDb()
    .select({
      meta: importChanges.meta,
      label: importChanges.label,
      membershipId: importChanges.membershipId,
      rowNumber: importChanges.rowNumber,
      field: importChanges.field,
      oldValue: importChanges.oldValue,
      newValue: importChanges.newValue,
      data: importChanges.data,
    })
    .from(importChanges)
    .where(eq(importChanges.importId, importId))
    .orderBy(
      asc(importChanges.meta),
      asc(importChanges.label),
      asc(importChanges.field),
      asc(importChanges.rowNumber),
      asc(importChanges.newValue),
    );
  const problems = await getDb()
    .select({ rowNumber: importRows.rowNumber, errors: importRows.errors })
    .from(importRows)
    .where(eq(importRows.importId, importId))
    .orderBy(asc(importRows.rowNumber));
  const [{ counts, status }] = await getDb()
    .select({ counts: imports.counts, status: imports.status })
    .from(imports)
    .where(eq(imports.id, importId));
  expect(status).toBe("review");
  return {
    changes,
    errors: Object.fromEntries(problems.filter((p) => p.errors.length > 0).map((p) => [p.rowNumber, p.errors])),
    counts,
  };
}

describe("the comparison of a file with the cluster", () => {
  it("finds people by employee number, else e-mail; an empty cell changes nothing; unchanged people are counted", async () => {
    const c = await freshCluster();
    const zorg = await createTeam(getDb(), { ...c, name: "Zorg" });
    await person(c, { employeeNumber: "1", email: `ann-${c.clusterId}@test.nl`, firstName: "Ann" });
    const bo = await person(c, {
      employeeNumber: "7",
      email: `bo-${c.clusterId}@test.nl`,
      firstName: "Bo",
      lastName: "Bakker",
      roles: [{ role: "team_member", teamId: zorg.id }],
    });
    const { changes, errors, counts } = await compareRows(c, [
      { employeeNumber: "1", firstName: "Ann", lastName: "", team: "" },
      { employeeNumber: "8", email: `BO-${c.clusterId}@test.nl`, firstName: "Bo", team: "zorg" },
    ]);
    expect(errors).toEqual({});
    expect(changes).toEqual([
      {
        meta: "CHANGED",
        label: "Bo Bakker",
        membershipId: bo.membership.id,
        rowNumber: 3,
        field: "employeeNumber",
        oldValue: "7",
        newValue: "8",
        data: null,
      },
    ]);
    expect(counts).toMatchObject({ rows: 2, unchanged: 1, changes: 1, missing: 0, newPeople: 0, rowsWithErrors: 0 });
  });

  it("gives NEW_PERSON, NEW_TEAM once per team as first written, NOT_IN_IMPORT for active people only; rows with problems change nothing", async () => {
    const c = await freshCluster();
    const gone = await person(c, { email: `gone-${c.clusterId}@test.nl`, firstName: "Gone", lastName: "Weg" });
    await person(c, { email: `old-${c.clusterId}@test.nl`, firstName: "Old", status: "inactive" });
    await person(c, { email: `bad-${c.clusterId}@test.nl`, firstName: "Bad" });
    const { changes, errors, counts } = await compareRows(c, [
      { email: `new-${c.clusterId}@test.nl`, firstName: "New", team: "Kantoor", birthday: "" },
      { email: `n2-${c.clusterId}@test.nl`, firstName: "Two", team: "kantoor", birthday: "17-05-1991" },
      { email: `bad-${c.clusterId}@test.nl`, firstName: "Renamed", team: "Elders", birthday: "31-02-1990" },
    ]);
    expect(changes.map((ch) => `${ch.meta}:${ch.label}`)).toEqual([
      "NEW_PERSON:New",
      "NEW_PERSON:Two",
      "NEW_TEAM:Kantoor",
      "NOT_IN_IMPORT:Gone Weg",
    ]);
    expect(changes.find((ch) => ch.meta === "NOT_IN_IMPORT")?.membershipId).toBe(gone.membership.id);
    expect(changes.find((ch) => ch.label === "Two")?.data).toEqual({
      email: `n2-${c.clusterId}@test.nl`,
      firstName: "Two",
      team: "kantoor",
      birthday: "17-05-1991",
    });
    expect(errors).toEqual({
      4: [{ field: "birthday", key: "import:problems.date", values: { value: "31-02-1990" } }],
    });
    expect(counts).toMatchObject({ rows: 3, newPeople: 2, newTeams: 1, missing: 1, rowsWithErrors: 1, unchanged: 0 });
  });

  it("reactivates an inactive person named in the file, comparing dates and gender as the product stores them; fills an empty field", async () => {
    const c = await freshCluster();
    const user = await person(c, {
      email: `x-${c.clusterId}@test.nl`,
      firstName: "X",
      lastName: "Y",
      status: "inactive",
    });
    await getDb().update(users).set({ birthday: "1990-02-01", gender: "f" }).where(eq(users.id, user.user.id));
    const { changes, errors } = await compareRows(c, [
      { email: `x-${c.clusterId}@test.nl`, firstName: "X", birthday: "01-02-1990", gender: "V", city: "Delft" },
    ]);
    expect(errors).toEqual({});
    expect(changes).toEqual([
      {
        meta: "CHANGED",
        label: "X Y",
        membershipId: user.membership.id,
        rowNumber: 2,
        field: "city",
        oldValue: null,
        newValue: "Delft",
        data: null,
      },
      {
        meta: "CHANGED",
        label: "X Y",
        membershipId: user.membership.id,
        rowNumber: 2,
        field: "status",
        oldValue: "inactive",
        newValue: "active",
        data: null,
      },
    ]);
  });

  it("reports each problem next to its row in order; good rows are left alone", async () => {
    const c = await freshCluster();
    await person(c, { email: `known-${c.clusterId}@test.nl` });
    const known = `KNOWN-${c.clusterId}@test.nl`;
    const { errors, changes } = await compareRows(c, [
      { employeeNumber: "1", email: `a-${c.clusterId}@test.nl`, lastName: "Aa", birthday: "01-01-1990", fte: "0,8" },
      {
        employeeNumber: "2",
        email: "not-an-address",
        lastName: "Bb",
        birthday: "31-02-1990",
        fte: "2",
        teamLeader: "1",
      },
      { employeeNumber: "1", email: `A-${c.clusterId}@test.nl`, lastName: "Cc", teamLeader: "99" },
      { employeeNumber: "4", email: `d-${c.clusterId}@test.nl`, lastName: "Dd", teamLeader: known },
      { employeeNumber: "5", lastName: "Ee" },
    ]);
    expect(errors).toEqual({
      3: [
        { field: "email", key: "import:problems.email" },
        { field: "birthday", key: "import:problems.date", values: { value: "31-02-1990" } },
        { field: "fte", key: "import:problems.fte", values: { value: "2" } },
      ],
      4: [
        { field: "email", key: "import:problems.duplicate.email", values: { row: "2" } },
        { field: "employeeNumber", key: "import:problems.duplicate.employeeNumber", values: { row: "2" } },
        { field: "teamLeader", key: "import:problems.teamLeader", values: { value: "99" } },
      ],
      6: [{ field: "email", key: "import:problems.newWithoutEmail" }],
    });
    expect(changes.filter((ch) => ch.meta === "NEW_PERSON").map((ch) => ch.rowNumber)).toEqual([2, 5]);
  });

  it("gives a contract per row with start and position, FTE 0.8 where missing, never one that exists", async () => {
    const c = await freshCluster();
    const ann = await person(c, { employeeNumber: "1", firstName: "Ann", lastName: "Aa" });
    const bo = await person(c, { employeeNumber: "2", firstName: "Bo", lastName: "Bb" });
    const [zorg] = await getDb()
      .insert(positions)
      .values({ ...c, name: "Zorg" })
      .returning({ id: positions.id });
    await getDb()
      .insert(contracts)
      .values({
        ...c,
        membershipId: ann.membership.id,
        positionId: zorg.id,
        startDate: "2025-01-01",
        endDate: "2025-12-31",
        fte: "0.80",
      });
    const { changes, errors } = await compareRows(c, [
      { employeeNumber: "1", lastName: "Aa", contractStart: "01-01-2025", contractFunction: "zorg" },
      { employeeNumber: "2", lastName: "Bb", contractStart: "01-06-2025", contractFunction: "Zorg", fte: "0,5" },
      {
        employeeNumber: "9",
        email: `n-${c.clusterId}@test.nl`,
        lastName: "Nieuw",
        contractStart: "45658",
        contractFunction: "Zorg",
      },
      {
        employeeNumber: "10",
        email: `m-${c.clusterId}@test.nl`,
        lastName: "Later",
        contractStart: "",
        contractFunction: "Zorg",
      },
    ]);
    expect(errors).toEqual({});
    const contractChanges = changes.filter((ch) => ch.meta === "NEW_CONTRACT");
    expect(contractChanges.map((ch) => [ch.label, ch.membershipId, ch.rowNumber, ch.newValue, ch.data])).toEqual([
      ["Bo Bb", bo.membership.id, 3, "Zorg", { start: "2025-06-01", end: "", fte: "0.5", hoursPerWeek: "" }],
      ["Nieuw", null, 4, "Zorg", { start: "2025-01-01", end: "", fte: "0.8", hoursPerWeek: "" }],
    ]);
  });

  it("names each team leader once per team, a new one by their row, and skips who leads the team already", async () => {
    const c = await freshCluster();
    const zorg = await createTeam(getDb(), { ...c, name: "Zorg" });
    await person(c, {
      employeeNumber: "1",
      firstName: "Ann",
      lastName: "Aa",
      roles: [{ role: "team_admin", teamId: zorg.id }],
    });
    const bo = await person(c, {
      employeeNumber: "2",
      email: `b-${c.clusterId}@test.nl`,
      firstName: "Bo",
      lastName: "Bb",
    });
    const row = (n: string, team: string, teamLeader = "") => ({
      employeeNumber: n,
      email: `p${n}-${c.clusterId}@test.nl`,
      firstName: `P${n}`,
      team,
      teamLeader,
    });
    const { changes, errors } = await compareRows(c, [
      row("8", "Verkoop", "9"),
      { ...row("3", "Kantoor"), firstName: "Nia" },
      row("4", "Zorg", "1"),
      row("5", "Kantoor", `p3-${c.clusterId}@test.nl`),
      row("6", "kantoor", `P3-${c.clusterId}@TEST.NL`),
      row("7", "Zorg", `B-${c.clusterId}@test.nl`),
      row("9", "Verkoop"),
    ]);
    expect(errors).toEqual({});
    const leaders = changes.filter((ch) => ch.field === "teamLeader");
    // A leader may be named before their own row (P9, on the file's last row).
    expect(leaders.map((ch) => [ch.label, ch.newValue, ch.membershipId ?? `row ${ch.rowNumber}`])).toEqual([
      ["Bo Bb", "Zorg", bo.membership.id],
      ["Nia", "Kantoor", "row 3"],
      ["P9", "Verkoop", "row 8"],
    ]);
  });

  it("finds a team leader by full name in the cluster or the file, in parts too; a name of two is a problem (1992)", async () => {
    const c = await freshCluster();
    const piet = await person(c, { employeeNumber: "70", firstName: "Piet", lastName: "de Vries" });
    await person(c, { firstName: "Jan", lastName: "Smit" });
    await person(c, { firstName: "Jan", lastName: "Smit" });
    await person(c, { firstName: "Nia", lastName: "ter Horst", status: "inactive" });
    const row = (n: string, team: string, teamLeader = "") => ({
      employeeNumber: n,
      email: `p${n}-${c.clusterId}@test.nl`,
      firstName: `P${n}`,
      lastName: "Lid",
      team,
      teamLeader,
    });
    const { changes, errors } = await compareRows(c, [
      row("1", "Kantoor", "Horst, Nia ter"),
      row("2", "Zorg", "Vries, Piet de"),
      row("3", "Bouw", "jan smit"),
      // Nia, new in the file (an inactive namesake does not count), leads the team of her own row.
      { ...row("4", "Kantoor"), firstName: "Nia", lastName: "ter Horst" },
      // The cluster's Piet in the file too, by his number only: one person, not two.
      { employeeNumber: "70", firstName: "Piet", lastName: "de Vries", team: "Zorg" },
    ]);
    expect(errors).toEqual({
      4: [{ field: "teamLeader", key: "import:problems.teamLeaderAmbiguous", values: { value: "jan smit" } }],
    });
    const leaders = changes.filter((ch) => ch.field === "teamLeader");
    expect(leaders.map((ch) => [ch.label, ch.newValue, ch.membershipId ?? `row ${ch.rowNumber}`])).toEqual([
      ["Nia ter Horst", "Kantoor", "row 5"],
      ["Piet de Vries", "Zorg", piet.membership.id],
    ]);
    // A leader is placed as leader only: their own row's team is no second change (1623).
    expect(changes.filter((ch) => ch.field === "team")).toEqual([]);
  });
});
