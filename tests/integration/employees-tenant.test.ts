import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { accounts, clusters, contracts, memberships, positions, roleAssignments, tags, teams, users } from "#db/schema";
import { seedDemo } from "../../seed/run";
import { demoAccounts, demoUsers } from "../../seed/demo-data";
import { employeeDetailTabs } from "~/features/employees/employees.schema";
import {
  action as deleteContractAction,
  loader as deleteContractLoader,
} from "~/routes/_app+/personnel+/user.$id.contracts.$contractId.delete";
import {
  action as editContractAction,
  loader as editContractLoader,
} from "~/routes/_app+/personnel+/user.$id.contracts.$contractId._index";
import { action as deleteAction, loader as deleteLoader } from "~/routes/_app+/personnel+/user.$id.delete";
import { action as mergeAction, loader as mergeLoader } from "~/routes/_app+/personnel+/user.$id.merge";
import { loader as employeeIndexLoader } from "~/routes/_app+/personnel+/user.$id._index";
import { action as listAction, loader as listLoader } from "~/routes/_app+/personnel+/users.$tab";
import { action as wizardAction, loader as wizardLoader } from "~/routes/_app+/personnel+/users.new";
import { context, formRequest, getRequest, run, unwrapData } from "../support/http";
import { sessionCookieFor } from "../support/session";
import { employeeAction, employeeLoader } from "../support/detail-tabs";

let cookie: string;
let ownMembershipId: string;
let demoMembershipIds: string[];
let demoContracts: { id: string; membershipId: string }[];
let demoTeamId: string;
let demoTagId: string | undefined;
let demoPositionId: string;
let demoAssignmentId: string;
let demoSnapshot: string;

async function snapshotDemo(accountId: string): Promise<string> {
  const db = getDb();
  const rows = await Promise.all([
    db.select().from(memberships).where(eq(memberships.accountId, accountId)).orderBy(memberships.id),
    db.select().from(contracts).where(eq(contracts.accountId, accountId)).orderBy(contracts.id),
    db.select().from(roleAssignments).where(eq(roleAssignments.accountId, accountId)).orderBy(roleAssignments.id),
  ]);
  return JSON.stringify(rows);
}

beforeAll(async () => {
  await seedDemo(process.env.DATABASE_URL!);
  const db = getDb();
  const [demo] = await db.select().from(accounts).where(eq(accounts.name, demoAccounts.demo));
  const [andere] = await db.select().from(users).where(eq(users.email, demoUsers.andere));
  const [andereCluster] = await db.select().from(clusters).where(eq(clusters.accountId, andere.accountId));
  const [own] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, andere.id), eq(memberships.clusterId, andereCluster.id)));
  ownMembershipId = own.id;
  cookie = (await sessionCookieFor({ userId: andere.id, accountId: andere.accountId, clusterId: andereCluster.id }))
    .cookie;
  demoMembershipIds = (
    await db.select({ id: memberships.id }).from(memberships).where(eq(memberships.accountId, demo.id))
  ).map((r) => r.id);
  demoContracts = await db
    .select({ id: contracts.id, membershipId: contracts.membershipId })
    .from(contracts)
    .where(eq(contracts.accountId, demo.id));
  demoTeamId = (await db.select().from(teams).where(eq(teams.accountId, demo.id)))[0].id;
  demoTagId = (await db.select().from(tags).where(eq(tags.accountId, demo.id)))[0]?.id;
  demoPositionId = (await db.select().from(positions).where(eq(positions.accountId, demo.id)))[0].id;
  demoAssignmentId = (
    await db
      .select()
      .from(roleAssignments)
      .where(and(eq(roleAssignments.accountId, demo.id), inArray(roleAssignments.roleKey, ["team_member"])))
  )[0].id;
  expect(demoMembershipIds.length).toBeGreaterThan(5);
  expect(demoContracts.length).toBeGreaterThan(0);
  demoSnapshot = await snapshotDemo(demo.id);
}, 120_000);

function statusOf(result: unknown): number {
  if (result instanceof Response) return result.status;
  return unwrapData(result).status;
}

describe("tenant isolation: a user of Andere BV and Demo BV's employees", () => {
  it("gets 404 for every Demo BV employee id by URL, on every tab and page", async () => {
    for (const id of demoMembershipIds) {
      for (const tab of employeeDetailTabs) {
        const result = await run(() =>
          employeeLoader({
            request: getRequest(`/personnel/user/${id}/${tab}`, cookie),
            context: context(),
            params: { id, tab },
          }),
        );
        expect(statusOf(result), `${id}/${tab}`).toBe(404);
      }
      const args = { request: getRequest(`/personnel/user/${id}`, cookie), context: context(), params: { id } };
      expect(statusOf(await run(() => employeeIndexLoader(args)))).toBe(404);
      expect(statusOf(await run(() => deleteLoader(args)))).toBe(404);
      expect(statusOf(await run(() => mergeLoader(args)))).toBe(404);
      const post = (fields: Record<string, string>, tab = "details") =>
        run(() =>
          employeeAction({
            request: formRequest(`/personnel/user/${id}/${tab}`, fields, cookie),
            context: context(),
            params: { id, tab },
          }),
        );
      expect(statusOf(await post({ intent: "details", firstName: "X", email: "x@x.nl" }))).toBe(404);
      expect(statusOf(await post({ intent: "restore" }))).toBe(404);
      expect(statusOf(await post({ intent: "tags" }, "tags"))).toBe(404);
      const postArgs = {
        request: formRequest(`/personnel/user/${id}/delete`, {}, cookie),
        context: context(),
        params: { id },
      };
      expect(statusOf(await run(() => deleteAction(postArgs)))).toBe(404);
    }
  });

  it("gets 404 for every Demo BV contract id by URL (edit and delete), with their own or Demo's employee id", async () => {
    for (const c of demoContracts) {
      for (const id of [c.membershipId, ownMembershipId]) {
        const args = () => ({
          request: formRequest(`/personnel/user/${id}/contracts/${c.id}/delete`, {}, cookie),
          context: context(),
          params: { id, contractId: c.id },
        });
        expect(statusOf(await run(() => deleteContractLoader({ ...args(), request: getRequest("/x", cookie) })))).toBe(
          404,
        );
        expect(statusOf(await run(() => deleteContractAction(args())))).toBe(404);
        expect(statusOf(await run(() => editContractLoader({ ...args(), request: getRequest("/x", cookie) })))).toBe(
          404,
        );
        expect(statusOf(await run(() => editContractAction(args())))).toBe(404);
      }
    }
  });

  it("cannot reach Demo BV rows by form field: bulk ids, wizard, merge, teams, positions, tags", async () => {
    const bulkBody = new URLSearchParams([["action", "deactivate"], ...demoMembershipIds.map((id) => ["ids", id])]);
    for (const action of ["deactivate", "revokeAccess", "clusterAdminAdd", "assignTeams", "restore"]) {
      bulkBody.set("action", action);
      bulkBody.set("teamIds", demoTeamId);
      const result = await run(() =>
        listAction({
          request: new Request("http://localhost/personnel/users/active", {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
            body: bulkBody.toString(),
          }),
          context: context(),
          params: { tab: "active" },
        }),
      );
      expect((result as Response).status).toBe(302);
    }
    // The wizard's teams step and the merge form check the ids they are given.
    const wizardTeams = await run(() =>
      wizardAction({
        request: formRequest("/personnel/users/new", { intent: "teams", membershipId: demoMembershipIds[0] }, cookie),
        context: context(),
        params: {},
      }),
    );
    expect(statusOf(wizardTeams)).toBe(404);
    const wizardStep = await run(() =>
      wizardLoader({
        request: getRequest(`/personnel/users/new?step=teams&membership=${demoMembershipIds[0]}`, cookie),
        context: context(),
        params: {},
      }),
    );
    expect(statusOf(wizardStep)).toBe(404);
    const merge = await run(() =>
      mergeAction({
        request: formRequest(
          `/personnel/user/${ownMembershipId}/merge`,
          { otherId: demoMembershipIds[0], keep: "this" },
          cookie,
        ),
        context: context(),
        params: { id: ownMembershipId },
      }),
    );
    expect(statusOf(merge)).toBe(404);
    const post = (fields: Record<string, string>, tab: string) =>
      run(() =>
        employeeAction({
          request: formRequest(`/personnel/user/${ownMembershipId}/${tab}`, fields, cookie),
          context: context(),
          params: { id: ownMembershipId, tab },
        }),
      );
    expect(statusOf(await post({ intent: "removeTeam", assignmentId: demoAssignmentId }, "teams"))).toBe(404);
    const team = unwrapData(await post({ intent: "addTeam", teamId: demoTeamId, place: "team_member" }, "teams"));
    expect(team.status).toBe(400);
    const contract = unwrapData(
      await post(
        { intent: "addContract", positionId: demoPositionId, start: "01-01-2026", end: "31-12-2026", fte: "1" },
        "contracts",
      ),
    );
    expect(contract.status).toBe(400);
    if (demoTagId) await post({ intent: "tags", tagIds: demoTagId }, "tags");
    // Nothing of Demo BV changed, and Andere BV got no Demo BV rows.
    const [demo] = await getDb().select().from(accounts).where(eq(accounts.name, demoAccounts.demo));
    expect(await snapshotDemo(demo.id)).toBe(demoSnapshot);
    const ownPlaces = await getDb()
      .select()
      .from(roleAssignments)
      .where(eq(roleAssignments.membershipId, ownMembershipId));
    expect(ownPlaces.every((r) => r.teamId !== demoTeamId)).toBe(true);
  });

  it("never lists Demo BV employees", async () => {
    for (const tab of ["active", "inactive", "invited", "removed"]) {
      const data = (await listLoader({
        request: getRequest(`/personnel/users/${tab}?q=demo.nl`, cookie),
        context: context(),
        params: { tab },
      })) as { list: { rows: { id: string }[] } };
      expect(data.list.rows.filter((r) => demoMembershipIds.includes(r.id))).toEqual([]);
    }
  });
});
