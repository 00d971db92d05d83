import * as z from "zod";

const chosenId = z.uuid({ error: "validation:choose" });
const keep = z.enum(["this", "other"], { error: "validation:choose" });

/**
 * What a merge page (merge-page.tsx) posts: the other record's id under `otherField`, and which of the two
 * remains ("this" is the record whose page it is). Client-safe.
 */
export const mergeSchema = <F extends string>(otherField: F) =>
  z.object({ [otherField]: chosenId, keep } as Record<F, typeof chosenId> & { keep: typeof keep });

/**
 * What a split page (split-page.tsx) posts: the new record's name and the people who move to it, at least one
 * (`noMembersError`: the message when none is chosen).
 */
export const splitSchema = <N extends z.ZodType<string>>(name: N, noMembersError: string) =>
  z.object({
    name,
    membershipIds: z.array(chosenId, { error: noMembersError }).min(1, { error: noMembersError }),
  });
