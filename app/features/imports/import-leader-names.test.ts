import { describe, expect, it } from "vitest";
import { existingPerson } from "./existing-person.fixture";
import { computeLeaderChanges, leaderCellsOf, type ExistingPerson } from "./import-compare";
import { LeaderNames, nameForms, nameKey } from "./import-leader-names";
import { findRowProblems, type ImportRecord } from "./import-values";

const person = existingPerson;
const row = (rowNumber: number, record: ImportRecord) => ({ rowNumber, record, hasProblems: false });
const leaders = (rows: ReturnType<typeof row>[], people: ExistingPerson[]) =>
  computeLeaderChanges(rows, people).map((c) => `${c.label}:${c.newValue}:${c.membershipId ?? `row ${c.rowNumber}`}`);
const problemsOf = (rows: ReturnType<typeof row>[], people: ExistingPerson[]) => {
  const cells = leaderCellsOf(rows, people);
  const found = findRowProblems(rows, (cell) => cells.known(cell));
  return [...found].map(([n, problems]) => `${n}:${problems.map((p) => p.key).join(",")}`);
};

describe("team leader names", () => {
  it("knows the AFAS forms of a name, whatever the case, accents and spacing", () => {
    const forms = nameForms("Piet", "de Vries");
    for (const cell of ["Piet de Vries", "Vries, Piet de", "de Vries, Piet", "  VRIES ,piet   DE ", "Piet de Vriés"]) {
      expect(forms).toContain(nameKey(cell));
    }
    for (const cell of ["P. de Vries", "Vries, P. de", "Piet Vries", "Vries Piet de", "de Vries"]) {
      expect(forms).not.toContain(nameKey(cell));
    }
    expect(nameForms("José", "van den Berg")).toEqual([
      "jose van den berg",
      "berg, jose van den",
      "van den berg, jose",
    ]);
    // A capitalised prefix is part of the last name (decision 1620); no first or last name: no full name.
    expect(nameForms("Jan", "Van Damme")).toEqual(["jan van damme", "van damme, jan"]);
    expect(nameForms("", "de Vries")).toEqual([]);
    // Numbers and e-mail addresses (of the cluster) are no names: no names need be collected for them.
    expect(new LeaderNames(["1002", "piet@example.com"]).wanted).toBe(false);
    expect(new LeaderNames(["1002", "Piet de Vries"]).wanted).toBe(true);
  });

  it("finds a leader named only in the cluster, in any form", () => {
    const people = [
      person({ membershipId: "p", email: "Piet@example.com", firstName: "Piet", lastName: "de Vries" }),
      person({ membershipId: "q", email: "q@example.com", firstName: "Anna", lastName: "Bakker", leads: ["Zorg"] }),
    ];
    const rows = [
      row(2, {
        employeeNumber: "1",
        email: "a@example.com",
        lastName: "A",
        team: "Zorg",
        teamLeader: "Vries, Piet de",
      }),
      row(3, { employeeNumber: "2", email: "b@example.com", lastName: "B", team: "Zorg", teamLeader: "piet de vries" }),
      row(4, { employeeNumber: "3", email: "c@example.com", lastName: "C", team: "Zorg", teamLeader: "Anna Bakker" }),
    ];
    expect(problemsOf(rows, people)).toEqual([]);
    // Once per person and team; Anna leads Zorg already.
    expect(leaders(rows, people)).toEqual(["Piet de Vries:Zorg:p"]);
  });

  it("finds a leader named only in the file, tied to their row", () => {
    const rows = [
      row(2, {
        employeeNumber: "9",
        email: "Nia@example.com",
        firstName: "Nia",
        lastName: "ter Horst",
        team: "Kantoor",
      }),
      row(3, {
        employeeNumber: "1",
        email: "a@example.com",
        lastName: "A",
        team: "Kantoor",
        teamLeader: "Horst, Nia ter",
      }),
    ];
    expect(problemsOf(rows, [])).toEqual([]);
    expect(leaders(rows, [])).toEqual(["Nia ter Horst:Kantoor:row 2"]);
  });

  it("counts someone in both the file and the cluster once, also when the file renames them", () => {
    const people = [person({ membershipId: "p", employeeNumber: "7", firstName: "Piet", lastName: "Vries" })];
    const rows = [
      row(2, { employeeNumber: "7", email: "piet@example.com", firstName: "Piet", lastName: "de Vries" }),
      row(3, { employeeNumber: "1", email: "a@example.com", lastName: "A", team: "Zorg", teamLeader: "Piet de Vries" }),
      row(4, { employeeNumber: "2", email: "b@example.com", lastName: "B", team: "Bouw", teamLeader: "Piet Vries" }),
    ];
    expect(problemsOf(rows, people)).toEqual([]);
    expect(leaders(rows, people)).toEqual(["Piet Vries:Zorg:p", "Piet Vries:Bouw:p"]);
  });

  it("a name of two people is a problem of its own; an inactive namesake does not count", () => {
    const people = [
      person({ membershipId: "p", email: "p@example.com", firstName: "Piet", lastName: "de Vries" }),
      person({ membershipId: "q", email: "q@example.com", firstName: "Jan", lastName: "Smit", status: "inactive" }),
      person({ membershipId: "r", email: "r@example.com", firstName: "Els", lastName: "Kok", status: "inactive" }),
    ];
    const rows = [
      row(2, { employeeNumber: "8", email: "other@example.com", firstName: "Piet", lastName: "de Vries" }),
      row(3, { employeeNumber: "9", email: "jan@example.com", firstName: "Jan", lastName: "Smit" }),
      row(4, {
        employeeNumber: "1",
        email: "a@example.com",
        lastName: "A",
        team: "Zorg",
        teamLeader: "Vries, Piet de",
      }),
      row(5, { employeeNumber: "2", email: "b@example.com", lastName: "B", team: "Bouw", teamLeader: "Jan Smit" }),
      row(6, { employeeNumber: "3", email: "c@example.com", lastName: "C", team: "Kas", teamLeader: "Els Kok" }),
      row(7, { employeeNumber: "4", email: "d@example.com", lastName: "D", team: "Kas", teamLeader: "Ida Kok" }),
    ];
    expect(problemsOf(rows, people)).toEqual(["4:import:problems.teamLeaderAmbiguous", "7:import:problems.teamLeader"]);
    expect(leaders(rows, people)).toEqual(["Jan Smit:Bouw:row 3", "Els Kok:Kas:r"]);
  });

  it("an employee number or e-mail address goes before a name", () => {
    const people = [
      person({ membershipId: "p", email: "p@example.com", firstName: "Piet", lastName: "de Vries" }),
      person({ membershipId: "n", employeeNumber: "Piet de Vries", email: "n@example.com", firstName: "Nr" }),
    ];
    const rows = [
      row(2, { employeeNumber: "1", email: "a@example.com", lastName: "A", team: "Zorg", teamLeader: "Piet de Vries" }),
    ];
    expect(problemsOf(rows, people)).toEqual([]);
    expect(leaders(rows, people)).toEqual(["Nr Y:Zorg:n"]);
  });
});
