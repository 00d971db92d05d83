import * as z from "zod";

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: "validation:maxLength" })
    .optional()
    .transform((v) => v ?? "");

/** The ambition form (my/growth): a role, a position of the cluster, free text; at least one of them. Client-safe. */
export const ambitionSchema = z
  .object({
    role: text(200),
    positionId: z
      .union([z.literal(""), z.uuid({ error: "validation:choose" })])
      .optional()
      .transform((v) => v || null),
    text: text(2000),
  })
  .superRefine((value, ctx) => {
    if (!value.role && !value.positionId && !value.text)
      ctx.addIssue({ code: "custom", path: ["text"], message: "growth:ambition.required" });
  });
export type AmbitionInput = z.output<typeof ambitionSchema>;
