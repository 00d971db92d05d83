import * as z from "zod";
import { lineText } from "~/utils/text-schema";

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
  name: lineText().trim().min(1).max(120),
  deadline: lineText(),
  teams: idList,
  tags: idList,
  memberships: idList,
  criteria: idList,
  set: lineText().nullish(),
};
