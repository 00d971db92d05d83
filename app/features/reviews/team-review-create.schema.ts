import * as z from "zod";
import { lineText } from "~/utils/text-schema";
import { parseDate, toIsoDate } from "~/utils/dates";
import { isoDayIn } from "~/utils/format";

/** Messages are i18n keys; `{{name}}` becomes the field's label (see components/ui/forms.tsx). */

const ids = z.preprocess(
  (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.uuid({ error: "validation:choose" })),
);

/** Today as yyyy-MM-dd in the Netherlands, where the deadline is meant. */
export function todayInAmsterdam(now: Date = new Date()): string {
  return isoDayIn(now, "Europe/Amsterdam");
}

/** A text that must be filled in; its message names the field. */
export const requiredText = () =>
  lineText({ error: "validation:required" }).trim().min(1, { error: "validation:required" });

const deadline = requiredText()
  .refine((v) => parseDate(v) !== null, { error: "validation:date" })
  .refine(
    (v) => {
      const date = parseDate(v);
      return !date || toIsoDate(date) >= todayInAmsterdam();
    },
    { error: "teamreviews:errors.deadlinePast" },
  );

/** A round's name, in the wizards and the JSON API. */
export const roundName = () => requiredText().max(120, { error: "validation:maxLength" });

/** Step 1 of the wizard: what the round is and whom it is for. */
export const teamReviewStepOneSchema = z.object({
  name: roundName(),
  deadline,
  teamIds: ids.refine((v) => v.length > 0, { error: "teamreviews:errors.teamsRequired" }),
  tagIds: ids,
  setId: z.uuid({ error: "teamreviews:errors.setRequired" }),
});

/** Step 2 adds the people; the step-1 values travel along as hidden fields. */
export const teamReviewCreateSchema = teamReviewStepOneSchema.extend({
  leaderIds: ids.refine((v) => v.length > 0, { error: "teamreviews:errors.leadersRequired" }),
  memberIds: ids.refine((v) => v.length > 0, { error: "teamreviews:errors.membersRequired" }),
});

export type TeamReviewStepOne = z.infer<typeof teamReviewStepOneSchema>;
export type TeamReviewCreateInput = z.infer<typeof teamReviewCreateSchema>;

/** The JSON API's body (spec §7: name, deadline, teams, tags, set, leaders, members). */
export const teamReviewApiSchema = z.object({
  name: roundName(),
  deadline: requiredText(),
  teams: z.array(lineText()).default([]),
  tags: z.array(lineText()).default([]),
  set: lineText().nullish(),
  leaders: z.array(lineText()).default([]),
  members: z.array(lineText()).default([]),
});
export type TeamReviewApiBody = z.infer<typeof teamReviewApiSchema>;

/** The overview's GET filter; anything unknown is ignored. */
export const overviewFilterSchema = z.object({
  teamId: z.uuid().optional().catch(undefined),
  /** Part of a team name, where the cluster has too many teams for a select. */
  teamName: lineText().trim().max(200).optional().catch(undefined),
  /** One round opened: its team reviews paged. */
  roundId: z.uuid().optional().catch(undefined),
  tagId: z.uuid().optional().catch(undefined),
  state: z.enum(["notStarted", "inProgress", "finished"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).catch(1).default(1),
});
export type OverviewFilter = z.infer<typeof overviewFilterSchema>;
