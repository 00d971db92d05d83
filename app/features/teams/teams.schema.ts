import * as z from "zod";
import { mergeSchema, splitSchema } from "~/features/merge/merge.schema";
import { requiredLine } from "~/utils/text-schema";

const uuid = z.uuid({ error: "validation:choose" });
export const teamNameSchema = requiredLine(100);

export const teamSchema = z.object({ name: teamNameSchema });
export const teamPlaceSchema = z.object({ membershipId: uuid });
export const teamMergeSchema = mergeSchema("otherTeamId");
export const teamSplitSchema = splitSchema(teamNameSchema, "teams:split.noMembers");
