import * as z from "zod";
import { mergeSchema } from "~/features/merge/merge.schema";
import { optionalLine, requiredLine } from "~/utils/text-schema";

const uuid = z.uuid({ error: "validation:choose" });

export const positionSchema = z.object({
  name: requiredLine(100),
  code: optionalLine(30),
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
export const positionMergeSchema = mergeSchema("otherPositionId");
export const positionBulkDeleteSchema = z.object({
  ids: z.array(uuid, { error: "positions:bulkDelete.none" }).min(1, { error: "positions:bulkDelete.none" }),
});
