/**
 * Dutch (and German, French) name prefixes — "tussenvoegsels" — are kept with the last name ("ter
 * Vermeulen"), written in lower case after a first name, and ignored when people are sorted: Dutch lists
 * put "Hüseyin ter Vermeulen" under V (decision 1620). A capitalised prefix ("Van Damme", the Flemish
 * way) is part of the name and sorts under its own letter. Client-safe; the database's sort column
 * (`users.last_name_sort`) is generated from the same words.
 */
export const namePrefixWords = [
  "van",
  "de",
  "der",
  "den",
  "het",
  "'t",
  "ter",
  "te",
  "ten",
  "in",
  "op",
  "aan",
  "bij",
  "onder",
  "over",
  "uit",
  "voor",
  "tot",
  "la",
  "le",
  "les",
  "du",
  "da",
  "das",
  "dos",
  "di",
  "del",
  "della",
  "von",
  "vom",
  "zu",
  "zum",
  "zur",
  "am",
  "im",
  "auf",
  "'s",
] as const;

/** The leading prefix words of a last name (case-sensitive: only lower-case ones), as a POSIX regular expression. */
export const leadingNamePrefixPattern = `^((${namePrefixWords.join("|")})[[:space:]]+)+`;

const leadingNamePrefix = new RegExp(`^((${namePrefixWords.join("|")})\\s+)+`);

/** The last name without its leading lower-case prefix, for sorting ("ter Vermeulen" → "Vermeulen"). */
export function lastNameForSorting(lastName: string): string {
  return lastName.replace(leadingNamePrefix, "");
}

/**
 * A file's prefix column joined to its last name: the prefix in lower case (it follows the first name),
 * spaces tidied, never twice ("ter" + "ter Vermeulen" stays "ter Vermeulen").
 */
export function withNamePrefix(prefix: string, lastName: string): string {
  const tidy = prefix.trim().replace(/\s+/g, " ").toLowerCase();
  const name = lastName.trim();
  if (!tidy || !name) return name;
  if (name.toLowerCase().startsWith(`${tidy} `)) return name;
  return `${tidy} ${name}`;
}
