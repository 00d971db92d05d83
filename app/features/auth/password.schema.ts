import * as z from "zod";
import { lineText } from "~/utils/text-schema";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Spec §5 password rules, safe for the browser. The server adds the common-password check (password-rules.server.ts). */
export const passwordRules = lineText({ error: "validation:password.required" })
  .min(PASSWORD_MIN_LENGTH, { error: "validation:password.minLength" })
  .max(PASSWORD_MAX_LENGTH, { error: "validation:password.maxLength" })
  .refine((p) => /[A-Z]/.test(p), { error: "validation:password.uppercase" })
  .refine((p) => /[a-z]/.test(p), { error: "validation:password.lowercase" })
  .refine((p) => /[0-9]/.test(p), { error: "validation:password.number" })
  .refine((p) => /[^A-Za-z0-9]/.test(p), { error: "validation:password.special" });

/** A new password and its confirmation; a mismatch is reported on the confirmation field. */
export function newPasswordSchema<T extends z.ZodRawShape>(password: z.ZodType<string>, extra: T) {
  return z
    .object({
      ...extra,
      password,
      passwordConfirmation: lineText({ error: "validation:password.confirmRequired" }),
    })
    .refine(
      (v) => (v as { password: string }).password === (v as { passwordConfirmation: string }).passwordConfirmation,
      {
        path: ["passwordConfirmation"],
        error: "validation:password.mismatch",
      },
    );
}
