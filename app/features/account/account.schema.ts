import { electronicFormatIBAN, isValidBIC, isValidIBAN } from "ibantools";
import * as z from "zod";
import { lineText, optionalLine, requiredLine } from "~/utils/text-schema";
import { parseDate } from "~/utils/dates";
import { moduleKeys } from "~/utils/modules";
import { clusterRoleKeys } from "~/utils/cluster-roles";

/** Roles an account admin can give someone in a cluster (team places are given on the team page). */
export { clusterRoleKeys } from "~/utils/cluster-roles";

const uuid = z.uuid({ error: "validation:choose" });

export const clusterSchema = z.object({
  name: requiredLine(100),
  parentId: z
    .union([z.literal(""), uuid])
    .optional()
    .transform((v) => v || null),
});

export const clusterLinkSchema = z.object({
  userId: uuid,
  role: z.enum(clusterRoleKeys, { error: "validation:choose" }),
});
export const clusterUnlinkSchema = z.object({ membershipId: uuid, role: z.enum(clusterRoleKeys) });
export const adminSchema = z.object({ userId: uuid });

/** Company details of spec §3. IBAN and BIC are checked with their checksums/patterns (ibantools). */
export const companySchema = z.object({
  address: optionalLine(200),
  zip: optionalLine(20),
  city: optionalLine(100),
  country: optionalLine(100),
  vat: optionalLine(30),
  iban: lineText()
    .trim()
    .optional()
    .transform((v) => (v ? (electronicFormatIBAN(v) ?? v) : null))
    .refine((v) => v === null || isValidIBAN(v), { error: "account:settings.ibanInvalid" }),
  bic: lineText()
    .trim()
    .optional()
    .transform((v) => (v ? v.replace(/\s+/g, "").toUpperCase() : null))
    .refine((v) => v === null || isValidBIC(v), { error: "account:settings.bicInvalid" }),
  chamberOfCommerce: lineText()
    .trim()
    .optional()
    .transform((v) => v || null)
    .refine((v) => v === null || /^\d{8}$/.test(v), { error: "account:settings.kvkInvalid" }),
  phone: lineText()
    .trim()
    .optional()
    .transform((v) => v || null)
    .refine((v) => v === null || /^\+?[\d\s()-]{6,20}$/.test(v), { error: "account:settings.phoneInvalid" }),
  invoiceDate: lineText()
    .trim()
    .optional()
    .transform((v) => v || null)
    .refine((v) => v === null || parseDate(v) !== null, { error: "validation:date" }),
});
export type CompanyInput = z.infer<typeof companySchema>;

/** Checkbox lists of module keys; none ticked arrives as no field at all. */
export const modulesSchema = z.object({
  modules: z
    .array(z.enum(moduleKeys, { error: "validation:choose" }))
    .optional()
    .default([]),
});
export const clusterModulesSchema = modulesSchema.extend({ clusterId: uuid });
