import * as z from "zod";
import { lineText, multilineText } from "~/utils/text-schema";

const text = (max: number, lines = false) =>
  (lines ? multilineText() : lineText())
    .trim()
    .max(max, { error: "validation:maxLength" })
    .optional()
    .transform((v) => v ?? "");

/** The ambition form (my/growth): a role, a position or a competence of the cluster,
 * free text; at least one of them. Client-safe. */
export const ambitionSchema = z
  .object({
    role: text(200),
    positionId: z
      .union([z.literal(""), z.uuid({ error: "validation:choose" })])
      .optional()
      .transform((v) => v || null),
    /** A competence of the cluster's book (docs/decisions/1342). */
    competenceId: z
      .union([z.literal(""), z.uuid({ error: "validation:choose" })])
      .optional()
      .transform((v) => v || null),
    text: text(2000, true),
  })
  .superRefine((value, ctx) => {
    if (!value.role && !value.positionId && !value.competenceId && !value.text)
      ctx.addIssue({ code: "custom", path: ["text"], message: "growth:ambition.required" });
  });
export type AmbitionInput = z.output<typeof ambitionSchema>;
