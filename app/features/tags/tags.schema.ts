import * as z from "zod";
import { mergeSchema, splitSchema } from "~/features/merge/merge.schema";
import { requiredLine } from "~/utils/text-schema";

const uuid = z.uuid({ error: "validation:choose" });
export const tagNameSchema = requiredLine(100);

export const tagSchema = z.object({ name: tagNameSchema });
export const tagMemberSchema = z.object({ membershipId: uuid });
export const tagMergeSchema = mergeSchema("otherTagId");
export const tagSplitSchema = splitSchema(tagNameSchema, "tags:split.noMembers");
export const tagBulkDeleteSchema = z.object({
  ids: z.array(uuid, { error: "tags:bulkDelete.none" }).min(1, { error: "tags:bulkDelete.none" }),
});

/** A new tag of the API: personnel unless it says criteria (decision 1851; competence tags: the competence book). */
const apiNewTagSchema = z.object({
  name: tagNameSchema,
  kind: z.enum(["personnel", "criteria"]).default("personnel"),
});
/** Spec §7 POST api/tags: one tag or an array of at most 100. */
export const apiTagsCreateSchema = z.union([apiNewTagSchema, z.array(apiNewTagSchema).min(1).max(100)]);
/** Spec §7 POST /api/tags/bulk-destroy: the tags' ids. */
export const apiTagsBulkDestroySchema = z.object({ tags: z.array(uuid).min(1).max(500) });
