import * as z from "zod";
import { lineText } from "~/utils/text-schema";
import { languages, updatesFrequencies } from "#db/schema/enums";
import { newPasswordSchema, passwordRules } from "~/features/auth/password.schema";

const name = lineText().trim().max(100, { error: "validation:maxLength" }).optional().default("");

export const profileDetailsSchema = z
  .object({
    firstName: name,
    lastName: name,
    language: z.enum(languages, { error: "validation:choose" }),
    updatesFrequency: z.enum(updatesFrequencies, { error: "validation:choose" }).optional(),
  })
  .refine((v) => v.firstName.length > 0 || v.lastName.length > 0, {
    path: ["firstName"],
    error: "validation:firstOrLastName",
  });

export const currentPasswordField = { currentPassword: z.string({ error: "validation:password.currentRequired" }) };

/** The browser checks the rules; the server uses the same shape with the common-password check added. */
export const passwordChangeSchema = newPasswordSchema(passwordRules, currentPasswordField);
