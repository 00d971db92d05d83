import { describe, expect, it } from "vitest";
import { TEAM_SELECT_LIMIT } from "~/features/employees/list-sizes";
import { parseHrFilter, teamFilterField } from "./hr-filter";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const teams = [
  { id: id(1), name: "Sales Noord" },
  { id: id(2), name: "Sales Zuid" },
  { id: id(3), name: "Sales" },
];
const parse = (query: string) =>
  parseHrFilter(new URLSearchParams(query), { teams, tags: [], positions: [], rounds: [] });

describe("the team filter by name (docs/decisions/1870)", () => {
  it("reads a typed name as the team named so, else the only team whose name holds it", () => {
    expect(parse("teamName=sales").filter.team).toBe(id(3));
    expect(parse("teamName=%20zuid%20").filter.team).toBe(id(2));
    expect(parse("teamName=").filter.team).toBeNull();
  });

  it("falls back to all teams with a notice when no team or several match", () => {
    expect(parse("teamName=Inkoop")).toMatchObject({ filter: { team: null }, invalid: ["team"] });
    expect(parse("teamName=sales%20")).toMatchObject({ filter: { team: id(3) }, invalid: [] });
    expect(parse("teamName=al")).toMatchObject({ filter: { team: null }, invalid: ["team"] });
  });

  it("prefers the team of a link's id to a typed name", () => {
    expect(parse(`team=${id(1)}&teamName=Zuid`).filter.team).toBe(id(1));
  });

  it("offers a select up to the limit and a name field above it", () => {
    expect(teamFilterField(teams, null)).toEqual({
      teams: teams.map((t) => ({ value: t.id, label: t.name })),
      teamName: null,
    });
    const many = Array.from({ length: TEAM_SELECT_LIMIT + 1 }, (_, i) => ({ id: id(i), name: `Team ${i}` }));
    expect(teamFilterField(many, id(7))).toEqual({ teams: null, teamName: "Team 7" });
  });
});
