import * as z from "zod";
import { lineText } from "~/utils/text-schema";

const uuid = z.uuid({ error: "validation:choose" });
export const teamNameSchema = lineText({ error: "validation:required" })
  .trim()
  .min(1, { error: "validation:required" })
  .max(100, { error: "validation:maxLength" });

export const teamSchema = z.object({ name: teamNameSchema });
export const teamPlaceSchema = z.object({ membershipId: uuid });
/** Merge: the other team, and which of the two remains ("this" is the team whose page it is). */
export const teamMergeSchema = z.object({
  otherTeamId: uuid,
  keep: z.enum(["this", "other"], { error: "validation:choose" }),
});
export const teamSplitSchema = z.object({
  name: teamNameSchema,
  membershipIds: z.array(uuid, { error: "teams:split.noMembers" }).min(1, { error: "teams:split.noMembers" }),
});
