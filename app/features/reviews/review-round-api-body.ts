import * as z from "zod";

/** An id, or an object carrying it (`{ id, dimension }` as the evaluate save sends criteria). */
const idList = z
  .array(z.union([z.string(), z.object({ id: z.string() }).transform((v) => v.id)]))
  .max(1000)
  .default([]);

/**
 * The body POST api/reviews shares for self and peer rounds (spec §7; decisions 0950, 1204): name, deadline,
 * teams, tags, memberships (the participants), criteria (extra ones) and the criteria set. Each type adds its
 * own `type` and `action`.
 */
export const reviewRoundApiFields = {
  name: z.string().trim().min(1).max(120),
  deadline: z.string(),
  teams: idList,
  tags: idList,
  memberships: idList,
  criteria: idList,
  set: z.string().nullish(),
};
