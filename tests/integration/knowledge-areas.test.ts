import type { LoaderFunctionArgs } from "@remix-run/node";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import {
  clusters,
  knowledgeAreas,
  memberKnowledgeLevels,
  memberships,
  teamKnowledgeNeeds,
  teams,
  users,
} from "#db/schema";
import { loader as cardLoader } from "~/routes/_app+/knowledge-areas+/teams.$id.$tab";
import { loader as listLoader } from "~/routes/_app+/knowledge-areas+/teams._index";
import { loader as overviewLoader } from "~/routes/_app+/knowledge-areas+/teams.overview";
import { action as setupAction, loader as setupLoader } from "~/routes/_app+/knowledge-areas+/teams.setup";
import { demoClusters, demoTeams, demoUsers, leiderTeams, type DemoUserKey } from "../../seed/demo-data";
import { demoKnowledgeTeam } from "../../seed/demo/knowledge-areas";
import { seedDemo } from "../../seed/run";
import { context, getRequest, run, unwrapData } from "../support/http";
import { postForm } from "../support/org";
import { sessionCookieFor } from "../support/session";

const cookies = {} as Record<DemoUserKey, string>;
const teamIds = new Map<string, string>();
const team = (name: string) => teamIds.get(name)!;

async function demoCookie(key: DemoUserKey) {
  const clusterName = key === "andere" ? demoClusters.andere : demoClusters.noord;
  const [row] = await getDb()
    .select({ userId: users.id, accountId: users.accountId, clusterId: clusters.id })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .innerJoin(clusters, and(eq(clusters.id, memberships.clusterId), eq(clusters.name, clusterName)))
    .where(eq(sql`lower(${users.email})`, demoUsers[key]));
  if (!row) {
    // Account admins may have no membership in a cluster: sign in to the account's cluster by name.
    const [admin] = await getDb()
      .select({ userId: users.id, accountId: users.accountId, clusterId: clusters.id })
      .from(users)
      .innerJoin(clusters, and(eq(clusters.accountId, users.accountId), eq(clusters.name, clusterName)))
      .where(eq(sql`lower(${users.email})`, demoUsers[key]));
    return (await sessionCookieFor(admin)).cookie;
  }
  return (await sessionCookieFor(row)).cookie;
}

type AnyLoader = (args: LoaderFunctionArgs) => Promise<unknown>;
const load = (loader: AnyLoader, path: string, cookie: string, params: Record<string, string> = {}) =>
  run<unknown>(() => loader({ request: getRequest(path, cookie), context: context(), params }));

const post = (path: string, fields: Record<string, string | string[]>, cookie: string) =>
  run(() => setupAction({ request: postForm(path, fields, cookie), context: context(), params: {} }));

const cardPath = (teamId: string, tab = "card") => `/knowledge-areas/teams/${teamId}/${tab}`;
const loadCard = (teamId: string, cookie: string, tab = "card") =>
  load(cardLoader, cardPath(teamId, tab), cookie, { id: teamId, tab });

type ListPage = { teams: { id: string; name: string; areas: number; shortage: number; surplus: number }[] };
type CardPage = {
  card: {
    areas: {
      areaName: string;
      needed: number;
      available: number;
      shortage: number;
      surplus: number;
      busFactorWarning: boolean;
    }[];
    members: { membershipId: string; name: string }[];
  };
};
type Reply = { errors: Record<string, string[]>; values: Record<string, string | string[]> };

function expectStatus(result: unknown, status: number) {
  expect(result).toBeInstanceOf(Response);
  expect((result as Response).status).toBe(status);
}

beforeAll(async () => {
  await seedDemo(process.env.DATABASE_URL!);
  for (const key of Object.keys(demoUsers) as DemoUserKey[]) cookies[key] = await demoCookie(key);
  for (const row of await getDb().select({ id: teams.id, name: teams.name }).from(teams)) teamIds.set(row.name, row.id);
});

describe("rights and tenancy as each demo user", () => {
  it("admin and hr see every team of the cluster; the demo card has a shortage and a surplus", async () => {
    for (const key of ["admin", "hr"] as const) {
      const page = (await load(listLoader, "/knowledge-areas/teams", cookies[key])) as ListPage;
      expect(page.teams.map((t) => t.name).sort()).toEqual([...demoTeams.noord].sort());
      const linde = page.teams.find((t) => t.name === demoKnowledgeTeam)!;
      expect(linde.areas).toBe(4);
      expect(linde.shortage).toBeGreaterThan(0);
      expect(linde.surplus).toBeGreaterThan(0);
    }
  });

  it("leider@demo.nl manages the cards of the two teams he leads only", async () => {
    const page = (await load(listLoader, "/knowledge-areas/teams", cookies.leider)) as ListPage;
    expect(page.teams.map((t) => t.name).sort()).toEqual([...leiderTeams].sort());
    expectStatus(await loadCard(team(demoTeams.noord[2]), cookies.leider), 404);
    expectStatus(
      await load(setupLoader, `/knowledge-areas/teams/setup?step=2&team=${team(demoTeams.noord[2])}`, cookies.leider),
      404,
    );
  });

  it("medewerker, meerdere (no knowledgeArea.manage) and andere (no module) are sent to the dashboard", async () => {
    for (const key of ["medewerker", "meerdere", "andere"] as const) {
      for (const result of [
        await load(listLoader, "/knowledge-areas/teams", cookies[key]),
        await load(overviewLoader, "/knowledge-areas/teams/overview", cookies[key]),
        await load(setupLoader, "/knowledge-areas/teams/setup", cookies[key]),
        await loadCard(team(demoKnowledgeTeam), cookies[key]),
        await post("/knowledge-areas/teams/setup", { step: "1", teamIds: team(demoKnowledgeTeam) }, cookies[key]),
      ]) {
        expectStatus(result, 302);
        expect((result as Response).headers.get("Location")).toBe("/dashboard");
      }
    }
  });

  it("another cluster's or account's team is a 404 on the card, the setup and its posts", async () => {
    for (const foreign of [team(demoTeams.zuid[0]), team(demoTeams.andere[0])]) {
      expectStatus(await loadCard(foreign, cookies.hr), 404);
      expectStatus(await load(setupLoader, `/knowledge-areas/teams/setup?step=3&team=${foreign}`, cookies.hr), 404);
      expectStatus(await post("/knowledge-areas/teams/setup", { step: "1", teamIds: foreign }, cookies.hr), 404);
      expectStatus(
        await post("/knowledge-areas/teams/setup", { step: "2", teamIds: foreign, newName: "Vreemd" }, cookies.hr),
        404,
      );
    }
    expect(await getDb().select().from(knowledgeAreas).where(eq(knowledgeAreas.name, "Vreemd"))).toHaveLength(0);
    expectStatus(await loadCard("not-a-uuid", cookies.hr), 404);
    expectStatus(await loadCard(team(demoKnowledgeTeam), cookies.hr, "nonsense"), 404);
  });
});

describe("the demo card", () => {
  it("shows per area needed, available, shortage, surplus and a bus-factor warning", async () => {
    const { card } = (await loadCard(team(demoKnowledgeTeam), cookies.leider)) as CardPage;
    const byName = Object.fromEntries(card.areas.map((a) => [a.areaName, a]));
    expect(byName["Medicatiebeheer"]).toMatchObject({ needed: 3, available: 2, shortage: 2, surplus: 1 });
    expect(byName["Wondzorg"]).toMatchObject({ needed: 3, available: 4, shortage: 0, surplus: 1 });
    expect(byName["Palliatieve zorg"]).toMatchObject({ needed: 2, available: 1, shortage: 1, busFactorWarning: true });
    expect(card.members).toHaveLength(8);
  });

  it("the overview puts every team with a card side by side", async () => {
    const page = (await load(overviewLoader, "/knowledge-areas/teams/overview", cookies.hr)) as {
      teams: { name: string }[];
      rows: { name: string; cells: ({ shortage: number; surplus: number } | null)[] }[];
    };
    expect(page.teams.map((t) => t.name)).toContain(demoKnowledgeTeam);
    const column = page.teams.findIndex((t) => t.name === demoKnowledgeTeam);
    expect(page.rows.find((r) => r.name === "Medicatiebeheer")!.cells[column]).toEqual({ shortage: 2, surplus: 1 });
  });
});

describe("the setup in 3 steps", () => {
  const setup = "/knowledge-areas/teams/setup";
  const target = () => team(leiderTeams[1]);

  it("step 1 refuses no team and two teams next to the field, and keeps the choice", async () => {
    const none = unwrapData(await post(setup, { step: "1" }, cookies.leider));
    expect(none.status).toBe(400);
    expect((none.data as Reply).errors.teamIds).toEqual(["knowledge-areas:errors.teamRequired"]);
    const two = unwrapData(await post(setup, { step: "1", teamIds: leiderTeams.map(team) }, cookies.leider));
    expect(two.status).toBe(400);
    expect((two.data as Reply).errors.teamIds).toEqual(["knowledge-areas:errors.exactlyOneTeam"]);
    expect((two.data as Reply).values.teamIds).toEqual(leiderTeams.map(team));
    const one = (await post(setup, { step: "1", teamIds: target() }, cookies.leider)) as Response;
    expect(one.status).toBe(302);
    expect(one.headers.get("Location")).toBe(`${setup}?step=2&team=${target()}`);
  });

  it("step 2 adds an area by name with its needs; a duplicate name or a bad number is refused, nothing lost", async () => {
    const areas = await getDb().select().from(knowledgeAreas).where(eq(knowledgeAreas.name, "Wondzorg"));
    const fields = {
      step: "2",
      teamIds: target(),
      "areas[0].id": areas[0].id,
      "areas[0].selected": "on",
      "areas[0].needed1": "1",
      newName: "Medicatiebeheer",
      newNeeded2: "1",
    };
    const duplicate = unwrapData(await post(setup, fields, cookies.leider));
    expect(duplicate.status).toBe(400);
    expect((duplicate.data as Reply).errors.newName).toEqual(["validation:alreadyExists"]);
    expect((duplicate.data as Reply).values["areas[0].needed1"]).toBe("1");
    const bad = unwrapData(
      await post(setup, { ...fields, newName: "Valpreventie", "areas[0].needed1": "-1" }, cookies.leider),
    );
    expect(bad.status).toBe(400);
    expect((bad.data as Reply).errors["areas[0].needed1"]).toEqual(["knowledge-areas:errors.neededNumber"]);
    const two = unwrapData(
      await post(setup, { ...fields, newName: "Valpreventie", teamIds: leiderTeams.map(team) }, cookies.leider),
    );
    expect((two.data as Reply).errors.teamIds).toEqual(["knowledge-areas:errors.exactlyOneTeam"]);
    expect(await getDb().select().from(teamKnowledgeNeeds).where(eq(teamKnowledgeNeeds.teamId, target()))).toHaveLength(
      0,
    );

    const ok = (await post(setup, { ...fields, newName: "Valpreventie" }, cookies.leider)) as Response;
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe(`${setup}?step=3&team=${target()}`);
    const needs = await getDb()
      .select({ area: knowledgeAreas.name, level: teamKnowledgeNeeds.level, count: teamKnowledgeNeeds.neededCount })
      .from(teamKnowledgeNeeds)
      .innerJoin(knowledgeAreas, eq(knowledgeAreas.id, teamKnowledgeNeeds.knowledgeAreaId))
      .where(eq(teamKnowledgeNeeds.teamId, target()));
    expect(
      needs
        .filter((n) => n.count > 0)
        .map((n) => `${n.area}:${n.level}:${n.count}`)
        .sort(),
    ).toEqual(["Valpreventie:2:1", "Wondzorg:1:1"]);
  });

  it("step 3 refuses a level outside the scale and two teams, then saves each level with who gave it", async () => {
    const page = (await load(setupLoader, `${setup}?step=3&team=${target()}`, cookies.leider)) as {
      areas: { id: string; name: string }[];
      members: { membershipId: string }[];
    };
    expect(page.areas.map((a) => a.name)).toEqual(["Valpreventie", "Wondzorg"]);
    const [member] = page.members;
    const fields = {
      step: "3",
      teamIds: target(),
      "levels[0].membershipId": member.membershipId,
      "levels[0].areaId": page.areas[0].id,
      "levels[0].level": "7",
    };
    const outside = unwrapData(await post(setup, fields, cookies.leider));
    expect(outside.status).toBe(400);
    expect((outside.data as Reply).errors["levels[0].level"]).toEqual(["knowledge-areas:errors.levelOutOfScale"]);
    expect((outside.data as Reply).values["levels[0].level"]).toBe("7");
    const two = unwrapData(
      await post(setup, { ...fields, "levels[0].level": "2", teamIds: leiderTeams.map(team) }, cookies.leider),
    );
    expect(two.status).toBe(400);
    expect(
      await getDb()
        .select()
        .from(memberKnowledgeLevels)
        .where(eq(memberKnowledgeLevels.membershipId, member.membershipId)),
    ).toHaveLength(0);

    // A person of another team is never written through this team's setup.
    const { card } = (await loadCard(team(demoKnowledgeTeam), cookies.leider)) as CardPage;
    expectStatus(
      await post(
        setup,
        { ...fields, "levels[0].level": "2", "levels[0].membershipId": card.members[0].membershipId },
        cookies.leider,
      ),
      404,
    );

    const ok = (await post(setup, { ...fields, "levels[0].level": "2" }, cookies.leider)) as Response;
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe(cardPath(target()));
    const [saved] = await getDb()
      .select({ level: memberKnowledgeLevels.level, givenBy: users.email })
      .from(memberKnowledgeLevels)
      .innerJoin(users, eq(users.id, memberKnowledgeLevels.givenBy))
      .where(eq(memberKnowledgeLevels.membershipId, member.membershipId));
    expect(saved).toEqual({ level: 2, givenBy: demoUsers.leider });
    const after = (await loadCard(target(), cookies.leider)) as CardPage;
    expect(after.card.areas.find((a) => a.areaName === "Valpreventie")).toMatchObject({
      needed: 1,
      available: 1,
      shortage: 0,
    });
    // Now Wondzorg has De Linde's surplus next to this team's shortage.
    const overview = (await load(overviewLoader, "/knowledge-areas/teams/overview", cookies.leider)) as {
      matches: { areaName: string; surplusTeams: string[]; shortageTeams: string[] }[];
    };
    expect(overview.matches.find((m) => m.areaName === "Wondzorg")).toMatchObject({
      surplusTeams: [demoKnowledgeTeam],
      shortageTeams: [leiderTeams[1]],
    });
  });
});
