/** A person's own details besides name, number and e-mail, in the order the import names them everywhere. */
export const personalFields = ["birthday", "gender", "phone", "address", "zip", "city"] as const;

/**
 * The fields a column of a personnel file can be mapped to (spec §4 columns step). Client-safe. The name
 * prefix ("Tussenvoegsel") is kept with the last name (decision 1620); position, start, end, FTE and hours
 * are the person's current contract, "Functie" being the contract's function (spec §5, decision 1621).
 */
export const importFields = [
  "employeeNumber",
  "firstName",
  "namePrefix",
  "lastName",
  "email",
  ...personalFields,
  "team",
  "teamLeader",
  "position",
  "contractStart",
  "contractEnd",
  "fte",
  "hoursPerWeek",
] as const;
export type ImportField = (typeof importFields)[number];

/** Fields of earlier versions, as remembered mappings and connector defaults may still name them. */
const formerFields: Record<string, ImportField> = { contractFunction: "position" };

/** The field a stored or posted name stands for (a former name included), or null. */
export function importFieldOf(value: string): ImportField | null {
  if ((importFields as readonly string[]).includes(value)) return value as ImportField;
  return formerFields[value] ?? null;
}

export function isImportField(value: string): value is ImportField {
  return (importFields as readonly string[]).includes(value);
}

/** The contract's fields: imported only together with a start date and a position (spec §5). */
export const contractFields = ["position", "contractStart", "contractEnd", "fte", "hoursPerWeek"] as const;

/**
 * Headers as Dutch, English and German HR and payroll exports (AFAS, Nmbrs, Visma, Excel) write them,
 * normalised (see normaliseHeader), best first: when two columns name the same field the better name
 * wins ("Roepnaam" over "Voornaam", "Achternaam" over "Naam"), whatever their order in the file.
 */
const synonyms: Record<ImportField, readonly string[]> = {
  employeeNumber: [
    "personeelsnummer",
    "personeelsnr",
    "medewerkercode",
    "medewerkernummer",
    "medewerkernr",
    "werknemernummer",
    "employeenumber",
    "employeeno",
    "employeeid",
    "personnelnumber",
    "staffnumber",
    "personalnummer",
    "personalnr",
    "mitarbeiternummer",
    "nummer",
    "number",
  ],
  firstName: ["roepnaam", "voornaam", "firstname", "givenname", "forename", "rufname", "vorname"],
  namePrefix: [
    "tussenvoegsel",
    "tussenvoegsels",
    "voorvoegsel",
    "voorvoegsels",
    "voorvoegselachternaam",
    "tussenvoegselachternaam",
    "nameprefix",
    "lastnameprefix",
    "surnameprefix",
    "prefix",
    "namenszusatz",
    "namensvorsatz",
    "vorsatzwort",
  ],
  lastName: ["achternaam", "geboortenaam", "lastname", "surname", "familyname", "nachname", "familienname", "naam"],
  email: [
    "emailwerk",
    "emailadreswerk",
    "werkemail",
    "zakelijkemail",
    "zakelijkemailadres",
    "workemail",
    "businessemail",
    "email",
    "emailadres",
    "emailaddress",
    "emailadresse",
    "mail",
  ],
  birthday: ["geboortedatum", "birthday", "dateofbirth", "birthdate", "geburtsdatum", "geburtstag"],
  gender: ["geslacht", "gender", "sex", "geschlecht"],
  phone: [
    "telefoonwerk",
    "telefoonnrwerk",
    "telefoon",
    "telefoonnummer",
    "mobielwerk",
    "mobiel",
    "phone",
    "phonenumber",
    "mobile",
    "telefon",
    "telefonnummer",
  ],
  address: ["adres", "straat", "address", "street", "adresse", "strasse", "straße"],
  zip: ["postcode", "zip", "zipcode", "postalcode", "postleitzahl", "plz"],
  city: ["plaats", "woonplaats", "stad", "city", "town", "ort", "stadt", "wohnort"],
  team: [
    "team",
    "afdeling",
    "organisatorischeeenheid",
    "omschrijvingorganisatorischeeenheid",
    "organisatorischeeenheidomschrijving",
    "orgeenheid",
    "department",
    "abteilung",
    "kostenplaats",
  ],
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
  position: [
    "functie",
    "functieomschrijving",
    "omschrijvingfunctie",
    "functienaam",
    "contractfunctie",
    "position",
    "jobtitle",
    "job",
    "function",
    "contractfunction",
    "funktion",
    "stelle",
    "vertragsfunktion",
  ],
  contractStart: [
    "startdatum",
    "begindatum",
    "begindatumcontract",
    "startdatumcontract",
    "ingangsdatum",
    "ingangsdatumcontract",
    "contractstart",
    "begincontract",
    "datumindienst",
    "indienst",
    "indienstdatum",
    "startdate",
    "contractstartdate",
    "begindatumvertrag",
    "vertragsbeginn",
    "eintrittsdatum",
  ],
  contractEnd: [
    "einddatum",
    "einddatumcontract",
    "contracteinde",
    "eindecontract",
    "contracttot",
    "uitdienst",
    "datumuitdienst",
    "enddate",
    "contractend",
    "contractenddate",
    "vertragsende",
    "austrittsdatum",
  ],
  fte: ["fte", "deeltijdfactor", "parttimefactor", "vte", "teilzeitfaktor"],
  hoursPerWeek: ["urenperweek", "contracturen", "uren", "hoursperweek", "hours", "wochenstunden", "stundenprowoche"],
};

/** Lower case, accents and everything but letters and digits dropped ("E-mail adres" → "emailadres"). */
export function normaliseHeader(header: string): string {
  return header
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9ß]/g, "");
}

/** Each normalised header's field and rank (its place in the field's list: lower is better). */
const byHeader = new Map<string, { field: ImportField; rank: number }>(
  (Object.entries(synonyms) as [ImportField, readonly string[]][]).flatMap(([field, names]) =>
    names.map((name, rank) => [normaliseHeader(name), { field, rank }] as const),
  ),
);

/** The field a header names, or null. */
export function recogniseHeader(header: string): ImportField | null {
  return byHeader.get(normaliseHeader(header))?.field ?? null;
}

/**
 * A first mapping for these headers: what the cluster mapped before (by normalised header), else
 * what the header says. Each field once: a remembered column first, then the best-named, then the first.
 */
export function proposeMapping(
  headers: readonly string[],
  remembered: ReadonlyMap<string, string> = new Map(),
): Record<string, ImportField> {
  const claims = headers.flatMap((header, index) => {
    const before = remembered.get(normaliseHeader(header));
    const field = before ? importFieldOf(before) : null;
    if (field) return [{ index, field, rank: -1 }];
    const known = byHeader.get(normaliseHeader(header));
    return known ? [{ index, ...known }] : [];
  });
  claims.sort((a, b) => a.rank - b.rank || a.index - b.index);
  const mapping: Record<string, ImportField> = {};
  const taken = new Set<string>();
  for (const { index, field } of claims) {
    if (taken.has(field)) continue;
    mapping[String(index)] = field;
    taken.add(field);
  }
  return mapping;
}

/** The fields a mapping (column → field, former names included) maps. */
export function mappedFields(mapping: Record<string, string>): Set<ImportField> {
  return new Set(Object.values(mapping).flatMap((f) => importFieldOf(f) ?? []));
}

/** Contracts can be imported only when start and position (the contract's function) are mapped (spec §5). */
export function mapsContracts(mapping: Record<string, string>): boolean {
  const fields = mappedFields(mapping);
  return fields.has("contractStart") && fields.has("position");
}
