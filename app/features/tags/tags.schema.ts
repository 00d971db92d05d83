import * as z from "zod";
import { lineText } from "~/utils/text-schema";

const uuid = z.uuid({ error: "validation:choose" });
export const tagNameSchema = lineText({ error: "validation:required" })
  .trim()
  .min(1, { error: "validation:required" })
  .max(100, { error: "validation:maxLength" });

export const tagSchema = z.object({ name: tagNameSchema });
export const tagMemberSchema = z.object({ membershipId: uuid });
export const tagMergeSchema = z.object({
  otherTagId: uuid,
  keep: z.enum(["this", "other"], { error: "validation:choose" }),
});
export const tagSplitSchema = z.object({
  name: tagNameSchema,
  membershipIds: z.array(uuid, { error: "tags:split.noMembers" }).min(1, { error: "tags:split.noMembers" }),
});
export const tagBulkDeleteSchema = z.object({
  ids: z.array(uuid, { error: "tags:bulkDelete.none" }).min(1, { error: "tags:bulkDelete.none" }),
});

/** Spec §7 POST api/tags: one tag or an array of at most 100. */
export const apiTagsCreateSchema = z.union([tagSchema, z.array(tagSchema).min(1).max(100)]);
/** Spec §7 POST /api/tags/bulk-destroy: the tags' ids. */
export const apiTagsBulkDestroySchema = z.object({ tags: z.array(uuid).min(1).max(500) });
