import { importFields, type ImportField } from "./import-fields";

/** The template's columns: every field the import reads, in the order the columns step lists them. Client-safe. */
export const templateFields = importFields;
export type TemplateField = ImportField;

/** Two example people: a name prefix, a leader who leads the other's team, contracts with and without an end. */
export const templateExamples: Partial<Record<TemplateField, string | number>>[] = [
  {
    employeeNumber: "1001",
    firstName: "Hüseyin",
    namePrefix: "ter",
    lastName: "Vermeulen",
    email: "h.tervermeulen@voorbeeld.nl",
    birthday: "12-04-1985",
    gender: "M",
    phone: "06 12345678",
    address: "Dorpsstraat 1",
    zip: "1234 AB",
    city: "Utrecht",
    team: "Wijkteam Noord",
    teamLeader: "1002",
    position: "Verpleegkundige",
    contractStart: "01-03-2020",
    contractEnd: "",
    fte: 0.8,
    hoursPerWeek: 28.8,
  },
  {
    employeeNumber: "1002",
    firstName: "Anna",
    namePrefix: "de",
    lastName: "Vries",
    email: "a.devries@voorbeeld.nl",
    birthday: "03-11-1979",
    gender: "V",
    phone: "",
    address: "",
    zip: "",
    city: "Amersfoort",
    team: "Wijkteam Noord",
    teamLeader: "",
    position: "Teamleider",
    contractStart: "01-01-2018",
    contractEnd: "31-12-2027",
    fte: 1,
    hoursPerWeek: 36,
  },
];
