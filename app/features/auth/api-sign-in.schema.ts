import * as z from "zod";
import { lineText } from "~/utils/text-schema";

/**
 * Spec §7 POST /api/auth/login: email, password and route (where the client wants to go next); `code` is
 * the second factor of a user with two-factor sign-in (a TOTP or recovery code), docs/decisions/1411.
 */
export const apiLoginSchema = z.object({
  email: lineText({ error: "validation:email.required" })
    .trim()
    .pipe(z.email({ error: "validation:email.invalid" }).max(254)),
  // Compared, never stored as text: whatever was set before still signs in (1440).
  password: z.string({ error: "validation:password.required" }).min(1, "validation:password.required").max(1000),
  route: lineText().max(2000).optional(),
  code: lineText().max(20).optional(),
});

export type ApiLogin = z.output<typeof apiLoginSchema>;
