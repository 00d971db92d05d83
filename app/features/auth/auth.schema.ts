import * as z from "zod";
import { lineText } from "~/utils/text-schema";

/** Shared by browser and server; messages are i18n keys. */
export const loginSchema = z.object({
  email: lineText({ error: "validation:email.required" })
    .trim()
    .pipe(z.email({ error: "validation:email.invalid" })),
  // A password is compared, never stored as text: whatever was set before still signs in (1440).
  password: z.string({ error: "validation:password.required" }),
  // A hidden field, never typed: safeRedirect turns any hostile value (control characters included) into a safe path.
  redirectTo: z.string().optional(),
});

/** The SSO buttons on /login: the e-mail tells which account's provider configuration to use. */
export const ssoStartSchema = z.object({
  intent: z.enum(["sso-azure", "sso-surfconext"]),
  email: lineText({ error: "validation:email.required" })
    .trim()
    .pipe(z.email({ error: "validation:email.invalid" })),
  redirectTo: z.string().optional(),
});

export function loginSchemaFor(formData: FormData) {
  return String(formData.get("intent") ?? "").startsWith("sso-") ? ssoStartSchema : loginSchema;
}
