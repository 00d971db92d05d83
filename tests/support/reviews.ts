import { and, asc, eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { criteria, criteriaSetCriteria, criteriaSets } from "#db/schema";
import { createTeamReviewRound } from "~/features/reviews/round-create.server";
import { requireUser, type TenantContext } from "~/utils/tenant.server";
import { createAccount, createClusterFor, createTeam, createUserWithMembership, uniqueSuffix } from "../factories";
import { getRequest } from "./http";
import { sessionCookieFor } from "./session";

/** The tenant context a signed-in request would get, for calling services directly. */
export async function contextFor(cookie: string): Promise<TenantContext> {
  return requireUser(getRequest("/dashboard", cookie));
}

async function person(
  world: { accountId: string; clusterId: string },
  lastName: string,
  roles: Parameters<typeof createUserWithMembership>[1]["roles"],
) {
  const created = await createUserWithMembership(getDb(), { ...world, lastName, roles });
  const { cookie } = await sessionCookieFor({ userId: created.user.id, ...world });
  return { ...created, cookie };
}

/**
 * An account with one cluster, two teams (Alfa led by `leader` with three members, Beta led by
 * `otherLeader` with one member), HR (cluster admin), a criteria set of two criteria per dimension
 * and an open round over both teams.
 */
export async function reviewWorld() {
  const db = getDb();
  const account = await createAccount(db);
  const cluster = await createClusterFor(db, account.id);
  const ids = { accountId: account.id, clusterId: cluster.id };
  const alfa = await createTeam(db, { ...ids, name: `Alfa ${uniqueSuffix()}` });
  const beta = await createTeam(db, { ...ids, name: `Beta ${uniqueSuffix()}` });
  const hr = await person(ids, "Hr", [{ role: "cluster_admin" }]);
  const leader = await person(ids, "Leider", [{ role: "team_admin", teamId: alfa.id }]);
  const otherLeader = await person(ids, "Anderleider", [{ role: "team_admin", teamId: beta.id }]);
  const members = [];
  for (const name of ["Aalders", "Bakker", "Claes"])
    members.push(await person(ids, name, [{ role: "team_member", teamId: alfa.id }]));
  const betaMember = await person(ids, "Dekker", [{ role: "team_member", teamId: beta.id }]);

  const bookCriteria = await db
    .select({ id: criteria.id, dimension: criteria.dimension })
    .from(criteria)
    .where(and(eq(criteria.clusterId, cluster.id)))
    .orderBy(asc(criteria.dimension), asc(criteria.name));
  const chosen = [1, 2, 3].flatMap((d) => bookCriteria.filter((c) => c.dimension === d).slice(0, 2));
  const [set] = await db
    .insert(criteriaSets)
    .values({ ...ids, name: `Set ${uniqueSuffix()}`, flex: 1, visibleToTeamLeaders: true })
    .returning();
  await db.insert(criteriaSetCriteria).values(chosen.map((c) => ({ ...ids, setId: set.id, criterionId: c.id })));

  const hrCtx = await contextFor(hr.cookie);
  const created = await createTeamReviewRound(hrCtx, {
    name: "Teamreview najaar",
    deadline: "2099-12-01",
    setId: set.id,
    teamIds: [alfa.id, beta.id],
    tagIds: [],
    leaderMembershipIds: [leader.membership.id, otherLeader.membership.id],
    memberMembershipIds: [...members.map((m) => m.membership.id), betaMember.membership.id],
  });
  if (!created.ok) throw new Error(`round not created: ${created.code}`);
  return {
    account,
    cluster,
    alfa,
    beta,
    hr,
    leader,
    otherLeader,
    members,
    betaMember,
    set,
    chosen,
    roundId: created.roundId,
  };
}
