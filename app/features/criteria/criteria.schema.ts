import * as z from "zod";
import { multilineText, requiredLine } from "~/utils/text-schema";
import { criteriaMergeLimit, overSelectionLimit, SELECTION_LIMIT_KEY } from "~/utils/selection-limit";

const name = requiredLine(120);
const text = multilineText().trim().max(2000, { error: "validation:maxLength" }).optional().default("");
const ids = z.preprocess(
  (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.uuid({ error: "validation:choose" })),
);

export const criterionSchema = z.object({
  name,
  description: text,
  dimension: z.coerce.number({ error: "validation:choose" }).int().min(1, { error: "validation:choose" }).max(3, {
    error: "validation:choose",
  }),
  excellent: text,
  good: text,
  normal: text,
  mediocre: text,
  low: text,
  tagIds: ids,
});
export type CriterionInput = z.infer<typeof criterionSchema>;

export const mergeCriteriaSchema = z.object({
  keepId: z.uuid({ error: "criteria:merge.chooseKeep" }),
  ids: z
    .preprocess((v) => (Array.isArray(v) ? v : v ? [v] : []), z.array(z.uuid()))
    .superRefine((v, check) => {
      // More than two is the spec's selection limit (1701); fewer is the book's hint again.
      if (overSelectionLimit(v.length, criteriaMergeLimit))
        check.addIssue({ code: "custom", message: SELECTION_LIMIT_KEY });
      else if (v.length < criteriaMergeLimit.max) check.addIssue({ code: "custom", message: "criteria:merge.hint" });
    }),
});

export const setSchema = z.object({
  name,
  description: text,
  visibleToTeamLeaders: z.preprocess((v) => v === "on" || v === "true", z.boolean()),
  basic: z.preprocess((v) => v === "on" || v === "true", z.boolean()),
  isActive: z.preprocess((v) => v === "on" || v === "true", z.boolean()),
  flex: z.coerce
    .number({ error: "validation:minMax" })
    .int({ error: "validation:minMax" })
    .min(0, { error: "validation:minMax" })
    .max(20, { error: "validation:minMax" }),
  criterionIds: ids,
  teamIds: ids,
});
export type SetInput = z.infer<typeof setSchema>;

export const tagNameSchema = z.object({ name });
export const tagMergeSchema = z.object({ keepId: z.uuid(), mergeId: z.uuid({ error: "validation:choose" }) });
export const tagSplitSchema = z.object({
  tagId: z.uuid(),
  name,
  criterionIds: ids.refine((v) => v.length > 0, { error: "criteria:tags.splitNeedsCriteria" }),
});
export const tagAssignSchema = z.object({ criterionIds: ids });
