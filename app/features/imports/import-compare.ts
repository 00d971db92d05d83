import { personalFields, type ImportField } from "./import-fields";
import { parseFte, parseGender, parseHours, parseImportDate, type ImportRecord } from "./import-values";
import { personName } from "~/utils/person-name";
import { LeaderCells, LeaderNames } from "./import-leader-names";

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
const comparedFields = ["employeeNumber", "firstName", "lastName", ...personalFields] as const;

function normalised(field: ImportField, value: string): string {
  if (field === "birthday") return parseImportDate(value) ?? value;
  if (field === "gender") return parseGender(value);
  return value;
}

export function personLabel(p: { firstName?: string; lastName?: string; email?: string }): string {
  return personName(p.firstName, p.lastName, p.email) || "";
}

/**
 * People by the keys a file names them with: employee number, else e-mail (lower case). With many
 * people of the same number the last added wins, as a map does. `T` is the person or only their id
 * (the comparison stage keeps the ids of a whole cluster, and loads the people a part of the file names).
 */
export class PeopleKeys<T> {
  private readonly byNumber = new Map<string, T>();
  private readonly byEmail = new Map<string, T>();

  add(employeeNumber: string | null, email: string, value: T): void {
    if (employeeNumber) this.byNumber.set(employeeNumber, value);
    this.byEmail.set(email.toLowerCase(), value);
  }

  find(employeeNumber: string | undefined, email: string | undefined): T | undefined {
    return (
      (employeeNumber ? this.byNumber.get(employeeNumber) : undefined) ??
      (email ? this.byEmail.get(email.toLowerCase()) : undefined)
    );
  }

  /** Whether someone has this employee number or (lower-case) e-mail address. */
  has(value: string): boolean {
    return this.byNumber.has(value) || this.byEmail.has(value);
  }

  /** A team leader as a row names them: by number or e-mail, in any case. */
  knows(value: string): boolean {
    return this.has(value) || this.has(value.toLowerCase());
  }
}

export function keysOfPeople(people: readonly ExistingPerson[]): PeopleKeys<ExistingPerson> {
  const keys = new PeopleKeys<ExistingPerson>();
  for (const p of people) keys.add(p.employeeNumber, p.email, p);
  return keys;
}

/** Finds the existing person a row (or a team leader cell, as both number and e-mail) names. */
export type FindPerson = (employeeNumber: string | undefined, email: string | undefined) => ExistingPerson | undefined;

/**
 * The comparison of the file with the cluster (spec §4), fed the file's rows part by part in the file's
 * order: each person of the file is found by employee number, else by e-mail. Found people give their
 * changed fields old → new (an empty cell changes nothing) or NO_CHANGE; the others are NEW_PERSON.
 * Teams of the file that the cluster lacks are NEW_TEAM (at the end, once per team); the people found
 * are remembered (`seen`) for NOT_IN_IMPORT. Rows with problems change nothing, but the person they
 * name is not counted as missing.
 */
export class PersonComparison {
  readonly seen = new Set<string>();
  private readonly teams: Set<string>;
  private readonly newTeams = new Map<string, string>();

  constructor(existingTeams: readonly string[]) {
    this.teams = new Set(existingTeams.map((t) => t.toLowerCase()));
  }

  /**
   * `ledInFile(record, person)`: the teams (lower case) the file names this row's person (found or not)
   * leader of. Their own row's team is then no change of its own: the leader change places them, once (a
   * leader is not also a member).
   */
  compare(
    rows: readonly ComparedRow[],
    find: FindPerson,
    ledInFile: (record: ImportRecord, person?: ExistingPerson) => ReadonlySet<string> | undefined = () => undefined,
  ): ComputedChange[] {
    const changes: ComputedChange[] = [];
    for (const { rowNumber, record, hasProblems } of rows) {
      const person = find(record.employeeNumber, record.email);
      if (person) this.seen.add(person.membershipId);
      if (hasProblems) continue;
      const team = record.team?.trim();
      if (team && !this.teams.has(team.toLowerCase()) && !this.newTeams.has(team.toLowerCase())) {
        this.newTeams.set(team.toLowerCase(), team);
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
      // A team of the file is an addition: applying places the person in it and takes them out of none,
      // so the change says where they are now besides (oldValue), never a move. A leader is in their team.
      const placed = [...person.teams, ...(person.leads ?? [])];
      const isIn = (name: string) => placed.some((t) => t.toLowerCase() === name.toLowerCase());
      if (team && !isIn(team) && !ledInFile(record, person)?.has(team.toLowerCase())) {
        changes.push({ ...base, field: "team", oldValue: [...new Set(placed)].join(", ") || null, newValue: team });
      }
      if (person.status === "inactive") {
        changes.push({ ...base, field: "status", oldValue: "inactive", newValue: "active" });
      }
      if (changes.length === before) changes.push({ ...base, meta: "NO_CHANGE" });
    }
    return changes;
  }

  newTeamChanges(): ComputedChange[] {
    return [...this.newTeams.values()].map((team) => ({ meta: "NEW_TEAM", label: team, newValue: team }));
  }
}

/** Active people the file did not name (`seen` holds the ones it did). */
export function missingChanges(
  people: Iterable<Pick<ExistingPerson, "membershipId" | "status" | "firstName" | "lastName" | "email">>,
  seen: ReadonlySet<string>,
): ComputedChange[] {
  const changes: ComputedChange[] = [];
  for (const person of people) {
    if (person.status === "active" && !seen.has(person.membershipId)) {
      changes.push({ meta: "NOT_IN_IMPORT", membershipId: person.membershipId, label: personLabel(person) });
    }
  }
  return changes;
}

/** The whole comparison of a file held in memory (the stage feeds `PersonComparison` part by part). */
export function computeChanges(
  rows: readonly ComparedRow[],
  people: readonly ExistingPerson[],
  existingTeams: readonly string[],
): ComputedChange[] {
  const keys = keysOfPeople(people);
  const comparison = new PersonComparison(existingTeams);
  const changes = comparison.compare(rows, (number, email) => keys.find(number, email));
  return [...changes, ...comparison.newTeamChanges(), ...missingChanges(people, comparison.seen)];
}

/** A contract the cluster already has: its id, whose, dates (ISO), position name, FTE and hours as stored. */
export type ExistingContract = {
  id: string;
  membershipId: string;
  startDate: string;
  endDate: string;
  position: string;
  fte: string;
  hoursPerWeek: string | null;
  isActive: boolean;
};

/**
 * The cluster's contracts as the comparison looks them up: by person and start date, and each person's
 * current contract (the active one running on `today`, else their active one that starts last).
 */
export class ContractBook {
  private readonly byStart = new Map<string, ExistingContract>();
  private readonly current = new Map<string, ExistingContract>();

  constructor(contracts: Iterable<ExistingContract>, today: string) {
    for (const c of contracts) {
      this.byStart.set(`${c.membershipId}|${c.startDate}`, c);
      if (!c.isActive) continue;
      const now = this.current.get(c.membershipId);
      const runs = (x: ExistingContract) => x.startDate <= today && x.endDate >= today;
      if (!now || (runs(c) && !runs(now)) || (runs(c) === runs(now) && c.startDate > now.startDate)) {
        this.current.set(c.membershipId, c);
      }
    }
  }

  /** The contract a row speaks of: the one with its start date, or (a row without one) the current one. */
  find(membershipId: string, start: string): ExistingContract | undefined {
    return start ? this.byStart.get(`${membershipId}|${start}`) : this.current.get(membershipId);
  }
}

const sameNumber = (a: string | null | undefined, b: number | undefined) =>
  b === undefined || (a !== null && a !== undefined && Math.abs(Number(a) - b) < 0.005);

/**
 * The person's current contract from their row (spec §5, decision 1621): the row's position ("Functie"),
 * start, end, FTE and hours. A row naming a contract the person has (same start, or no start and a
 * current contract) gives NEW_CONTRACT with field `contractUpdate` when it differs (empty cells keep what
 * is stored); a row with a start and a position that names no contract gives a new one (`contract`, FTE
 * 0.8 where missing, spec §9). A new person's contract is tied to their row. Rows with problems give none.
 */
export function computeContractChanges(
  rows: readonly ComparedRow[],
  people: readonly ExistingPerson[] | FindPerson,
  contracts: ContractBook,
  defaultFte: number,
): ComputedChange[] {
  const find = finderOf(people);
  const changes: ComputedChange[] = [];
  for (const { rowNumber, record, hasProblems } of rows) {
    if (hasProblems) continue;
    const start = parseImportDate(record.contractStart) ?? "";
    const position = record.position?.trim() ?? "";
    const fte = parseFte(record.fte) ?? undefined;
    const hours = parseHours(record.hoursPerWeek) ?? undefined;
    const end = parseImportDate(record.contractEnd) ?? "";
    const person = find(record.employeeNumber, record.email);
    const label = person ? personLabel(person) : personLabel(record);
    const existing = person ? contracts.find(person.membershipId, start) : undefined;
    if (existing) {
      const changed =
        (position && position.toLowerCase() !== existing.position.toLowerCase()) ||
        !sameNumber(existing.fte, fte) ||
        !sameNumber(existing.hoursPerWeek, hours) ||
        (end && end !== existing.endDate);
      if (!changed) continue;
      changes.push({
        meta: "NEW_CONTRACT",
        rowNumber,
        membershipId: person!.membershipId,
        label,
        field: "contractUpdate",
        oldValue: existing.position,
        newValue: position || existing.position,
        data: {
          contractId: existing.id,
          start: existing.startDate,
          end: end || existing.endDate,
          fte: String(fte ?? Number(existing.fte)),
          hoursPerWeek: hours !== undefined ? String(hours) : (existing.hoursPerWeek ?? ""),
          oldEnd: existing.endDate,
          oldFte: String(Number(existing.fte)),
        },
      });
      continue;
    }
    if (!start || !position) continue;
    changes.push({
      meta: "NEW_CONTRACT",
      rowNumber,
      membershipId: person?.membershipId,
      label,
      field: "contract",
      newValue: position,
      data: {
        start,
        end,
        fte: String(fte ?? defaultFte),
        hoursPerWeek: hours !== undefined ? String(hours) : "",
      },
    });
  }
  return changes;
}

/**
 * The key a person is found by when a team leader cell names them by name: their e-mail address in lower case,
 * else their employee number — what `find` and the leader's own row are looked up with. A row of someone the
 * cluster has gives that person's key, so a person in both is one person (also when the file renames them).
 */
export function leaderKeyOf(
  record: Pick<ImportRecord, "email" | "employeeNumber">,
  existing?: Pick<ExistingPerson, "email">,
): string {
  return existing ? existing.email.toLowerCase() : record.email?.toLowerCase() || record.employeeNumber || "";
}

/**
 * The team leader cells of a whole file resolved against its rows and the cluster's people (the stage builds
 * the same part by part): by employee number or e-mail first, else by the full name of exactly one person.
 */
export function leaderCellsOf(
  rows: readonly { record: ImportRecord }[],
  people: readonly ExistingPerson[],
): LeaderCells {
  const keys = keysOfPeople(people);
  const fileKeys = new Set(rows.flatMap(({ record: r }) => [r.employeeNumber, r.email?.toLowerCase()]));
  const isKey = (cell: string) => keys.knows(cell) || fileKeys.has(cell) || fileKeys.has(cell.toLowerCase());
  const names = new LeaderNames(rows.flatMap(({ record }) => record.teamLeader ?? []).filter((c) => !isKey(c)));
  for (const p of people) names.add(p.firstName, p.lastName, leaderKeyOf({}, p), p.status === "active");
  for (const { record } of rows) {
    const key = leaderKeyOf(record, keys.find(record.employeeNumber, record.email));
    if (key) names.add(record.firstName, record.lastName, key);
  }
  return new LeaderCells(isKey, names);
}

function finderOf(people: readonly ExistingPerson[] | FindPerson): FindPerson {
  if (typeof people === "function") return people;
  const keys = keysOfPeople(people);
  return (number, email) => keys.find(number, email);
}

/**
 * Team leaders (the team leader column names a person by employee number, e-mail or full name; `keyOf`
 * turns a cell into the number or e-mail they are found by, decision 1992): the person becomes team
 * leader of the row's team, once per person and team, unless they lead it already. A leader who is new in
 * the file is tied to their own row, so that applying finds them once they are added. `rows` are the
 * file's rows in order, or at least those that name a team and leader and those of the leaders.
 */
export function computeLeaderChanges(
  rows: readonly ComparedRow[],
  people: readonly ExistingPerson[] | FindPerson,
  keyOf?: (cell: string) => string,
): ComputedChange[] {
  const find = finderOf(people);
  const cells = keyOf || typeof people === "function" ? undefined : leaderCellsOf(rows, people);
  const leaderKey = keyOf ?? ((cell: string) => cells?.keyOf(cell) ?? cell);
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
    const cell = record.teamLeader?.trim();
    if (!team || !cell) continue;
    const leader = leaderKey(cell);
    const person = find(leader, leader);
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
