import { dictionary } from "@zxcvbn-ts/language-common";
import { passwordRules } from "./password.schema";

let commonPasswords: Set<string> | undefined;

/** True for passwords from a list of ~49,000 leaked ones; kept on the server because the list is large. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set((dictionary as Record<string, string[]>)["passwords-common"].map((p) => p.toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
}

export const strongPasswordSchema = passwordRules.refine((p) => !isCommonPassword(p), {
  error: "validation:password.common",
});
