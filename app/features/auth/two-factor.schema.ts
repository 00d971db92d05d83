import * as z from "zod";
import { lineText } from "~/utils/text-schema";

export const twoFactorCodeSchema = z.object({
  code: lineText({ error: "signup:twoFactor.codeRequired" })
    .trim()
    .min(6, { error: "signup:twoFactor.invalid" })
    .max(20, { error: "signup:twoFactor.invalid" }),
});
