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
