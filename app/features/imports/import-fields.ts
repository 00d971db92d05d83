/** A person's own details besides name, number and e-mail, in the order the import names them everywhere. */
export const personalFields = ["birthday", "gender", "phone", "address", "zip", "city"] as const;

/** The fields a column of a personnel file can be mapped to (spec §4 columns step). Client-safe. */
export const importFields = [
  "employeeNumber",
  "firstName",
  "lastName",
  "email",
  ...personalFields,
  "team",
  "teamLeader",
  "position",
  "contractStart",
  "contractEnd",
  "contractFunction",
  "fte",
  "hoursPerWeek",
] as const;
export type ImportField = (typeof importFields)[number];

export function isImportField(value: string): value is ImportField {
  return (importFields as readonly string[]).includes(value);
}

/** Headers as Dutch, English and German HR and payroll exports write them, normalised (see normaliseHeader). */
const synonyms: Record<ImportField, readonly string[]> = {
  employeeNumber: [
    "personeelsnummer",
    "personeelsnr",
    "medewerkernummer",
    "medewerkernr",
    "werknemernummer",
    "employeenumber",
    "employeeno",
    "employeeid",
    "personnelnumber",
    "staffnumber",
    "personalnummer",
    "mitarbeiternummer",
    "nummer",
    "number",
  ],
  firstName: ["voornaam", "roepnaam", "firstname", "givenname", "forename", "vorname"],
  lastName: ["achternaam", "naam", "lastname", "surname", "familyname", "nachname", "familienname"],
  email: ["email", "emailadres", "mail", "emailaddress", "emailadresse", "werkemail", "workemail"],
  birthday: ["geboortedatum", "birthday", "dateofbirth", "birthdate", "geburtsdatum", "geburtstag"],
  gender: ["geslacht", "gender", "sex", "geschlecht"],
  phone: ["telefoon", "telefoonnummer", "mobiel", "phone", "phonenumber", "mobile", "telefon", "telefonnummer"],
  address: ["adres", "straat", "address", "street", "adresse", "strasse", "straße"],
  zip: ["postcode", "zip", "zipcode", "postalcode", "postleitzahl", "plz"],
  city: ["plaats", "woonplaats", "stad", "city", "town", "ort", "stadt", "wohnort"],
  team: ["team", "afdeling", "department", "abteilung", "kostenplaats"],
  teamLeader: [
    "teamleider",
    "leidinggevende",
    "manager",
    "teamleader",
    "teamlead",
    "supervisor",
    "teamleiter",
    "vorgesetzter",
  ],
  position: ["functie", "position", "jobtitle", "job", "funktion", "stelle"],
  contractStart: [
    "contractstart",
    "begindatum",
    "startdatum",
    "indienst",
    "datumindienst",
    "startdate",
    "contractstartdate",
    "vertragsbeginn",
    "eintrittsdatum",
  ],
  contractEnd: ["contracteinde", "einddatum", "uitdienst", "enddate", "contractend", "vertragsende", "austrittsdatum"],
  contractFunction: ["contractfunctie", "contractfunction", "vertragsfunktion"],
  fte: ["fte", "deeltijdfactor", "parttimefactor", "vte"],
  hoursPerWeek: ["urenperweek", "uren", "hoursperweek", "hours", "wochenstunden", "stundenprowoche"],
};

/** Lower case, accents and everything but letters and digits dropped ("E-mail adres" → "emailadres"). */
export function normaliseHeader(header: string): string {
  return header
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9ß]/g, "");
}

const byHeader = new Map<string, ImportField>(
  (Object.entries(synonyms) as [ImportField, readonly string[]][]).flatMap(([field, names]) =>
    names.map((name) => [normaliseHeader(name), field] as const),
  ),
);

/** The field a header names, or null. */
export function recogniseHeader(header: string): ImportField | null {
  return byHeader.get(normaliseHeader(header)) ?? null;
}

/**
 * A first mapping for these headers: what the cluster mapped before (by normalised header), else
 * what the header says. Each field once, the first column that claims it wins.
 */
export function proposeMapping(
  headers: readonly string[],
  remembered: ReadonlyMap<string, string> = new Map(),
): Record<string, ImportField> {
  const mapping: Record<string, ImportField> = {};
  const taken = new Set<string>();
  headers.forEach((header, index) => {
    const before = remembered.get(normaliseHeader(header));
    const field = before && isImportField(before) ? before : recogniseHeader(header);
    if (field && !taken.has(field)) {
      mapping[String(index)] = field;
      taken.add(field);
    }
  });
  return mapping;
}

/** Contracts can be imported only when both of these are mapped (spec §5). */
export function mapsContracts(mapping: Record<string, string>): boolean {
  const fields = new Set(Object.values(mapping));
  return fields.has("contractStart") && fields.has("contractFunction");
}
