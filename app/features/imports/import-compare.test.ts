import { describe, expect, it } from "vitest";
import { existingPerson } from "./existing-person.fixture";
import { ContractBook, computeChanges, computeContractChanges, computeLeaderChanges } from "./import-compare";

const person = existingPerson;

describe("change computation", () => {
  it("finds people by employee number, else e-mail; an empty cell changes nothing", () => {
    const people = [
      person({ membershipId: "a", employeeNumber: "1", email: "a@example.com", firstName: "Ann", city: "Delft" }),
      person({ membershipId: "b", employeeNumber: "7", email: "b@example.com", firstName: "Bo", teams: ["Zorg"] }),
    ];
    const changes = computeChanges(
      [
        { rowNumber: 2, record: { employeeNumber: "1", firstName: "Ann", city: "" }, hasProblems: false },
        {
          rowNumber: 3,
          record: { employeeNumber: "8", email: "B@example.com", firstName: "Bo", team: "zorg" },
          hasProblems: false,
        },
      ],
      people,
      ["Zorg"],
    );
    expect(changes).toEqual([
      { meta: "NO_CHANGE", rowNumber: 2, membershipId: "a", label: "Ann Y" },
      {
        meta: "CHANGED",
        rowNumber: 3,
        membershipId: "b",
        label: "Bo Y",
        field: "employeeNumber",
        oldValue: "7",
        newValue: "8",
      },
    ]);
  });

  it("gives NEW_PERSON, NEW_TEAM once per team, NOT_IN_IMPORT for active people only, and skips rows with problems", () => {
    const people = [
      person({ membershipId: "gone", email: "gone@example.com", firstName: "Gone" }),
      person({ membershipId: "old", email: "old@example.com", firstName: "Old", status: "inactive" }),
      person({ membershipId: "bad", email: "bad@example.com", firstName: "Bad" }),
    ];
    const changes = computeChanges(
      [
        { rowNumber: 2, record: { email: "new@example.com", firstName: "New", team: "Kantoor" }, hasProblems: false },
        { rowNumber: 3, record: { email: "n2@example.com", firstName: "Two", team: "kantoor" }, hasProblems: false },
        { rowNumber: 4, record: { email: "bad@example.com", firstName: "Renamed" }, hasProblems: true },
      ],
      people,
      [],
    );
    expect(changes.map((c) => `${c.meta}:${c.label}`)).toEqual([
      "NEW_PERSON:New",
      "NEW_PERSON:Two",
      "NEW_TEAM:Kantoor",
      "NOT_IN_IMPORT:Gone Y",
    ]);
  });

  it("reactivates an inactive person who is in the file and normalises dates and gender", () => {
    const changes = computeChanges(
      [{ rowNumber: 2, record: { email: "x@example.com", birthday: "01-02-1990", gender: "V" }, hasProblems: false }],
      [person({ status: "inactive", birthday: "1990-02-01", gender: "f" })],
      [],
    );
    expect(changes).toEqual([
      {
        meta: "CHANGED",
        rowNumber: 2,
        membershipId: "m1",
        label: "X Y",
        field: "status",
        oldValue: "inactive",
        newValue: "active",
      },
    ]);
  });
});

describe("contract changes", () => {
  const existing = {
    id: "c1",
    membershipId: "a",
    startDate: "2025-01-01",
    endDate: "2099-12-31",
    position: "Zorg",
    fte: "0.80",
    hoursPerWeek: null,
    isActive: true,
  };
  const book = (...contracts: (typeof existing)[]) => new ContractBook(contracts, "2025-09-01");
  const row = (rowNumber: number, record: Record<string, string>) => ({ rowNumber, record, hasProblems: false });

  it("gives a contract per row with start and position, FTE 0.8 where missing, not for one that exists", () => {
    const people = [person({ membershipId: "a", employeeNumber: "1" })];
    const rows = [
      row(2, { employeeNumber: "1", contractStart: "01-01-2025", position: "zorg" }),
      row(3, { employeeNumber: "1", contractStart: "01-06-2025", position: "Zorg", fte: "0,5" }),
      row(4, { email: "n@example.com", contractStart: "", position: "Zorg" }),
    ];
    const changes = computeContractChanges(rows, people, book(existing), 0.8);
    expect(changes).toEqual([
      expect.objectContaining({
        meta: "NEW_CONTRACT",
        field: "contract",
        membershipId: "a",
        newValue: "Zorg",
        data: { start: "2025-06-01", end: "", fte: "0.5", hoursPerWeek: "" },
      }),
    ]);
    const fresh = computeContractChanges(rows.slice(0, 1), people, book(), 0.8);
    expect(fresh[0].data?.fte).toBe("0.8");
  });

  it("updates the contract the row names (same start, or the current one without a start); empty cells keep", () => {
    const people = [person({ membershipId: "a", employeeNumber: "1" })];
    const changes = computeContractChanges(
      [
        row(2, { employeeNumber: "1", contractStart: "01-01-2025", position: "Teamleider", fte: "1,0" }),
        row(3, { employeeNumber: "1", fte: "0,9", hoursPerWeek: "32,5" }),
      ],
      people,
      book(existing),
      0.8,
    );
    expect(changes.map((c) => [c.field, c.oldValue, c.newValue, c.data])).toEqual([
      [
        "contractUpdate",
        "Zorg",
        "Teamleider",
        {
          contractId: "c1",
          start: "2025-01-01",
          end: "2099-12-31",
          fte: "1",
          hoursPerWeek: "",
          oldEnd: "2099-12-31",
          oldFte: "0.8",
        },
      ],
      [
        "contractUpdate",
        "Zorg",
        "Zorg",
        {
          contractId: "c1",
          start: "2025-01-01",
          end: "2099-12-31",
          fte: "0.9",
          hoursPerWeek: "32.5",
          oldEnd: "2099-12-31",
          oldFte: "0.8",
        },
      ],
    ]);
    expect(computeContractChanges([row(2, { employeeNumber: "1", fte: "0,8" })], people, book(existing), 0.8)).toEqual(
      [],
    );
  });
});

describe("team leader changes", () => {
  it("names each leader once per team, a new one by their row, and skips who already leads", () => {
    const people = [
      person({ membershipId: "a", employeeNumber: "1", firstName: "Ann", teams: [], leads: ["Zorg"] }),
      person({ membershipId: "b", employeeNumber: "2", email: "b@example.com", firstName: "Bo" }),
    ];
    const row = (rowNumber: number, record: Record<string, string>) => ({ rowNumber, record, hasProblems: false });
    const changes = computeLeaderChanges(
      [
        row(2, { employeeNumber: "3", email: "new@example.com", firstName: "Nia", team: "Kantoor" }),
        row(3, { employeeNumber: "4", team: "Zorg", teamLeader: "1" }),
        row(4, { employeeNumber: "5", team: "Kantoor", teamLeader: "new@example.com" }),
        row(5, { employeeNumber: "6", team: "Kantoor", teamLeader: "NEW@example.com" }),
        row(6, { employeeNumber: "7", team: "Zorg", teamLeader: "b@example.com" }),
      ],
      people,
    );
    expect(changes.map((c) => [c.label, c.newValue, c.membershipId ?? `row ${c.rowNumber}`])).toEqual([
      ["Nia", "Kantoor", "row 2"],
      ["Bo Y", "Zorg", "b"],
    ]);
  });
});
