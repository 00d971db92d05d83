import * as z from "zod";

export const twoFactorCodeSchema = z.object({
  code: z
    .string({ error: "signup:twoFactor.codeRequired" })
    .trim()
    .min(6, { error: "signup:twoFactor.invalid" })
    .max(20, { error: "signup:twoFactor.invalid" }),
});
