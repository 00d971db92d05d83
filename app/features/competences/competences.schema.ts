import * as z from "zod";
import { mergeSchema } from "~/features/merge/merge.schema";
import { lineText, multilineText, requiredLine } from "~/utils/text-schema";
import { competenceTypes } from "#db/schema/enums";

const name = requiredLine(120);

/** Checkbox values: none, one or several ids. */
const ids = z.preprocess(
  (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.uuid({ error: "validation:choose" })).max(200, { error: "validation:choose" }),
);

/** A competence of the book (add and edit), with its competence tags. */
export const competenceSchema = z.object({
  name,
  description: multilineText().trim().max(2000, { error: "validation:maxLength" }).optional().default(""),
  type: z.enum(competenceTypes, { error: "validation:choose" }),
  tagIds: ids,
});
export type CompetenceInput = z.infer<typeof competenceSchema>;

/** A level on the scale (1–5); anything else is refused next to the field. */
export const levelField = z.coerce
  .number({ error: "competences:levels.outside" })
  .int({ error: "competences:levels.outside" })
  .min(1, { error: "competences:levels.outside" })
  .max(5, { error: "competences:levels.outside" });

/** A matrix cell: the required level, or none (an empty choice removes the position's own level). */
export const matrixCellSchema = z.object({
  positionId: z.uuid(),
  competenceId: z.uuid(),
  level: z.preprocess((v) => (v === "" ? undefined : v), levelField.optional()),
});

/** A score on a person's page: set the actual level, or remove one's own score. */
export const scoreSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("score"), competenceId: z.uuid(), level: levelField }),
  z.object({ intent: z.literal("remove"), competenceId: z.uuid() }),
]);

/** Merging two competences (the merge page, decision 1302): the other one and which remains. */
export const competenceMergeSchema = mergeSchema("otherCompetenceId");

/** A competence tag's name (the tags page: add and rename). */
export const competenceTagSchema = z.object({ name });

const idList = (max: number) => z.array(z.uuid()).min(1).max(max);

/**
 * POST api/competences/positions/sync (spec §7, decision 1303): the positions' own requirements become the
 * competences carrying any of the tags; a new one gets `level`, an existing level is kept.
 */
export const positionSyncSchema = z
  .object({
    positionIds: idList(500),
    /** Spec §7's payload: the competence tags, as ids or as tag objects with an id (decision 1754). */
    tags: z
      .array(z.union([z.uuid(), z.looseObject({ id: z.uuid() })]))
      .min(1)
      .max(50)
      .optional(),
    /** The same as ids (decision 1303); one of the two is required. */
    tagIds: idList(50).optional(),
    level: levelField,
  })
  .refine((body) => body.tags !== undefined || body.tagIds !== undefined, {
    path: ["tags"],
    error: "validation:required",
  })
  .transform(({ tags, tagIds, ...body }) => ({
    ...body,
    tagIds: [...(tagIds ?? []), ...(tags ?? []).map((tag) => (typeof tag === "string" ? tag : tag.id))],
  }));

/** POST api/positions/competences (spec §7 "assignment"): set (1–5) or clear (null) own required levels. */
export const positionAssignmentsSchema = z.object({
  assignments: z
    .array(z.object({ positionId: z.uuid(), competenceId: z.uuid(), level: levelField.nullable() }))
    .min(1)
    .max(500),
});

/**
 * A competence set (decision 1412): name, description and a level per competence. Each competence's
 * select posts `levels` as "competenceId:level", or "" when the competence is not in the set.
 */
export const competenceSetSchema = z.object({
  name,
  description: multilineText().trim().max(2000, { error: "validation:maxLength" }).optional().default(""),
  levels: z
    .preprocess(
      // conform turns an empty choice ("not in the set") into undefined: those are left out.
      (v) => (Array.isArray(v) ? v : [v]).filter((x) => typeof x === "string" && x !== ""),
      z.array(lineText().max(60)).max(500, { error: "validation:choose" }),
    )
    .transform((values, ctx) => {
      const items = new Map<string, number>();
      for (const value of values) {
        const match = /^([0-9a-f-]{36}):([1-5])$/i.exec(value);
        if (!match) {
          ctx.addIssue({ code: "custom", message: "competences:levels.outside" });
          return z.NEVER;
        }
        items.set(match[1].toLowerCase(), Number(match[2]));
      }
      return [...items].map(([competenceId, level]) => ({ competenceId, level }));
    })
    .pipe(
      z
        .array(z.object({ competenceId: lineText(), level: z.number() }))
        .min(1, { error: "competences:sets.competencesRequired" }),
    ),
});
export type CompetenceSetInput = z.output<typeof competenceSetSchema>;

/** Applying a set (decision 1412): to which positions, and whether their own levels give way to the set's. */
export const competenceSetApplySchema = z.object({
  positionIds: z.preprocess(
    (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(z.uuid({ error: "validation:choose" }))
      .min(1, { error: "competences:sets.positionsRequired" })
      .max(500, { error: "validation:choose" }),
  ),
  overwrite: z.preprocess((v) => v === "on", z.boolean()),
});
