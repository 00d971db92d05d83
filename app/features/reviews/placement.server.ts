import { sql, type SQL } from "drizzle-orm";
import { reviewSubjects } from "#db/schema";

/**
 * A person's development role in a team review as results and analytics show it (docs/decisions/1610): the
 * calibrated role when HR or a leader moved them, else the role computed from their scores. The one rule;
 * every query that reads a placement goes through it.
 */
export const placedRole: SQL<number | null> = sql<
  number | null
>`coalesce(${reviewSubjects.calibratedRole}, ${reviewSubjects.developmentRole})`;

/** The same rule for raw SQL over `review_subjects` under an alias (`s` in `from review_subjects s`). */
export function placedRoleOf(alias: string): SQL<number | null> {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`bad alias ${alias}`);
  return sql.raw(`coalesce(${alias}.calibrated_role, ${alias}.development_role)`) as SQL<number | null>;
}
