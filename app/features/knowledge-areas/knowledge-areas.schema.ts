import * as z from "zod";
import { lineText, multilineText } from "~/utils/text-schema";
import { KNOWLEDGE_LEVEL_MAX, MAX_NEEDED_PER_LEVEL } from "./knowledge-scale";

/**
 * The three steps of the knowledge card setup (spec §2 "knowledge-area setup in 3 steps", §5). Client-safe;
 * messages are i18n keys. Every step carries the team selection, and knowledge data changes only with
 * exactly one team selected (spec §5).
 */

export const AREA_NAME_MAX = 100;
export const AREA_DESCRIPTION_MAX = 500;

/** Spec §5: a team selection needs at least one team; knowledge data can only change with exactly one. */
const teamSelection = z
  .array(lineText())
  .optional()
  .default([])
  .superRefine((ids, check) => {
    if (ids.length === 0) check.addIssue({ code: "custom", message: "knowledge-areas:errors.teamRequired" });
    else if (ids.length > 1) check.addIssue({ code: "custom", message: "knowledge-areas:errors.exactlyOneTeam" });
  });

const neededCount = z
  .number({ error: "knowledge-areas:errors.neededNumber" })
  .int({ error: "knowledge-areas:errors.neededNumber" })
  .min(0, { error: "knowledge-areas:errors.neededNumber" })
  .max(MAX_NEEDED_PER_LEVEL, { error: "knowledge-areas:errors.neededNumber" })
  .optional()
  .default(0);

const needs = { needed1: neededCount, needed2: neededCount, needed3: neededCount };

export const chooseTeamSchema = z.object({ teamIds: teamSelection });

export const chooseAreasSchema = z
  .object({
    teamIds: teamSelection,
    areas: z
      .array(z.object({ id: lineText(), selected: z.boolean().optional().default(false), ...needs }))
      .optional()
      .default([]),
    newName: lineText().trim().max(AREA_NAME_MAX, { error: "validation:maxLength" }).optional().default(""),
    newDescription: multilineText()
      .trim()
      .max(AREA_DESCRIPTION_MAX, { error: "validation:maxLength" })
      .optional()
      .default(""),
    newNeeded1: neededCount,
    newNeeded2: neededCount,
    newNeeded3: neededCount,
  })
  .superRefine((v, check) => {
    const newNeeds = v.newNeeded1 + v.newNeeded2 + v.newNeeded3 > 0;
    if (!v.newName && newNeeds)
      check.addIssue({ code: "custom", path: ["newName"], message: "knowledge-areas:errors.nameRequired" });
    if (!v.newName && !v.areas.some((a) => a.selected))
      check.addIssue({ code: "custom", path: ["areas"], message: "knowledge-areas:errors.areaRequired" });
  });

export const scoreMembersSchema = z.object({
  teamIds: teamSelection,
  levels: z
    .array(
      z.object({
        membershipId: lineText(),
        areaId: lineText(),
        level: z
          .number({ error: "knowledge-areas:errors.levelOutOfScale" })
          .int({ error: "knowledge-areas:errors.levelOutOfScale" })
          .min(0, { error: "knowledge-areas:errors.levelOutOfScale" })
          .max(KNOWLEDGE_LEVEL_MAX, { error: "knowledge-areas:errors.levelOutOfScale" }),
      }),
    )
    .optional()
    .default([]),
});

export type ChooseAreasInput = Omit<z.output<typeof chooseAreasSchema>, "teamIds">;
export type MemberLevelInput = z.output<typeof scoreMembersSchema>["levels"][number];

/** Rename a knowledge area (docs/decisions/1320): a name is required, the description may be empty. */
export const areaSchema = z.object({
  name: lineText({ error: "knowledge-areas:errors.areaNameRequired" })
    .trim()
    .min(1, { error: "knowledge-areas:errors.areaNameRequired" })
    .max(AREA_NAME_MAX, { error: "validation:maxLength" }),
  description: multilineText()
    .trim()
    .max(AREA_DESCRIPTION_MAX, { error: "validation:maxLength" })
    .optional()
    .default(""),
});
export type AreaInput = z.output<typeof areaSchema>;

/** Bring an archived area back (a button per archived area on the list). */
export const restoreAreaSchema = z.object({ intent: z.literal("restore"), id: lineText() });
