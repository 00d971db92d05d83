import * as z from "zod";
import { lineText } from "~/utils/text-schema";

const uuid = z.uuid({ error: "validation:choose" });
const optionalText = (max: number) =>
  lineText()
    .trim()
    .max(max, { error: "validation:maxLength" })
    .optional()
    .transform((v) => v || null);

export const positionSchema = z.object({
  name: lineText({ error: "validation:required" })
    .trim()
    .min(1, { error: "validation:required" })
    .max(100, { error: "validation:maxLength" }),
  code: optionalText(30),
  parentId: z
    .union([z.literal(""), uuid])
    .optional()
    .transform((v) => v || null),
  levels: z.coerce
    .number({ error: "validation:minMax" })
    .int({ error: "validation:minMax" })
    .min(1, { error: "validation:minMax" })
    .max(20, { error: "validation:minMax" })
    .optional(),
});
export const positionMergeSchema = z.object({
  otherPositionId: uuid,
  keep: z.enum(["this", "other"], { error: "validation:choose" }),
});
export const positionBulkDeleteSchema = z.object({
  ids: z.array(uuid, { error: "positions:bulkDelete.none" }).min(1, { error: "positions:bulkDelete.none" }),
});
