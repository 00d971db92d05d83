import * as z from "zod";

/** Shared by browser and server; messages are i18n keys. */
export const loginSchema = z.object({
  email: z
    .string({ error: "validation:email.required" })
    .trim()
    .pipe(z.email({ error: "validation:email.invalid" })),
  password: z.string({ error: "validation:password.required" }),
  redirectTo: z.string().optional(),
});

/** The SSO buttons on /login: the e-mail tells which account's provider configuration to use. */
export const ssoStartSchema = z.object({
  intent: z.enum(["sso-azure", "sso-surfconext"]),
  email: z
    .string({ error: "validation:email.required" })
    .trim()
    .pipe(z.email({ error: "validation:email.invalid" })),
  redirectTo: z.string().optional(),
});

export function loginSchemaFor(formData: FormData) {
  return String(formData.get("intent") ?? "").startsWith("sso-") ? ssoStartSchema : loginSchema;
}
