import { parseWithZod } from "@conform-to/zod/v4";
import { dictionary } from "@zxcvbn-ts/language-common";
import type * as z from "zod";
import { newPasswordSchema, passwordRules } from "./password.schema";

let commonPasswords: Set<string> | undefined;

/** True for passwords from a list of ~49,000 leaked ones; kept on the server because the list is large. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set((dictionary as Record<string, string[]>)["passwords-common"].map((p) => p.toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
}

export const strongPasswordSchema = passwordRules.refine((p) => !isCommonPassword(p), {
  error: "validation:password.common",
});

/** The fields a reply never sends back to the browser. */
export const newPasswordFieldNames = ["password", "passwordConfirmation"];

/**
 * Parses a form that sets a password (with `extra` fields): the browser's rules plus the common-password
 * check. Async because of that check.
 */
export function parseNewPasswordForm<T extends z.ZodRawShape>(formData: FormData, extra: T) {
  return parseWithZod(formData, { schema: newPasswordSchema(strongPasswordSchema, extra), async: true });
}
