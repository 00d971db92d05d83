import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { memberships } from "#db/schema";
import { employeeDetailTabs } from "~/features/employees/employees.schema";
import { teamTabs } from "~/features/teams/team-tabs";
import { createAccount, createClusterFor, createTeam, createUserWithMembership } from "../factories";
import { BASE, formRequest } from "../support/http";
import { serverBuildFromSources } from "../support/app-server";
import { handle } from "../support/remix-handler";
import { sessionCookieFor } from "../support/session";

/**
 * The employee and team pages are a layout with one route a tab (docs/decisions/0710). Through Remix's own
 * matching: every tab answers at its old URL inside the layout, an unknown tab is a 404, the pages next to
 * the tabs (delete, merge) stay outside the layout, and the layout's restore button answers on any tab.
 */

let cookie: string;
let accountId: string;
let clusterId: string;

beforeAll(async () => {
  const db = getDb();
  accountId = (await createAccount(db)).id;
  clusterId = (await createClusterFor(db, accountId)).id;
  const hr = await createUserWithMembership(db, { accountId, clusterId, roles: [{ role: "cluster_admin" }] });
  cookie = (await sessionCookieFor({ userId: hr.user.id, accountId, clusterId })).cookie;
  // Importing every route module of the build takes a while on a busy machine.
  await serverBuildFromSources();
}, 120_000);

const page = (path: string) => handle(new Request(BASE + path, { headers: { Cookie: cookie } }));
const employeeTabsNav = 'aria-label="Onderdelen van de persoon"';
const teamTabsNav = 'aria-label="Onderdelen van het team"';

describe("the employee page", () => {
  it("answers every tab inside the layout, with the open tab marked; an unknown tab is a 404", async () => {
    const e = await createUserWithMembership(getDb(), { accountId, clusterId, firstName: "Tabbie" });
    for (const tab of employeeDetailTabs) {
      const response = await page(`/personnel/user/${e.membership.id}/${tab}`);
      expect(response.status, tab).toBe(200);
      const html = await response.text();
      expect(html, tab).toContain(employeeTabsNav);
      expect(html, tab).toMatch(new RegExp(`href="/personnel/user/${e.membership.id}/${tab}"[^>]*aria-current="page"`));
    }
    expect((await page(`/personnel/user/${e.membership.id}/nope`)).status).toBe(404);
    expect((await page(`/personnel/user/${crypto.randomUUID()}/contracts`)).status).toBe(404);
  });

  it("keeps delete and merge outside the tab layout", async () => {
    const e = await createUserWithMembership(getDb(), { accountId, clusterId });
    for (const path of ["delete", "merge"]) {
      const response = await page(`/personnel/user/${e.membership.id}/${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).not.toContain(employeeTabsNav);
    }
  });

  it("restores a removed employee from any tab and stays on it", async () => {
    const e = await createUserWithMembership(getDb(), { accountId, clusterId });
    await getDb().update(memberships).set({ deletedAt: new Date() }).where(eq(memberships.id, e.membership.id));
    const html = await (await page(`/personnel/user/${e.membership.id}/tags`)).text();
    expect(html).toContain(`action="/personnel/user/${e.membership.id}/tags"`);
    const response = await handle(
      formRequest(`/personnel/user/${e.membership.id}/tags`, { intent: "restore" }, cookie),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/personnel/user/${e.membership.id}/tags`);
    const [row] = await getDb().select().from(memberships).where(eq(memberships.id, e.membership.id));
    expect(row.deletedAt).toBeNull();
  });
});

describe("the team page", () => {
  it("answers every tab inside the layout; an unknown tab is a 404; merge stays outside", async () => {
    const team = await createTeam(getDb(), { accountId, clusterId });
    for (const tab of teamTabs) {
      const response = await page(`/personnel/teams/${team.id}/${tab}`);
      expect(response.status, tab).toBe(200);
      expect(await response.text(), tab).toContain(teamTabsNav);
    }
    expect((await page(`/personnel/teams/${team.id}/nope`)).status).toBe(404);
    const merge = await page(`/personnel/teams/${team.id}/merge`);
    expect(merge.status).toBe(200);
    expect(await merge.text()).not.toContain(teamTabsNav);
  });
});
