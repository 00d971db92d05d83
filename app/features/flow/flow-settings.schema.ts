import * as z from "zod";
import { lineText } from "~/utils/text-schema";

/**
 * The flow settings form (flow/settings; docs/decisions/1283): the score scale and the two zone bands of
 * docs/decisions/0922. The same bounds as flowSettingsFrom (flow-zones.ts), so a saved value is never
 * replaced by the default. Client-safe; messages are i18n keys.
 */
const whole = (key: string, min: number, max: number) =>
  lineText({ error: key })
    .trim()
    .regex(/^\d{1,2}$/, { error: key })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: key });

export const flowSettingsSchema = z
  .object({
    scaleMax: whole("flow:settings.errors.scaleMax", 4, 10),
    flowBand: whole("flow:settings.errors.flowBand", 0, 9),
    stressBand: whole("flow:settings.errors.stressBand", 1, 9),
  })
  .superRefine((v, issue) => {
    if (v.stressBand <= v.flowBand || v.stressBand * 2 > v.scaleMax - 1)
      issue.addIssue({ code: "custom", path: ["stressBand"], message: "flow:settings.errors.stressBand" });
  });
