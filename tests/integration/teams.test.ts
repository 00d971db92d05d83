import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { roleAssignments, teams } from "#db/schema";
import { TEAM_HISTORY_TABLES, teamMergeReferences } from "~/features/teams/teams.server";
import { action as deleteAction } from "~/routes/_app+/personnel+/teams.$id.delete";
import { loader as redirectLoader } from "~/routes/_app+/personnel+/teams.$id._index";
import { action as mergeAction, loader as mergeLoader } from "~/routes/_app+/personnel+/teams.$id.merge";
import { action as splitAction } from "~/routes/_app+/personnel+/teams.$id.split";
import { action as listAction, loader as listLoader } from "~/routes/_app+/personnel+/teams._index";
import { assignRole, createClusterFor, createTeam } from "../factories";
import { context, formRequest, getRequest, run, unwrapData } from "../support/http";
import { teamTabAction as tabAction, teamTabLoader as tabLoader } from "../support/detail-tabs";
import { contractFor, countRows, employeeIn, orgWorld, positionIn } from "../support/org";

let w: Awaited<ReturnType<typeof orgWorld>>;
let other: Awaited<ReturnType<typeof orgWorld>>;

beforeAll(async () => {
  w = await orgWorld();
  other = await orgWorld();
});

const places = (teamId: string) => countRows(sql`select count(*) as n from role_assignments where team_id = ${teamId}`);

async function teamWith(memberCount: number, leaderCount = 0) {
  const team = await createTeam(getDb(), { accountId: w.account.id, clusterId: w.cluster.id });
  const members = [];
  for (let i = 0; i < memberCount; i++) {
    const e = await employeeIn(w);
    await assignRole(getDb(), e.membership, { role: "team_member", teamId: team.id });
    members.push(e);
  }
  for (let i = 0; i < leaderCount; i++) {
    const e = await employeeIn(w);
    await assignRole(getDb(), e.membership, { role: "team_admin", teamId: team.id });
    members.push(e);
  }
  return { team, members };
}

function post(path: string, fields: Record<string, string | string[]>, cookie = w.cookie) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) body.append(k, x);
  return new Request("http://localhost" + path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: body.toString(),
  });
}

describe("teams of clusters below", () => {
  it("a parent cluster lists its child and grandchild clusters' teams read-only, never another account's", async () => {
    const db = getDb();
    const child = await createClusterFor(db, w.account.id, { name: `Locatie ${Date.now()}`, parentId: w.cluster.id });
    const grandchild = await createClusterFor(db, w.account.id, { name: `Afdeling ${Date.now()}`, parentId: child.id });
    const own = await createTeam(db, { accountId: w.account.id, clusterId: w.cluster.id, name: "Eigen team" });
    const childTeam = await createTeam(db, { accountId: w.account.id, clusterId: child.id, name: "Team locatie" });
    const grandTeam = await createTeam(db, {
      accountId: w.account.id,
      clusterId: grandchild.id,
      name: "Team afdeling",
    });
    // A cluster of another account that claims our cluster as parent must not show up.
    const stray = await createClusterFor(db, other.account.id, { parentId: w.cluster.id });
    const strayTeam = await createTeam(db, { accountId: other.account.id, clusterId: stray.id, name: "Vreemd team" });

    type Page = { teams: { id: string; own: boolean; clusterName: string }[]; childClusters: boolean };
    const load = async (query: string, cookie = w.cookie) =>
      (await listLoader({
        request: getRequest(`/personnel/teams${query}`, cookie),
        context: context(),
        params: {},
      })) as Page;

    const plain = await load("?q=team");
    expect(plain.childClusters).toBe(true);
    expect(plain.teams.map((t) => t.id)).toContain(own.id);
    expect(plain.teams.map((t) => t.id)).not.toContain(childTeam.id);

    const tree = await load("?q=team&scope=tree");
    const ids = tree.teams.map((t) => t.id);
    expect(ids).toEqual(expect.arrayContaining([own.id, childTeam.id, grandTeam.id]));
    expect(ids).not.toContain(strayTeam.id);
    expect(tree.teams.find((t) => t.id === childTeam.id)).toMatchObject({ own: false, clusterName: child.name });
    expect(tree.teams.find((t) => t.id === own.id)).toMatchObject({ own: true });

    // The other account's HR sees no children and cannot widen the scope.
    const theirs = await load("?scope=tree", other.cookie);
    expect(theirs.childClusters).toBe(false);
    expect(theirs.teams.map((t) => t.id)).not.toContain(childTeam.id);
  });
});

describe("teams", () => {
  it("creates a team and refuses a name that exists, case-insensitively, keeping what was typed", async () => {
    const res = (await run(() =>
      listAction({
        request: formRequest("/personnel/teams", { name: "Zorgteam Oost" }, w.cookie),
        context: context(),
        params: {},
      }),
    )) as Response;
    expect(res.status).toBe(302);
    const { status, data } = unwrapData(
      await listAction({
        request: formRequest("/personnel/teams", { name: "zorgteam oost" }, w.cookie),
        context: context(),
        params: {},
      }),
    );
    expect(status).toBe(400);
    const reply = data as { error: Record<string, string[]>; initialValue: Record<string, string> };
    expect(reply.error.name).toEqual(["validation:alreadyExists"]);
    expect(reply.initialValue.name).toBe("zorgteam oost");
    const empty = unwrapData(
      await listAction({
        request: formRequest("/personnel/teams", { name: "  " }, w.cookie),
        context: context(),
        params: {},
      }),
    );
    expect((empty.data as { error: Record<string, string[]> }).error.name).toEqual(["validation:required"]);
  });

  it("lists member and leader counts and FTE (active contracts, 0.8 without one)", async () => {
    const { team, members } = await teamWith(3, 1);
    const position = await positionIn(w);
    await contractFor(w, members[0].membership.id, position.id, "0.50");
    await contractFor(w, members[0].membership.id, position.id, "0.25");
    await contractFor(w, members[1].membership.id, position.id, "1.00");
    const result = (await listLoader({
      request: getRequest(`/personnel/teams?q=${encodeURIComponent(team.name)}`, w.cookie),
      context: context(),
      params: {},
    })) as { teams: { id: string; memberCount: number; leaderCount: number; fte: number }[] };
    const row = result.teams.find((t) => t.id === team.id)!;
    expect(row).toMatchObject({ memberCount: 3, leaderCount: 1 });
    expect(row.fte).toBeCloseTo(0.75 + 1 + 0.8);
  });

  it("redirects /personnel/teams/{id} to goalsAndAmbitions", async () => {
    const { team } = await teamWith(0);
    const res = (await run(() =>
      redirectLoader({
        request: getRequest(`/personnel/teams/${team.id}`, w.cookie),
        context: context(),
        params: { id: team.id },
      }),
    )) as Response;
    expect(res.headers.get("Location")).toBe(`/personnel/teams/${team.id}/goalsAndAmbitions`);
  });

  it("adds and removes members and leaders from the team page", async () => {
    const { team } = await teamWith(0);
    const e = await employeeIn(w, "Zoekbaar-Uniek");
    const found = (await tabLoader({
      request: getRequest(`/personnel/teams/${team.id}/members?q=Zoekbaar-Uniek`, w.cookie),
      context: context(),
      params: { id: team.id, tab: "members" },
    })) as { candidates: { membershipId: string }[] };
    expect(found.candidates.map((c) => c.membershipId)).toEqual([e.membership.id]);
    for (const tab of ["members", "leaders"]) {
      await run(() =>
        tabAction({
          request: post(`/personnel/teams/${team.id}/${tab}`, { intent: "add", membershipId: e.membership.id }),
          context: context(),
          params: { id: team.id, tab },
        }),
      );
    }
    expect(await places(team.id)).toBe(2);
    await run(() =>
      tabAction({
        request: post(`/personnel/teams/${team.id}/members`, { intent: "remove", membershipId: e.membership.id }),
        context: context(),
        params: { id: team.id, tab: "members" },
      }),
    );
    const left = await getDb().select().from(roleAssignments).where(eq(roleAssignments.teamId, team.id));
    expect(left.map((r) => r.roleKey)).toEqual(["team_admin"]);
  });

  it("renames a team on the settings tab", async () => {
    const { team } = await teamWith(0);
    await run(() =>
      tabAction({
        request: post(`/personnel/teams/${team.id}/settings`, { name: `${team.name} nieuw` }),
        context: context(),
        params: { id: team.id, tab: "settings" },
      }),
    );
    const [row] = await getDb().select().from(teams).where(eq(teams.id, team.id));
    expect(row.name).toBe(`${team.name} nieuw`);
  });

  it("merges two teams into the one chosen, moving every place once, in one go", async () => {
    const a = await teamWith(2, 1);
    const b = await teamWith(3);
    // One person in both teams: keeps one place.
    await assignRole(getDb(), a.members[0].membership, { role: "team_member", teamId: b.team.id });
    const before = (await places(a.team.id)) + (await places(b.team.id));
    expect(before).toBe(7);
    const res = (await run(() =>
      mergeAction({
        request: post(`/personnel/teams/${a.team.id}/merge`, { otherTeamId: b.team.id, keep: "other" }),
        context: context(),
        params: { id: a.team.id },
      }),
    )) as Response;
    expect(res.headers.get("Location")).toBe(`/personnel/teams/${b.team.id}/members`);
    expect(await places(b.team.id)).toBe(6);
    expect(await places(a.team.id)).toBe(0);
    const [gone] = await getDb().select().from(teams).where(eq(teams.id, a.team.id));
    expect(gone.deletedAt).not.toBeNull();
  });

  it("previews a merge with the numbers the merge produces, and changes nothing", async () => {
    const a = await teamWith(2, 1);
    const b = await teamWith(3);
    await assignRole(getDb(), a.members[0].membership, { role: "team_member", teamId: b.team.id });
    const page = (await mergeLoader({
      request: getRequest(`/personnel/teams/${a.team.id}/merge?otherTeamId=${b.team.id}&keep=other`, w.cookie),
      context: context(),
      params: { id: a.team.id },
    })) as {
      preview: { remains: string; removed: string; lines: { label: string; moved: number; dropped: number }[] };
    };
    expect(page.preview.remains).toBe(b.team.name);
    expect(page.preview.removed).toBe(a.team.name);
    const line = (label: string) => page.preview.lines.find((l) => l.label === label);
    // Two members: one moves, one is already in b (dropped as a duplicate); the leader moves.
    expect(line("teams:merge.preview.members")).toMatchObject({ moved: 1, dropped: 1 });
    expect(line("teams:merge.preview.leaders")).toMatchObject({ moved: 1, dropped: 0 });
    // Nothing happened yet.
    expect(await places(a.team.id)).toBe(3);
    expect(await places(b.team.id)).toBe(4);
    const [still] = await getDb().select().from(teams).where(eq(teams.id, a.team.id));
    expect(still.deletedAt).toBeNull();
    // The merge itself then does what the preview said: 4 + 1 + 1 places in b.
    await run(() =>
      mergeAction({
        request: post(`/personnel/teams/${a.team.id}/merge`, { otherTeamId: b.team.id, keep: "other" }),
        context: context(),
        params: { id: a.team.id },
      }),
    );
    expect(await places(b.team.id)).toBe(6);
  });

  it("moves everything that hangs on the team that goes, adding up needs the remaining team has too", async () => {
    const db = getDb();
    const a = await teamWith(1);
    const b = await teamWith(1);
    const t = { account: w.account.id, cluster: w.cluster.id };
    const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
      (await db.execute<T>(query)).rows[0];
    const [p1, p2] = [await positionIn(w), await positionIn(w)];
    const need = (teamId: string, positionId: string, employees: number, fte: string, reason: string) =>
      db.execute(sql`insert into planning_needs (account_id, cluster_id, team_id, position_id, horizon, employees, fte, reason)
        values (${t.account}, ${t.cluster}, ${teamId}, ${positionId}, '1y', ${employees}, ${fte}, ${reason})`);
    await need(a.team.id, p1.id, 2, "1.50", "Groei");
    await need(b.team.id, p1.id, 3, "2.00", "Vervanging");
    await need(a.team.id, p2.id, 1, "0.80", "Nieuw");
    const area = await one<{ id: string }>(
      sql`insert into knowledge_areas (account_id, cluster_id, name) values (${t.account}, ${t.cluster}, ${`Kennis ${Date.now()}`}) returning id`,
    );
    const knowledge = (teamId: string, level: number, n: number) =>
      db.execute(sql`insert into team_knowledge_needs (account_id, cluster_id, team_id, knowledge_area_id, level, needed_count)
        values (${t.account}, ${t.cluster}, ${teamId}, ${area.id}, ${level}, ${n})`);
    await knowledge(a.team.id, 2, 60);
    await knowledge(b.team.id, 2, 50);
    await knowledge(a.team.id, 3, 1);
    const set = await one<{ id: string }>(
      sql`insert into criteria_sets (account_id, cluster_id, name) values (${t.account}, ${t.cluster}, ${`Set ${Date.now()}`}) returning id`,
    );
    const onlyA = await one<{ id: string }>(
      sql`insert into criteria_sets (account_id, cluster_id, name) values (${t.account}, ${t.cluster}, ${`Set A ${Date.now()}`}) returning id`,
    );
    for (const [setId, teamId] of [
      [set.id, a.team.id],
      [set.id, b.team.id],
      [onlyA.id, a.team.id],
    ])
      await db.execute(sql`insert into criteria_set_teams (account_id, cluster_id, set_id, team_id)
        values (${t.account}, ${t.cluster}, ${setId}, ${teamId})`);
    await db.execute(sql`insert into team_goals (account_id, cluster_id, team_id, kind, text)
      values (${t.account}, ${t.cluster}, ${a.team.id}, 'goal', 'Doel van A')`);
    const session = await one<{ id: string }>(sql`select id from sessions where account_id = ${t.account} limit 1`);
    await db.execute(sql`insert into dialog_team_selections (session_id, cluster_id, team_id)
      values (${session.id}, ${t.cluster}, ${a.team.id}) on conflict (session_id, cluster_id) do update set team_id = excluded.team_id`);

    const page = (await mergeLoader({
      request: getRequest(`/personnel/teams/${a.team.id}/merge?otherTeamId=${b.team.id}&keep=other`, w.cookie),
      context: context(),
      params: { id: a.team.id },
    })) as { preview: { lines: { label: string; moved: number; dropped: number }[] } };
    const line = (label: string) => page.preview.lines.find((l) => l.label === `teams:merge.preview.${label}`);
    expect(line("planningNeeds")).toMatchObject({ moved: 1, dropped: 0 });
    expect(line("planningNeedsAdded")).toMatchObject({ moved: 1 });
    expect(line("knowledgeNeeds")).toMatchObject({ moved: 1, dropped: 0 });
    expect(line("knowledgeNeedsAdded")).toMatchObject({ moved: 1 });
    expect(line("criteriaSets")).toMatchObject({ moved: 1, dropped: 1 });
    expect(line("goals")).toMatchObject({ moved: 1 });

    await run(() =>
      mergeAction({
        request: post(`/personnel/teams/${a.team.id}/merge`, { otherTeamId: b.team.id, keep: "other" }),
        context: context(),
        params: { id: a.team.id },
      }),
    );
    const needs = await db.execute<{ position_id: string; employees: number; fte: string; reason: string }>(
      sql`select position_id, employees, fte::text as fte, reason from planning_needs where team_id = ${b.team.id} order by employees desc`,
    );
    expect(needs.rows).toEqual([
      { position_id: p1.id, employees: 5, fte: "3.50", reason: "Vervanging\nGroei" },
      { position_id: p2.id, employees: 1, fte: "0.80", reason: "Nieuw" },
    ]);
    const levels = await db.execute<{ level: number; needed_count: number }>(
      sql`select level, needed_count from team_knowledge_needs where team_id = ${b.team.id} order by level`,
    );
    // 50 + 60 is capped at the scale's maximum of 99.
    expect(levels.rows).toEqual([
      { level: 2, needed_count: 99 },
      { level: 3, needed_count: 1 },
    ]);
    const sets = await db.execute<{ set_id: string }>(
      sql`select set_id from criteria_set_teams where team_id = ${b.team.id}`,
    );
    expect(sets.rows.map((r) => r.set_id).sort()).toEqual([set.id, onlyA.id].sort());
    expect(await countRows(sql`select count(*) as n from team_goals where team_id = ${b.team.id}`)).toBe(1);
    expect(
      await countRows(
        sql`select count(*) as n from dialog_team_selections where session_id = ${session.id} and team_id = ${b.team.id}`,
      ),
    ).toBe(1);
    // Nothing but review history still points at the removed team.
    for (const table of [
      "role_assignments",
      "planning_needs",
      "team_knowledge_needs",
      "criteria_set_teams",
      "team_goals",
    ])
      expect(
        await countRows(sql`select count(*) as n from ${sql.identifier(table)} where team_id = ${a.team.id}`),
      ).toBe(0);
  });

  it("handles every table with a foreign key to teams in a merge (add a new one to teamMergeReferences)", async () => {
    const fks = await getDb().execute<{ table_name: string }>(sql`
      select distinct kcu.table_name from information_schema.referential_constraints rc
      join information_schema.key_column_usage kcu on kcu.constraint_name = rc.constraint_name
      join information_schema.constraint_column_usage ccu on ccu.constraint_name = rc.unique_constraint_name
      where ccu.table_name = 'teams' and ccu.table_schema = 'public'`);
    const handled = new Set<string>([...teamMergeReferences().map((r) => r.table), ...TEAM_HISTORY_TABLES]);
    expect(fks.rows.map((r) => r.table_name).filter((table) => !handled.has(table))).toEqual([]);
  });

  it("a split team's new team gets the team's criteria sets; needs and goals stay", async () => {
    const db = getDb();
    const a = await teamWith(2);
    const set = (
      await db.execute<{ id: string }>(
        sql`insert into criteria_sets (account_id, cluster_id, name) values (${w.account.id}, ${w.cluster.id}, ${`Split set ${Date.now()}`}) returning id`,
      )
    ).rows[0];
    await db.execute(sql`insert into criteria_set_teams (account_id, cluster_id, set_id, team_id)
      values (${w.account.id}, ${w.cluster.id}, ${set.id}, ${a.team.id})`);
    const name = `Afsplitsing ${Date.now()}`;
    await run(() =>
      splitAction({
        request: post(`/personnel/teams/${a.team.id}/split`, { name, membershipIds: a.members[0].membership.id }),
        context: context(),
        params: { id: a.team.id },
      }),
    );
    const [created] = await db.select().from(teams).where(eq(teams.name, name));
    expect(
      await countRows(
        sql`select count(*) as n from criteria_set_teams where team_id = ${created.id} and set_id = ${set.id}`,
      ),
    ).toBe(1);
    expect(await countRows(sql`select count(*) as n from criteria_set_teams where team_id = ${a.team.id}`)).toBe(1);
  });

  it("refuses to merge a team with itself", async () => {
    const a = await teamWith(1);
    const { status, data } = unwrapData(
      await mergeAction({
        request: post(`/personnel/teams/${a.team.id}/merge`, { otherTeamId: a.team.id, keep: "this" }),
        context: context(),
        params: { id: a.team.id },
      }),
    );
    expect(status).toBe(400);
    expect((data as { error: Record<string, string[]> }).error.otherTeamId).toEqual(["teams:merge.sameTeam"]);
  });

  it("splits a team: a new name and at least one member move", async () => {
    const a = await teamWith(3);
    const noMembers = unwrapData(
      await splitAction({
        request: post(`/personnel/teams/${a.team.id}/split`, { name: "Nieuw deel" }),
        context: context(),
        params: { id: a.team.id },
      }),
    );
    expect((noMembers.data as { error: Record<string, string[]> }).error.membershipIds).toEqual([
      "teams:split.noMembers",
    ]);
    const moved = [a.members[0].membership.id, a.members[1].membership.id];
    const res = (await run(() =>
      splitAction({
        request: post(`/personnel/teams/${a.team.id}/split`, {
          name: `Afsplitsing ${a.team.id}`,
          membershipIds: moved,
        }),
        context: context(),
        params: { id: a.team.id },
      }),
    )) as Response;
    expect(res.status).toBe(302);
    const newId = res.headers.get("Location")!.split("/")[3];
    expect(await places(newId)).toBe(2);
    expect(await places(a.team.id)).toBe(1);
  });

  it("deletes a team through the confirm page", async () => {
    const a = await teamWith(2);
    await run(() =>
      deleteAction({
        request: post(`/personnel/teams/${a.team.id}/delete`, {}),
        context: context(),
        params: { id: a.team.id },
      }),
    );
    const [row] = await getDb().select().from(teams).where(eq(teams.id, a.team.id));
    expect(row.deletedAt).not.toBeNull();
    expect(await places(a.team.id)).toBe(0);
  });

  it("isolates tenants: another account's admin gets 404 for every team id, by URL and by form field", async () => {
    const { team, members } = await teamWith(1);
    const params = { id: team.id, tab: "members" };
    const cases: (() => Promise<unknown>)[] = [
      () =>
        tabLoader({
          request: getRequest(`/personnel/teams/${team.id}/members`, other.cookie),
          context: context(),
          params,
        }),
      () =>
        redirectLoader({
          request: getRequest(`/personnel/teams/${team.id}`, other.cookie),
          context: context(),
          params,
        }),
      () =>
        mergeLoader({
          request: getRequest(`/personnel/teams/${team.id}/merge`, other.cookie),
          context: context(),
          params,
        }),
      () =>
        tabAction({
          request: post(
            `/personnel/teams/${team.id}/members`,
            { intent: "remove", membershipId: members[0].membership.id },
            other.cookie,
          ),
          context: context(),
          params,
        }),
      () =>
        deleteAction({
          request: post(`/personnel/teams/${team.id}/delete`, {}, other.cookie),
          context: context(),
          params,
        }),
      () =>
        splitAction({
          request: post(
            `/personnel/teams/${team.id}/split`,
            { name: "x", membershipIds: members[0].membership.id },
            other.cookie,
          ),
          context: context(),
          params,
        }),
    ];
    for (const call of cases) expect(((await run(call)) as Response).status).toBe(404);

    // By form field: the other tenant's own team, with a Demo team or membership id in the body.
    const own = await createTeam(getDb(), { accountId: other.account.id, clusterId: other.cluster.id });
    const viaField: (() => Promise<unknown>)[] = [
      () =>
        mergeAction({
          request: post(`/personnel/teams/${own.id}/merge`, { otherTeamId: team.id, keep: "this" }, other.cookie),
          context: context(),
          params: { id: own.id },
        }),
      () =>
        tabAction({
          request: post(
            `/personnel/teams/${own.id}/members`,
            { intent: "add", membershipId: members[0].membership.id },
            other.cookie,
          ),
          context: context(),
          params: { id: own.id, tab: "members" },
        }),
      () =>
        splitAction({
          request: post(
            `/personnel/teams/${own.id}/split`,
            { name: "Deel", membershipIds: members[0].membership.id },
            other.cookie,
          ),
          context: context(),
          params: { id: own.id },
        }),
    ];
    for (const call of viaField) expect(((await run(call)) as Response).status).toBe(404);
    expect(await places(team.id)).toBe(1);
    const rows = await getDb()
      .select()
      .from(roleAssignments)
      .where(and(eq(roleAssignments.teamId, own.id)));
    expect(rows).toHaveLength(0);
  });

  it("answers 404 for an id that is not a UUID and for an unknown tab", async () => {
    for (const params of [
      { id: "abc", tab: "members" },
      { id: "00000000-0000-0000-0000-000000000000", tab: "members" },
    ]) {
      const res = await run(() =>
        tabLoader({ request: getRequest("/personnel/teams/x/members", w.cookie), context: context(), params }),
      );
      expect((res as Response).status).toBe(404);
    }
    const { team } = await teamWith(0);
    const res = await run(() =>
      tabLoader({ request: getRequest("/x", w.cookie), context: context(), params: { id: team.id, tab: "nope" } }),
    );
    expect((res as Response).status).toBe(404);
  });
});
