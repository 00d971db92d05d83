/**
 * The one team scope (docs/decisions/1420), tested once as a table: each role × each right a module scopes
 * by × a team of its own, another team, a team of another cluster and one of another account. Real sessions
 * (the tenant query that loads the rights per role), real queries through `inTeamScope` (on teams) and
 * `membersInTeamScope` (on the people placed in them).
 */
import { and, eq, inArray, not } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { memberships, teams } from "#db/schema";
import type { RoleKey } from "#db/schema/teams";
import { inCluster } from "~/utils/scope.server";
import type { Right } from "~/utils/rights";
import { inTeamScope, membersInTeamScope, teamScope } from "~/utils/team-scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { demoClusters, demoTeams, demoUsers } from "../../seed/demo-data";
import { createUserWithMembership } from "../factories";
import { loader as dialogLoader } from "~/routes/_app+/dialogs+/$id._index";
import { loader as flowLoader } from "~/routes/_app+/flow+/details.$id";
import { demoWorld, type DemoWorld } from "../support/demo-world";
import { context, getRequest, run, type LoaderArgs } from "../support/http";
import { contextFor } from "../support/reviews";
import { sessionCookieFor } from "../support/session";

/** The rights the seven scoped places ask for: team and peer reviews, self reviews, dialogs, flow, competence scores, knowledge cards, team goals. */
const scopedRights = [
  "reviews.manage",
  "selfReviews.manage",
  "dialogs.manage",
  "flows.manage",
  "competence_reviews.manage",
  "knowledgeArea.manage",
  "teamGoals.read",
] as const satisfies readonly Right[];
type ScopedRight = (typeof scopedRights)[number];

/** De Linde: led by leider@demo.nl, medewerker@demo.nl's team. Het Anker: meerdere@demo.nl's team in Noord. */
type Target = "linde" | "anker" | "zuid" | "andere";
const targets: readonly Target[] = ["linde", "anker", "zuid", "andere"];

const cluster: Target[] = ["linde", "anker"];
const linde: Target[] = ["linde"];
const none: Target[] = [];

/** Who sees which of the four teams per right (default role rights of a new cluster). */
const table: Record<string, Record<ScopedRight, Target[]>> = {
  // Account admin of Demo BV: the whole (current) cluster, never another cluster's or account's team.
  admin: row(cluster),
  // cluster_admin carries every assignable right.
  hr: row(cluster),
  // team_admin of De Linde (and a team not among the targets) carries every scoped right: only his teams.
  leider: row(linde),
  // team_member of De Linde: team goals of his own team only.
  medewerker: row(none, { "teamGoals.read": linde }),
  // team_member of Het Anker here and of a Zuid team: the Zuid team is another cluster's.
  meerdere: row(none, { "teamGoals.read": ["anker"] }),
  // Only the employee role: its rights (flows.manage, dialogs.manage) are everyone's, they scope nothing.
  employee: row(none),
  reviewer: row(none, { "reviews.manage": cluster, "teamGoals.read": cluster }),
  advisor: row(none, { "reviews.manage": cluster, "teamGoals.read": cluster }),
  data_manager: row(none, { "teamGoals.read": cluster }),
  auth_manager: row(none, { "teamGoals.read": cluster }),
  // An advisor who also leads De Linde: the advisor's rights reach the cluster, the leader's his team.
  advisorLeader: row(linde, { "reviews.manage": cluster, "teamGoals.read": cluster }),
  // Account admin of Andere BV: only Andere BV's team.
  andere: row(["andere"]),
};

function row(all: Target[], except: Partial<Record<ScopedRight, Target[]>> = {}): Record<ScopedRight, Target[]> {
  return Object.fromEntries(scopedRights.map((right) => [right, except[right] ?? all])) as Record<
    ScopedRight,
    Target[]
  >;
}

let w: DemoWorld;
const contexts: Record<string, TenantContext> = {};
const cookies: Record<string, string> = {};
const teamOf = {} as Record<Target, string>;
const memberOf = {} as Record<Target, string>;

async function clusterIdOf(name: string) {
  const [row] = await getDb().select({ clusterId: teams.clusterId }).from(teams).where(eq(teams.name, name));
  return row.clusterId;
}

beforeAll(async () => {
  w = await demoWorld();
  const db = getDb();
  for (const key of ["admin", "hr", "leider", "medewerker", "meerdere", "andere"] as const) {
    cookies[key] = w.cookies[key];
    contexts[key] = await contextFor(cookies[key]);
  }
  const noord = contexts.hr;
  const zuid = await clusterIdOf(demoTeams.zuid[0]);
  const [zuidTeam] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.clusterId, zuid), eq(teams.name, demoTeams.zuid[0])));
  teamOf.linde = w.demo.led.team;
  teamOf.anker = w.demo.other.team;
  teamOf.zuid = zuidTeam.id;
  teamOf.andere = w.andere.led.team;

  memberOf.linde = w.demo.led.employee;
  memberOf.anker = w.demo.other.employee;
  // meerdere@demo.nl is a team member of the Zuid team.
  const [zuidMember] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.clusterId, zuid), eq(memberships.userId, contexts.meerdere.user.id)));
  memberOf.zuid = zuidMember.id;
  memberOf.andere = w.andere.led.employee;

  const made: Record<string, { role: RoleKey; teamId?: string }[]> = {
    employee: [{ role: "employee" }],
    reviewer: [{ role: "reviewer" }],
    advisor: [{ role: "advisor" }],
    data_manager: [{ role: "data_manager" }],
    auth_manager: [{ role: "auth_manager" }],
    advisorLeader: [{ role: "advisor" }, { role: "team_admin", teamId: teamOf.linde }],
  };
  for (const [key, roles] of Object.entries(made)) {
    const tenant = { accountId: noord.accountId, clusterId: noord.clusterId };
    const { user } = await createUserWithMembership(db, { ...tenant, roles });
    cookies[key] = (await sessionCookieFor({ userId: user.id, ...tenant })).cookie;
    contexts[key] = await contextFor(cookies[key]);
  }
}, 120_000);

function targetsOf(ids: readonly string[], byTarget: Record<Target, string>): Target[] {
  return targets.filter((t) => ids.includes(byTarget[t]));
}

describe("team scope: role × right × own team, other team, other cluster, other account", () => {
  it("the demo users are who the table says", () => {
    expect(contexts.leider.user.email).toBe(demoUsers.leider);
    expect(contexts.meerdere.cluster.name).toBe(demoClusters.noord);
    expect(contexts.andere.cluster.name).toBe(demoClusters.andere);
  });

  for (const [who, rights] of Object.entries(table)) {
    for (const right of scopedRights) {
      it(`${who} with ${right} sees ${rights[right].join(", ") || "no team"}`, async () => {
        const ctx = contexts[who];
        const scope = teamScope(ctx, right);
        const db = getDb();

        const visibleTeams = await db
          .select({ id: teams.id })
          .from(teams)
          .where(and(inArray(teams.id, Object.values(teamOf)), inCluster(teams, ctx), inTeamScope(scope, teams.id)));
        expect(
          targetsOf(
            visibleTeams.map((r) => r.id),
            teamOf,
          ),
        ).toEqual(rights[right]);

        const visibleMembers = await db
          .select({ id: memberships.id })
          .from(memberships)
          .where(
            and(
              inArray(memberships.id, Object.values(memberOf)),
              inCluster(memberships, ctx),
              membersInTeamScope(scope, ctx, memberships.id),
            ),
          );
        expect(
          targetsOf(
            visibleMembers.map((r) => r.id),
            memberOf,
          ),
        ).toEqual(rights[right]);

        // A team scope names only teams of the current cluster (meerdere@demo.nl's Zuid team is not one).
        if (!scope.all && scope.teamIds.length) {
          const elsewhere = await db
            .select({ id: teams.id })
            .from(teams)
            .where(and(inArray(teams.id, scope.teamIds), not(inCluster(teams, ctx))));
          expect(elsewhere).toEqual([]);
        }
      });
    }
  }
});

describe("the pages follow it (the behaviour decision 1420 changed)", () => {
  async function status(loader: (args: LoaderArgs) => Promise<unknown>, path: string, id: string, who: string) {
    const result = await run(() =>
      loader({ request: getRequest(`${path}/${id}`, cookies[who]), params: { id }, context: context() }),
    );
    return result instanceof Response ? result.status : 200;
  }

  // Before, a cluster-level role plus the employee role's dialogs.manage and flows.manage opened every one.
  const expected: Record<string, [linde: number, anker: number]> = {
    hr: [200, 200],
    leider: [200, 404],
    advisor: [404, 404],
    reviewer: [404, 404],
    data_manager: [404, 404],
    employee: [404, 404],
    advisorLeader: [200, 404],
  };
  it.each(Object.keys(expected))(
    "%s opens a team member's dialog and flow measurement of De Linde, Het Anker",
    async (who) => {
      const dialogs = [
        await status(dialogLoader, "/dialogs", w.demo.led.dialog, who),
        await status(dialogLoader, "/dialogs", w.demo.other.dialog, who),
      ];
      const flows = [
        await status(flowLoader, "/flow/details", w.demo.led.flow, who),
        await status(flowLoader, "/flow/details", w.demo.other.flow, who),
      ];
      expect({ dialogs, flows }).toEqual({ dialogs: expected[who], flows: expected[who] });
    },
  );
});
