import * as z from "zod";
import { lineText } from "~/utils/text-schema";
import { developmentRoles } from "./development-roles";

export const languagesOfTexts = ["nl", "en", "de"] as const;
export const reviewerRoleOptions = ["team_admin", "reviewer", "advisor", "cluster_admin"] as const;

const optionalText = (max: number) =>
  lineText().trim().max(max, { error: "validation:maxLength" }).optional().default("");
const percent = z.coerce
  .number({ error: "validation:minMax" })
  .int({ error: "validation:minMax" })
  .min(1, { error: "validation:minMax" })
  .max(99, { error: "validation:minMax" });

type TextKey =
  | `d${1 | 2 | 3}_${"name" | "label"}_${(typeof languagesOfTexts)[number]}`
  | `role_${(typeof developmentRoles)[number]["key"]}_${(typeof languagesOfTexts)[number]}`;

const textShape = {} as Record<TextKey, ReturnType<typeof optionalText>>;
for (const lng of languagesOfTexts) {
  for (const d of [1, 2, 3] as const) {
    textShape[`d${d}_name_${lng}`] = optionalText(60);
    textShape[`d${d}_label_${lng}`] = optionalText(300);
  }
  for (const r of developmentRoles) textShape[`role_${r.key}_${lng}`] = optionalText(60);
}

export const reviewSettingsSchema = z
  .object({
    currentScale: z.coerce
      .number({ error: "validation:choose" })
      .pipe(z.union([z.literal(3), z.literal(4), z.literal(5)], { error: "validation:choose" })),
    lowerPercent: percent,
    upperPercent: percent,
    employabilityPercent: percent,
    /** Peer reviews: peer averages from this many answers on (never below 3); absent keeps the stored value. */
    peerAnonymityThreshold: z.coerce
      .number({ error: "criteria:settings.peerThresholdMin" })
      .int({ error: "criteria:settings.peerThresholdMin" })
      .min(3, { error: "criteria:settings.peerThresholdMin" })
      .max(50, { error: "criteria:settings.peerThresholdMin" })
      .optional(),
    reviewerRoles: z.preprocess(
      (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
      z
        .array(z.enum(reviewerRoleOptions, { error: "validation:choose" }))
        .min(1, { error: "criteria:settings.reviewerRolesRequired" }),
    ),
    ...textShape,
  })
  .refine((v) => v.lowerPercent < v.upperPercent, {
    path: ["upperPercent"],
    error: "criteria:settings.upperAboveLower",
  });
export type ReviewSettingsInput = z.infer<typeof reviewSettingsSchema>;
