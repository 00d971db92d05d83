import * as z from "zod";
import { lineText } from "~/utils/text-schema";
import { MIN_GROUP_SIZE_FLOOR, MIN_GROUP_SIZE_MAX } from "./small-groups";

/** The cluster setting "minimum group size" (docs/decisions/1600): a whole number from 3 to 50. Client-safe. */
export const minGroupSizeSchema = z.object({
  minGroupSize: lineText({ error: "analytics:smallGroups.settingInvalid" })
    .trim()
    .refine((v) => /^\d{1,3}$/.test(v), { error: "analytics:smallGroups.settingInvalid" })
    .transform(Number)
    .refine((n) => n >= MIN_GROUP_SIZE_FLOOR && n <= MIN_GROUP_SIZE_MAX, {
      error: "analytics:smallGroups.settingInvalid",
    }),
});
