import * as z from "zod";
import { lineText } from "~/utils/text-schema";
import { requiredText, roundName } from "./team-review-create.schema";

/** An id, or an object carrying it (`{ id, dimension }` as the evaluate save sends criteria). */
const idList = z
  .array(z.union([lineText(), z.object({ id: lineText() }).transform((v) => v.id)]))
  .max(1000)
  .default([]);

/**
 * The body POST api/reviews shares for self and peer rounds (spec §7; decisions 0950, 1204): name, deadline,
 * teams, tags, memberships (the participants), criteria (extra ones) and the criteria set. Each type adds its
 * own `type` and `action`.
 */
export const reviewRoundApiFields = {
  // Messages are i18n keys; the JSON body reader names the field in the caller's language (readJsonBody).
  name: roundName(),
  deadline: requiredText(),
  teams: idList,
  tags: idList,
  memberships: idList,
  criteria: idList,
  set: lineText().nullish(),
};

/**
 * POST api/reviews with type self, or without a type (spec §9: the default type is self; docs/decisions/0950):
 * criteria, memberships, name, type, action, deadline, teams, tags (and set).
 */
export const selfReviewApiSchema = z.object({
  type: z.literal("self").default("self"),
  action: z.literal("create_selfreview_from_scratch").optional(),
  ...reviewRoundApiFields,
});
export type SelfReviewApiBody = z.infer<typeof selfReviewApiSchema>;

/** POST api/reviews with type peer (docs/decisions/1204): the self review's body with its own action name. */
export const peerReviewApiSchema = z.object({
  type: z.literal("peer"),
  action: z.literal("create_peerreview_from_scratch").optional(),
  ...reviewRoundApiFields,
});
export type PeerReviewApiBody = z.infer<typeof peerReviewApiSchema>;
