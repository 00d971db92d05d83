import * as z from "zod";
import { lineText } from "~/utils/text-schema";
import { genders, languages, loginTypes } from "#db/schema/enums";
import { clusterRoleKeys } from "~/utils/cluster-roles";

/** Cluster-level roles that can be given on the roles tab (team places live on the teams tab). */
export { clusterRoleKeys, type ClusterRoleKey } from "~/utils/cluster-roles";

export const employeeTabs = ["active", "inactive", "invited", "removed"] as const;
export type EmployeeListTab = (typeof employeeTabs)[number];

export const employeeDetailTabs = ["details", "contracts", "teams", "roles", "tags"] as const;
export type EmployeeDetailTab = (typeof employeeDetailTabs)[number];

export const sortKeys = ["name", "email", "employeeNumber", "status"] as const;
export type SortKey = (typeof sortKeys)[number];

/** Roles the list can be filtered on: every role key except the account-admin flag. */
export const filterRoleKeys = [...clusterRoleKeys, "team_admin", "team_member"] as const;
export type FilterRoleKey = (typeof filterRoleKeys)[number];

export const bulkActions = [
  "activate",
  "deactivate",
  "grantAccess",
  "revokeAccess",
  "invite",
  "uninvite",
  "clusterAdminAdd",
  "clusterAdminRemove",
  "assignTeams",
  "unassignTeams",
  "assignRoles",
  "restore",
] as const;
export type BulkAction = (typeof bulkActions)[number];

/** The spec's standard address pattern (§5). */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const optionalText = lineText().trim().max(200, { error: "validation:maxLength" }).optional().default("");
const dateText = lineText()
  .trim()
  .optional()
  .default("")
  .refine((v) => v === "" || isValidDateText(v), { error: "validation:date" });

/** dd-MM-yyyy (single-digit day and month allowed); the server parses again with parseDate. */
export function isValidDateText(value: string): boolean {
  const match = /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(value.trim());
  if (!match) return false;
  const [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const personFields = {
  firstName: lineText().trim().max(100, { error: "validation:maxLength" }).optional().default(""),
  lastName: lineText().trim().max(100, { error: "validation:maxLength" }).optional().default(""),
  email: lineText({ error: "validation:email.required" })
    .trim()
    .toLowerCase()
    .max(254, { error: "validation:maxLength" })
    .regex(emailPattern, { error: "validation:email.invalid" }),
  employeeNumber: lineText().trim().max(50, { error: "validation:maxLength" }).optional().default(""),
  phone: lineText().trim().max(50, { error: "validation:maxLength" }).optional().default(""),
  birthday: dateText,
  gender: z
    .enum([...genders, ""])
    .optional()
    .default(""),
  address: optionalText,
  zip: lineText().trim().max(20, { error: "validation:maxLength" }).optional().default(""),
  city: optionalText,
  country: optionalText,
  language: z.enum(languages, { error: "validation:choose" }).default("nl"),
  loginType: z.enum(loginTypes, { error: "validation:choose" }).default("email"),
};

const nameRule = {
  check: (v: { firstName: string; lastName: string }) => v.firstName.length > 0 || v.lastName.length > 0,
  params: { path: ["firstName"], error: "validation:firstOrLastName" },
};

/** Step 1 of the new-person wizard, and the details tab. */
export const personSchema = z.object(personFields).refine(nameRule.check, nameRule.params);
export type PersonInput = z.infer<typeof personSchema>;

export const employeeDetailsSchema = z
  .object({
    ...personFields,
    /** Set when the user confirmed the warning that the employee number changes. */
    confirmEmployeeNumber: z.literal("on").optional(),
  })
  .refine(nameRule.check, nameRule.params);

export const contractSchema = z
  .object({
    positionId: z.uuid({ error: "employees:contracts.positionRequired" }),
    start: lineText({ error: "employees:contracts.startRequired" })
      .trim()
      .refine(isValidDateText, { error: "validation:date" }),
    end: lineText({ error: "employees:contracts.endRequired" })
      .trim()
      .refine(isValidDateText, { error: "validation:date" }),
    fte: z.coerce
      .number({ error: "validation:minMax" })
      .min(0, { error: "validation:minMax" })
      .max(1.5, { error: "validation:minMax" })
      .default(1),
    hoursPerWeek: z.coerce
      .number({ error: "validation:minMax" })
      .min(0, { error: "validation:minMax" })
      .max(80, { error: "validation:minMax" })
      .optional(),
    isTemporary: z.enum(["temporary", "permanent"], { error: "validation:choose" }).default("permanent"),
    isActive: z.literal("on").optional(),
  })
  .refine((v) => !isValidDateText(v.start) || !isValidDateText(v.end) || toSortable(v.start) <= toSortable(v.end), {
    path: ["end"],
    error: "employees:contracts.endBeforeStart",
  });

function toSortable(value: string): string {
  const [d, m, y] = value.split("-");
  return `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`;
}

export const teamPlaceSchema = z.object({
  teamId: z.uuid({ error: "employees:teams.teamRequired" }),
  place: z.enum(["team_member", "team_admin"], { error: "validation:choose" }),
});
