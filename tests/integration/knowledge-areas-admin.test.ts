/**
 * Managing knowledge areas (docs/decisions/1320): rename, archive with a confirmation page and bring back;
 * rights and tenancy as each demo user, bad input, and an archived area leaving the cards with its needs
 * and levels kept.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
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
import { action as archiveAction, loader as archiveLoader } from "~/routes/_app+/knowledge-areas+/areas.$id.archive";
import { action as editAction, loader as editLoader } from "~/routes/_app+/knowledge-areas+/areas.$id.edit";
import { action as listAction, loader as listLoader } from "~/routes/_app+/knowledge-areas+/areas._index";
import { action as newAction, loader as newLoader } from "~/routes/_app+/knowledge-areas+/areas.new";
import { loader as cardLoader } from "~/routes/_app+/knowledge-areas+/teams.$id.$tab";
import { loader as teamsLoader } from "~/routes/_app+/knowledge-areas+/teams._index";
import { loader as overviewLoader } from "~/routes/_app+/knowledge-areas+/teams.overview";
import { action as setupAction, loader as setupLoader } from "~/routes/_app+/knowledge-areas+/teams.setup";
import { demoClusters, demoUsers, type DemoUserKey } from "../../seed/demo-data";
import { demoKnowledgeTeam } from "../../seed/demo/knowledge-areas";
import { seedDemo } from "../../seed/run";
import { context, getRequest, run, unwrapData } from "../support/http";
import { postForm } from "../support/org";
import { sessionCookieFor } from "../support/session";

const cookies = {} as Record<DemoUserKey, string>;
const areaIds = new Map<string, string>();
const area = (name: string) => areaIds.get(name)!;
let lindeId = "";
let zuidArea = "";
let andereArea = "";

async function demoCookie(key: DemoUserKey) {
  const clusterName = key === "andere" ? demoClusters.andere : demoClusters.noord;
  const where = eq(sql`lower(${users.email})`, demoUsers[key]);
  const [row] = await getDb()
    .select({ userId: users.id, accountId: users.accountId, clusterId: clusters.id })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .innerJoin(clusters, and(eq(clusters.id, memberships.clusterId), eq(clusters.name, clusterName)))
    .where(where);
  if (row) return (await sessionCookieFor(row)).cookie;
  const [admin] = await getDb()
    .select({ userId: users.id, accountId: users.accountId, clusterId: clusters.id })
    .from(users)
    .innerJoin(clusters, and(eq(clusters.accountId, users.accountId), eq(clusters.name, clusterName)))
    .where(where);
  return (await sessionCookieFor(admin)).cookie;
}

type AnyRoute = (args: LoaderFunctionArgs | ActionFunctionArgs) => Promise<unknown>;
const load = (loader: AnyRoute, path: string, cookie: string, params: Record<string, string> = {}) =>
  run<unknown>(() => loader({ request: getRequest(path, cookie), context: context(), params }));
const post = (
  action: AnyRoute,
  path: string,
  fields: Record<string, string | string[]>,
  cookie: string,
  params: Record<string, string> = {},
) => run<unknown>(() => action({ request: postForm(path, fields, cookie), context: context(), params }));

const edit = (id: string, fields: Record<string, string>, cookie = cookies.hr) =>
  post(editAction, `/knowledge-areas/areas/${id}/edit`, fields, cookie, { id });
const archive = (id: string, cookie = cookies.hr) =>
  post(archiveAction, `/knowledge-areas/areas/${id}/archive`, {}, cookie, { id });
const restore = (id: string, cookie = cookies.hr) =>
  post(listAction, "/knowledge-areas/areas", { intent: "restore", id }, cookie);

type CardPage = { card: { areas: { areaName: string; needed: number; available: number; shortage: number }[] } };
const cardAreas = async () =>
  (
    (await load(cardLoader, `/knowledge-areas/teams/${lindeId}/card`, cookies.hr, {
      id: lindeId,
      tab: "card",
    })) as CardPage
  ).card.areas;

function expectStatus(result: unknown, status: number, location?: string) {
  expect(result).toBeInstanceOf(Response);
  expect((result as Response).status).toBe(status);
  if (location) expect((result as Response).headers.get("Location")).toBe(location);
}

beforeAll(async () => {
  await seedDemo(process.env.DATABASE_URL!);
  for (const key of Object.keys(demoUsers) as DemoUserKey[]) cookies[key] = await demoCookie(key);
  const [noord] = await getDb().select().from(clusters).where(eq(clusters.name, demoClusters.noord));
  for (const row of await getDb().select().from(knowledgeAreas).where(eq(knowledgeAreas.clusterId, noord.id)))
    areaIds.set(row.name, row.id);
  [{ id: lindeId }] = await getDb().select({ id: teams.id }).from(teams).where(eq(teams.name, demoKnowledgeTeam));
  // An area in Demo BV's second cluster and one in Andere BV's account: foreign to hr@demo.nl in the first.
  const foreign = async (clusterName: string) => {
    const [cluster] = await getDb().select().from(clusters).where(eq(clusters.name, clusterName));
    const [row] = await getDb()
      .insert(knowledgeAreas)
      .values({ accountId: cluster.accountId, clusterId: cluster.id, name: "Wondzorg" })
      .returning({ id: knowledgeAreas.id });
    return row.id;
  };
  zuidArea = await foreign(demoClusters.zuid);
  andereArea = await foreign(demoClusters.andere);
});

describe("rights and tenancy as each demo user", () => {
  it("hr and the account admin see the cluster's areas and the link to them", async () => {
    for (const key of ["hr", "admin"] as const) {
      const page = (await load(listLoader, "/knowledge-areas/areas", cookies[key])) as {
        areas: { id: string; name: string; teams: number; archived: boolean }[];
      };
      expect(page.areas.map((a) => a.name)).toEqual([
        "Dementiezorg",
        "Medicatiebeheer",
        "Palliatieve zorg",
        "Wondzorg",
      ]);
      expect(page.areas.find((a) => a.name === "Wondzorg")).toMatchObject({ teams: 1, archived: false });
      expect(page.areas.map((a) => a.id)).not.toContain(zuidArea);
      const teamsPage = (await load(teamsLoader, "/knowledge-areas/teams", cookies[key])) as { managesAreas: boolean };
      expect(teamsPage.managesAreas).toBe(true);
    }
  });

  it("the leader (his own teams' cards only), medewerker, meerdere and andere (no module) are sent to the dashboard", async () => {
    const id = area("Wondzorg");
    for (const key of ["leider", "medewerker", "meerdere", "andere"] as const) {
      for (const result of [
        await load(listLoader, "/knowledge-areas/areas", cookies[key]),
        await load(newLoader, "/knowledge-areas/areas/new", cookies[key]),
        await post(newAction, "/knowledge-areas/areas/new", { name: "Overgenomen" }, cookies[key]),
        await load(editLoader, `/knowledge-areas/areas/${id}/edit`, cookies[key], { id }),
        await load(archiveLoader, `/knowledge-areas/areas/${id}/archive`, cookies[key], { id }),
        await edit(id, { name: "Overgenomen" }, cookies[key]),
        await archive(id, cookies[key]),
        await restore(id, cookies[key]),
      ])
        expectStatus(result, 302, "/dashboard");
    }
    const teamsPage = (await load(teamsLoader, "/knowledge-areas/teams", cookies.leider)) as { managesAreas: boolean };
    expect(teamsPage.managesAreas).toBe(false);
    const [row] = await getDb().select().from(knowledgeAreas).where(eq(knowledgeAreas.id, id));
    expect(row).toMatchObject({ name: "Wondzorg", archivedAt: null });
  });

  it("another cluster's or account's area is a 404 on every page and post, and stays as it was", async () => {
    for (const id of [zuidArea, andereArea]) {
      expectStatus(await load(editLoader, `/knowledge-areas/areas/${id}/edit`, cookies.hr, { id }), 404);
      expectStatus(await load(archiveLoader, `/knowledge-areas/areas/${id}/archive`, cookies.hr, { id }), 404);
      expectStatus(await edit(id, { name: "Overgenomen" }), 404);
      expectStatus(await archive(id), 404);
      expectStatus(await restore(id), 404);
    }
    const rows = await getDb().select().from(knowledgeAreas).where(eq(knowledgeAreas.name, "Overgenomen"));
    expect(rows).toHaveLength(0);
    const [zuid] = await getDb().select().from(knowledgeAreas).where(eq(knowledgeAreas.id, zuidArea));
    expect(zuid.archivedAt).toBeNull();
    expectStatus(await load(editLoader, "/knowledge-areas/areas/nope/edit", cookies.hr, { id: "nope" }), 404);
  });
});

describe("add", () => {
  const add = (fields: Record<string, string>) => post(newAction, "/knowledge-areas/areas/new", fields, cookies.hr);

  it("adds an area on no card, which the setup then offers; an empty or taken name is refused", async () => {
    const empty = unwrapData(await add({ name: "", description: "Vallen voorkomen" }));
    expect(empty.status).toBe(400);
    const reply = empty.data as { error: Record<string, string[]>; initialValue: Record<string, string> };
    expect(reply.error.name).toEqual(["knowledge-areas:errors.areaNameRequired"]);
    expect(reply.initialValue.description).toBe("Vallen voorkomen");
    const taken = unwrapData(await add({ name: "WONDZORG" }));
    expect((taken.data as { error: Record<string, string[]> }).error.name).toEqual(["validation:alreadyExists"]);

    expectStatus(await add({ name: "Valpreventie", description: "Vallen voorkomen" }), 302, "/knowledge-areas/areas");
    const rows = await getDb().select().from(knowledgeAreas).where(eq(knowledgeAreas.name, "Valpreventie"));
    expect(rows).toHaveLength(1);
    const [noord] = await getDb().select().from(clusters).where(eq(clusters.name, demoClusters.noord));
    expect(rows[0]).toMatchObject({ clusterId: noord.id, description: "Vallen voorkomen", archivedAt: null });
    const step2 = (await load(setupLoader, `/knowledge-areas/teams/setup?step=2&team=${lindeId}`, cookies.hr)) as {
      areas: { name: string }[];
    };
    expect(step2.areas.map((a) => a.name)).toContain("Valpreventie");
    expect((await cardAreas()).map((a) => a.areaName)).not.toContain("Valpreventie");
  });
});

describe("rename", () => {
  it("refuses an empty name and a name in use next to the field, keeping what was typed", async () => {
    const id = area("Dementiezorg");
    const empty = unwrapData(await edit(id, { name: "  ", description: "Nieuwe omschrijving" }));
    expect(empty.status).toBe(400);
    const emptyReply = empty.data as { error: Record<string, string[]>; initialValue: Record<string, string> };
    expect(emptyReply.error.name).toEqual(["knowledge-areas:errors.areaNameRequired"]);
    expect(emptyReply.initialValue.description).toBe("Nieuwe omschrijving");
    const taken = unwrapData(await edit(id, { name: "wondzorg", description: "Nieuwe omschrijving" }));
    expect(taken.status).toBe(400);
    expect((taken.data as { error: Record<string, string[]> }).error.name).toEqual(["validation:alreadyExists"]);
    const long = unwrapData(await edit(id, { name: "x".repeat(101) }));
    expect((long.data as { error: Record<string, string[]> }).error.name).toEqual(["validation:maxLength"]);
  });

  it("renames an area, and the card shows the new name", async () => {
    const id = area("Palliatieve zorg");
    expectStatus(
      await edit(id, { name: "Palliatieve en terminale zorg", description: "" }),
      302,
      "/knowledge-areas/areas",
    );
    const names = (await cardAreas()).map((a) => a.areaName);
    expect(names).toContain("Palliatieve en terminale zorg");
    expect(names).not.toContain("Palliatieve zorg");
    expectStatus(await edit(id, { name: "Palliatieve zorg", description: "Zorg in de laatste levensfase" }), 302);
  });
});

describe("archive and bring back", () => {
  it("asks first, then takes the area off the card, the overview and the setup, keeping its needs and levels", async () => {
    const id = area("Medicatiebeheer");
    const before = (await cardAreas()).find((a) => a.areaName === "Medicatiebeheer")!;
    const confirm = (await load(archiveLoader, `/knowledge-areas/areas/${id}/archive`, cookies.hr, { id })) as {
      area: { name: string; teams: number };
    };
    expect(confirm.area).toMatchObject({ name: "Medicatiebeheer", teams: 1 });
    const counts = async () => [
      (await getDb().select().from(teamKnowledgeNeeds).where(eq(teamKnowledgeNeeds.knowledgeAreaId, id))).length,
      (await getDb().select().from(memberKnowledgeLevels).where(eq(memberKnowledgeLevels.knowledgeAreaId, id))).length,
    ];
    const stored = await counts();
    expect(stored[0]).toBeGreaterThan(0);
    expect(stored[1]).toBeGreaterThan(0);

    expectStatus(await archive(id), 302, "/knowledge-areas/areas");
    expect((await cardAreas()).map((a) => a.areaName)).not.toContain("Medicatiebeheer");
    const overview = (await load(overviewLoader, "/knowledge-areas/teams/overview", cookies.hr)) as {
      rows: { name: string }[];
    };
    expect(overview.rows.map((r) => r.name)).not.toContain("Medicatiebeheer");
    const step2 = (await load(setupLoader, `/knowledge-areas/teams/setup?step=2&team=${lindeId}`, cookies.hr)) as {
      areas: { name: string }[];
      needs: Record<string, unknown>;
    };
    expect(step2.areas.map((a) => a.name)).not.toContain("Medicatiebeheer");
    expect(Object.keys(step2.needs)).not.toContain(id);
    // The archive page of an archived area goes back to the list; a second archive changes nothing.
    expectStatus(await load(archiveLoader, `/knowledge-areas/areas/${id}/archive`, cookies.hr, { id }), 302);
    expectStatus(await archive(id), 302);

    // Saving the team's areas again (step 2) keeps the archived area's needs; step 3 cannot write its levels.
    const keep = ["Wondzorg", "Palliatieve zorg", "Dementiezorg"].map((name, i) => ({
      [`areas[${i}].id`]: area(name),
      [`areas[${i}].selected`]: "on",
      [`areas[${i}].needed1`]: "1",
    }));
    const saved = await run(() =>
      setupAction({
        request: postForm(
          "/knowledge-areas/teams/setup",
          { step: "2", teamIds: lindeId, ...Object.assign({}, ...keep) },
          cookies.hr,
        ),
        context: context(),
        params: {},
      }),
    );
    expectStatus(saved, 302);
    const [membership] = await getDb()
      .select({ id: memberKnowledgeLevels.membershipId })
      .from(memberKnowledgeLevels)
      .where(eq(memberKnowledgeLevels.knowledgeAreaId, id));
    const level = await run(() =>
      setupAction({
        request: postForm(
          "/knowledge-areas/teams/setup",
          {
            step: "3",
            teamIds: lindeId,
            "levels[0].membershipId": membership.id,
            "levels[0].areaId": id,
            "levels[0].level": "3",
          },
          cookies.hr,
        ),
        context: context(),
        params: {},
      }),
    );
    expectStatus(level, 404);
    expect(await counts()).toEqual(stored);

    // Brought back: on the card again with the figures it had.
    expectStatus(await restore(id), 302, "/knowledge-areas/areas");
    expect((await cardAreas()).find((a) => a.areaName === "Medicatiebeheer")).toEqual(before);
  });

  it("refuses to bring an area back while another area in use has its name, next to its button", async () => {
    const id = area("Dementiezorg");
    expectStatus(await archive(id), 302);
    expectStatus(await edit(area("Wondzorg"), { name: "Dementiezorg", description: "" }), 302);
    const clash = unwrapData(await restore(id));
    expect(clash.status).toBe(400);
    expect(clash.data).toEqual({ id, error: "knowledge-areas:areas.restoreClash" });
    const [row] = await getDb().select().from(knowledgeAreas).where(eq(knowledgeAreas.id, id));
    expect(row.archivedAt).not.toBeNull();
    const bad = unwrapData(await post(listAction, "/knowledge-areas/areas", { intent: "other" }, cookies.hr));
    expect(bad.status).toBe(400);
  });
});
