import * as z from "zod";
import { lineText } from "~/utils/text-schema";
import type { ImportField } from "../import-fields";

/** Client-safe: the connector settings form (zod, messages are i18n keys) and the fields' defaults. */

export const connectorKindList = ["afas", "polaris"] as const;
export type ConnectorKindName = (typeof connectorKindList)[number];
export const scheduleList = ["off", "daily", "weekly"] as const;

const httpUrl = lineText()
  .trim()
  .min(1, "import:connector.errors.urlRequired")
  .max(500, "import:connector.errors.url")
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password;
    } catch {
      return false;
    }
  }, "import:connector.errors.url");

export const connectorSettingsSchema = z.object({
  url: httpUrl,
  /** Empty keeps the stored secret; the first save requires one. */
  secret: lineText().trim().max(4000, "import:connector.errors.secretLong").optional(),
  connectorName: lineText()
    .trim()
    .max(200, "import:connector.errors.connectorName")
    .regex(/^[A-Za-z0-9_.-]*$/, "import:connector.errors.connectorName")
    .optional(),
});
export type ConnectorSettingsInput = z.infer<typeof connectorSettingsSchema>;

export const connectorScheduleSchema = z.object({
  schedule: z.enum(scheduleList, { error: "import:connector.errors.schedule" }),
  weekday: z.coerce.number().int().min(1, "import:connector.errors.weekday").max(7, "import:connector.errors.weekday"),
  time: lineText().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "import:connector.errors.time"),
  autoApply: lineText()
    .optional()
    .transform((value) => value === "on"),
});
export type ConnectorScheduleInput = z.infer<typeof connectorScheduleSchema>;

/**
 * Field names of the remote systems → import fields, used before the cluster has its own mapping
 * (the cluster's remembered mapping wins). AFAS: the common fields of a Profit employee GetConnector;
 * Polaris: the adapter's own names (decision 1222).
 */
export const connectorFieldDefaults: Record<ConnectorKindName, Record<string, ImportField>> = {
  afas: {
    Medewerker: "employeeNumber",
    Personeelsnummer: "employeeNumber",
    Roepnaam: "firstName",
    Voornaam: "firstName",
    Voorvoegsel: "namePrefix",
    Achternaam: "lastName",
    Email_werk: "email",
    "E-mail_werk": "email",
    Geboortedatum: "birthday",
    Geslacht: "gender",
    Telefoonnr_werk: "phone",
    Organisatorische_eenheid_omschrijving: "team",
    Functie_omschrijving: "position",
    Begindatum_contract: "contractStart",
    Einddatum_contract: "contractEnd",
    Uren_per_week: "hoursPerWeek",
    Deeltijdfactor: "fte",
  },
  polaris: {
    employeeNumber: "employeeNumber",
    firstName: "firstName",
    lastName: "lastName",
    email: "email",
    birthDate: "birthday",
    gender: "gender",
    phone: "phone",
    address: "address",
    zip: "zip",
    city: "city",
    team: "team",
    teamLeader: "teamLeader",
    position: "position",
    contractStart: "contractStart",
    contractEnd: "contractEnd",
    contractFunction: "position",
    fte: "fte",
    hoursPerWeek: "hoursPerWeek",
  },
};

/** The import-source statuses (spec §4) as HR sees them pass. */
export const connectorStageList = ["fetch", "teams", "team_leaders", "users", "compare", "ready"] as const;

/** What the history shows as an import's "file" for a connector run. */
export function connectorLabel(kind: string): string {
  return kind === "afas" ? "AFAS Profit" : "Polaris";
}
