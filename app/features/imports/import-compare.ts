import type { ImportField } from "./import-fields";
import { parseFte, parseGender, parseImportDate, type ImportRecord } from "./import-values";

export type ExistingPerson = {
  membershipId: string;
  employeeNumber: string | null;
  email: string;
  firstName: string;
  lastName: string;
  birthday: string | null;
  gender: string | null;
  phone: string | null;
  address: string | null;
  zip: string | null;
  city: string | null;
  status: "active" | "inactive";
  teams: string[];
  /** Teams this person leads (team_admin). */
  leads?: string[];
};

export type ComparedRow = { rowNumber: number; record: ImportRecord; hasProblems: boolean };

export type ComputedChange = {
  meta: "NO_CHANGE" | "NEW_TEAM" | "NOT_IN_IMPORT" | "NEW_PERSON" | "CHANGED" | "NEW_CONTRACT";
  label: string;
  membershipId?: string;
  rowNumber?: number;
  field?: string;
  oldValue?: string | null;
  newValue?: string | null;
  data?: Record<string, string>;
};

/** Person fields compared field by field; e-mail is the sign-in identity and is not changed by an import. */
const comparedFields = [
  "employeeNumber",
  "firstName",
  "lastName",
  "birthday",
  "gender",
  "phone",
  "address",
  "zip",
  "city",
] as const;

function normalised(field: ImportField, value: string): string {
  if (field === "birthday") return parseImportDate(value) ?? value;
  if (field === "gender") return parseGender(value);
  return value;
}

export function personLabel(p: { firstName?: string; lastName?: string; email?: string }): string {
  return [p.firstName, p.lastName].filter(Boolean).join(" ") || p.email || "";
}

/**
 * The comparison of the file with the cluster (spec §4): each person of the file is found by employee
 * number, else by e-mail. Found people give their changed fields old → new (an empty cell changes
 * nothing) or NO_CHANGE; the others are NEW_PERSON. Teams of the file that the cluster lacks are
 * NEW_TEAM; active people the file does not name are NOT_IN_IMPORT. Rows with problems change nothing,
 * but the person they name is not counted as missing.
 */
export function computeChanges(
  rows: readonly ComparedRow[],
  people: readonly ExistingPerson[],
  existingTeams: readonly string[],
): ComputedChange[] {
  const byNumber = new Map(people.filter((p) => p.employeeNumber).map((p) => [p.employeeNumber!, p]));
  const byEmail = new Map(people.map((p) => [p.email.toLowerCase(), p]));
  const seen = new Set<string>();
  const changes: ComputedChange[] = [];
  const teams = new Set(existingTeams.map((t) => t.toLowerCase()));
  const newTeams = new Map<string, string>();

  for (const { rowNumber, record, hasProblems } of rows) {
    const person =
      (record.employeeNumber ? byNumber.get(record.employeeNumber) : undefined) ??
      (record.email ? byEmail.get(record.email.toLowerCase()) : undefined);
    if (person) seen.add(person.membershipId);
    if (hasProblems) continue;
    const team = record.team?.trim();
    if (team && !teams.has(team.toLowerCase()) && !newTeams.has(team.toLowerCase())) {
      newTeams.set(team.toLowerCase(), team);
    }
    if (!person) {
      const data = Object.fromEntries(Object.entries(record).filter(([, v]) => v)) as Record<string, string>;
      changes.push({ meta: "NEW_PERSON", rowNumber, label: personLabel(record), data });
      continue;
    }
    const label = personLabel(person);
    const base = { meta: "CHANGED" as const, rowNumber, membershipId: person.membershipId, label };
    const before = changes.length;
    for (const field of comparedFields) {
      const raw = record[field];
      if (raw === undefined || raw === "") continue;
      const next = normalised(field, raw);
      const current = person[field] ?? "";
      if (next !== current) changes.push({ ...base, field, oldValue: current || null, newValue: next });
    }
    if (team && !person.teams.some((t) => t.toLowerCase() === team.toLowerCase())) {
      changes.push({ ...base, field: "team", oldValue: person.teams.join(", ") || null, newValue: team });
    }
    if (person.status === "inactive") {
      changes.push({ ...base, field: "status", oldValue: "inactive", newValue: "active" });
    }
    if (changes.length === before) changes.push({ ...base, meta: "NO_CHANGE" });
  }
  for (const team of newTeams.values()) changes.push({ meta: "NEW_TEAM", label: team, newValue: team });
  for (const person of people) {
    if (person.status === "active" && !seen.has(person.membershipId)) {
      changes.push({ meta: "NOT_IN_IMPORT", membershipId: person.membershipId, label: personLabel(person) });
    }
  }
  return changes;
}

/** A contract the cluster already has: who, from when, which position (lower case). */
export type ExistingContract = { membershipId: string; startDate: string; position: string };

/**
 * Contracts (spec §5: only when contract_start and contract_function are mapped): a row whose start and
 * position are filled gives NEW_CONTRACT unless the person already has a contract with that start and
 * position. A new person's contract is tied to their row; FTE defaults to 0.8 (spec §9).
 */
export function computeContractChanges(
  rows: readonly ComparedRow[],
  people: readonly ExistingPerson[],
  contracts: readonly ExistingContract[],
  defaultFte: number,
): ComputedChange[] {
  const byNumber = new Map(people.filter((p) => p.employeeNumber).map((p) => [p.employeeNumber!, p]));
  const byEmail = new Map(people.map((p) => [p.email.toLowerCase(), p]));
  const existing = new Set(contracts.map((c) => `${c.membershipId}|${c.startDate}|${c.position}`));
  const changes: ComputedChange[] = [];
  for (const { rowNumber, record, hasProblems } of rows) {
    const start = parseImportDate(record.contractStart);
    const position = record.contractFunction?.trim();
    if (hasProblems || !start || !position) continue;
    const person =
      (record.employeeNumber ? byNumber.get(record.employeeNumber) : undefined) ??
      (record.email ? byEmail.get(record.email.toLowerCase()) : undefined);
    if (person && existing.has(`${person.membershipId}|${start}|${position.toLowerCase()}`)) continue;
    const fte = parseFte(record.fte);
    changes.push({
      meta: "NEW_CONTRACT",
      rowNumber,
      membershipId: person?.membershipId,
      label: person ? personLabel(person) : personLabel(record),
      field: "contract",
      newValue: position,
      data: {
        start,
        end: parseImportDate(record.contractEnd) || "",
        fte: String(fte ?? defaultFte),
        hoursPerWeek: record.hoursPerWeek?.replace(",", ".") ?? "",
      },
    });
  }
  return changes;
}

/**
 * Team leaders (the team leader column names a person by employee number or e-mail): the person becomes
 * team leader of the row's team, once per person and team, unless they lead it already. A leader who is
 * new in the file is tied to their own row, so that applying finds them once they are added.
 */
export function computeLeaderChanges(
  rows: readonly ComparedRow[],
  people: readonly ExistingPerson[],
): ComputedChange[] {
  const byNumber = new Map(people.filter((p) => p.employeeNumber).map((p) => [p.employeeNumber!, p]));
  const byEmail = new Map(people.map((p) => [p.email.toLowerCase(), p]));
  const good = rows.filter((r) => !r.hasProblems);
  const rowOf = new Map<string, ComparedRow>();
  for (const r of good) {
    if (r.record.employeeNumber) rowOf.set(r.record.employeeNumber, r);
    if (r.record.email) rowOf.set(r.record.email.toLowerCase(), r);
  }
  const seen = new Set<string>();
  const changes: ComputedChange[] = [];
  for (const { record } of good) {
    const team = record.team?.trim();
    const leader = record.teamLeader?.trim();
    if (!team || !leader) continue;
    const person = byNumber.get(leader) ?? byEmail.get(leader.toLowerCase());
    const leaderRow = rowOf.get(leader) ?? rowOf.get(leader.toLowerCase());
    if (!person && !leaderRow) continue;
    const key = `${person?.membershipId ?? `row${leaderRow!.rowNumber}`}|${team.toLowerCase()}`;
    if (seen.has(key) || person?.leads?.some((t) => t.toLowerCase() === team.toLowerCase())) continue;
    seen.add(key);
    changes.push({
      meta: "CHANGED",
      field: "teamLeader",
      membershipId: person?.membershipId,
      rowNumber: person ? undefined : leaderRow!.rowNumber,
      label: person ? personLabel(person) : personLabel(leaderRow!.record),
      oldValue: null,
      newValue: team,
    });
  }
  return changes;
}
