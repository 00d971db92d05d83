import { asc } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { roles } from "#db/schema";

/**
 * The roles (spec §3: a role has an id, a key and a level) as stored: cluster roles are given per person,
 * team roles (team_admin, team_member, and advisor/reviewer per team) per team. The same for every account.
 */
export async function roleList() {
  return getDb()
    .select({ id: roles.id, key: roles.key, level: roles.level })
    .from(roles)
    .orderBy(asc(roles.level), asc(roles.key));
}
