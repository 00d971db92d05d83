import * as z from "zod";
import { lineText, requiredLine } from "~/utils/text-schema";
import { passwordRules, newPasswordSchema } from "~/features/auth/password.schema";

const emailField = lineText({ error: "validation:email.required" })
  .trim()
  .max(254, { error: "validation:email.invalid" })
  .pipe(z.email({ error: "validation:email.invalid" }));

const accepted = (key: string) =>
  lineText({ error: key })
    .refine((v) => v === "on" || v === "true", { error: key })
    .transform(() => true as const);

export const registerFields = {
  companyName: requiredLine(200),
  firstName: requiredLine(100),
  lastName: requiredLine(100),
  email: emailField,
  acceptTerms: accepted("signup:register.acceptTermsRequired"),
  acceptPrivacy: accepted("signup:register.acceptPrivacyRequired"),
  acceptProcessing: accepted("signup:register.acceptProcessingRequired"),
};

/** Browser and server; the server adds the common-password check (registerServerSchema in the route). */
export const registerSchema = newPasswordSchema(passwordRules, registerFields);

export const passwordRequestSchema = z.object({ email: emailField });

export const legalSlugs = ["terms", "privacy", "processing-agreement"] as const;
export type LegalSlug = (typeof legalSlugs)[number];
export function isLegalSlug(slug: string | undefined): slug is LegalSlug {
  return (legalSlugs as readonly string[]).includes(slug ?? "");
}
