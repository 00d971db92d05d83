import { lastNameForSorting } from "~/utils/name-prefix";
import { personName } from "~/utils/person-name";

/**
 * A name as a team leader cell is compared (decision 1992): accents, case and spacing ignored, and a comma
 * always followed by one space ("Vries ,Piet  dé" → "vries, piet de").
 */
export function nameKey(text: string): string {
  // Most names are plain ASCII: only the others pay for the decomposition.
  const plain = /[^\u0020-\u007e]/.test(text) ? text.normalize("NFD").replace(/[\u0300-\u036f]/g, "") : text;
  return plain
    .toLowerCase()
    .replace(/\s*,\s*/g, ", ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The forms a team leader cell may name a person by, as HR exports (AFAS) write a manager: "Piet de Vries"
 * (the product's own `personName`), "Vries, Piet de" (last name without its prefix first, AFAS's sorted
 * name) and "de Vries, Piet" (the last name as kept, prefix and all). Only a full name: someone without a
 * first or last name is never found by name. The prefix is the last name's leading lower-case words (1620).
 */
export function nameForms(firstName: string, lastName: string): string[] {
  const first = firstName.trim();
  const last = lastName.trim();
  if (!first || !last) return [];
  const core = lastNameForSorting(last);
  const prefix = last.slice(0, last.length - core.length).trim();
  const forms = [personName(first, last), `${core}, ${personName(first, prefix)}`];
  if (prefix) forms.push(`${last}, ${first}`);
  return [...new Set(forms.map(nameKey))];
}

/**
 * The people a file's team leader cells may name by name, each by the key the comparison finds them with
 * (their e-mail address in lower case, else their employee number). Only the names the cells hold are kept,
 * so it stays small however large the cluster. People who will be active after the import (named in the
 * file, or active in the cluster) come first: an inactive person of the same name, whom the import leaves
 * inactive, does not make the name ambiguous; only when no one else has the name is it theirs.
 */
export class LeaderNames {
  private readonly byName = new Map<string, { active: Set<string>; inactive: Set<string> }>();
  /** Every word of the cells: a person whose last name ends in none of them is passed over cheaply. */
  private readonly words = new Set<string>();

  constructor(cells: Iterable<string>) {
    for (const cell of cells) {
      const key = nameKey(cell);
      // Every form of a full name has a space: a number or e-mail address of the cluster is no name.
      if (!key.includes(" ") || this.byName.has(key)) continue;
      this.byName.set(key, { active: new Set(), inactive: new Set() });
      for (const word of key.split(/[ ,]+/)) this.words.add(word);
    }
  }

  /** Whether any cell may be a name (otherwise nobody need be added). */
  get wanted(): boolean {
    return this.byName.size > 0;
  }

  /** Whether a cell names someone of this name (only then need their key be looked up). */
  wants(firstName: string | undefined, lastName: string | undefined): boolean {
    return this.formsOf(firstName, lastName).some((form) => this.byName.has(form));
  }

  add(firstName: string | undefined, lastName: string | undefined, key: string, active = true): void {
    for (const form of this.formsOf(firstName, lastName)) {
      const found = this.byName.get(form);
      if (found) (active ? found.active : found.inactive).add(key);
    }
  }

  private formsOf(firstName: string | undefined, lastName: string | undefined): string[] {
    // Every form holds the last name's last word; 100,000 people's forms in full took over a second.
    const last = nameKey(lastName ?? "");
    if (!this.wanted || !this.words.has(last.slice(last.lastIndexOf(" ") + 1))) return [];
    return nameForms(firstName ?? "", lastName ?? "");
  }

  /** The keys of the people a cell names by name: none, one, or (ambiguous) more. */
  keysOf(cell: string): string[] {
    const found = this.byName.get(nameKey(cell));
    if (!found) return [];
    return [...(found.active.size > 0 ? found.active : found.inactive)];
  }
}

/**
 * A file's team leader cells resolved: a cell that is an employee number or e-mail address (of the file or the
 * cluster; `isKey`) is that key; otherwise it is the key of the one person of that name, if exactly one.
 */
export class LeaderCells {
  constructor(
    private readonly isKey: (value: string) => boolean,
    private readonly names: LeaderNames,
  ) {}

  /** The keys of the people a cell names; two or more: the name is ambiguous. */
  keysOf(cell: string): string[] {
    return this.isKey(cell) ? [cell] : this.names.keysOf(cell);
  }

  /** The key the comparison finds the leader by: the cell itself unless it names exactly one person by name. */
  keyOf(cell: string): string {
    const keys = this.keysOf(cell);
    return keys.length === 1 ? keys[0] : cell;
  }

  /** For `rowProblems`: known, unknown (false) or a name of several people. */
  known(cell: string): boolean | "ambiguous" {
    const count = this.keysOf(cell).length;
    return count === 1 || (count > 1 && "ambiguous");
  }
}
