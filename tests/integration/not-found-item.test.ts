import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { createAccount, createClusterFor, createTeam, createUserWithMembership } from "../factories";
import { BASE } from "../support/http";
import { serverBuildFromSources } from "../support/app-server";
import { handle } from "../support/remix-handler";
import { sessionCookieFor } from "../support/session";

/**
 * Spec §8 '{item} niet gevonden' (docs/decisions/1641): a detail page's stale id — gone, made up, or another
 * account's — answers 404 with a page that names what is gone, not the bare "Pagina niet gevonden".
 */
let cookie: string;
let otherTeamId: string;

beforeAll(async () => {
  const db = getDb();
  const accountId = (await createAccount(db)).id;
  const clusterId = (await createClusterFor(db, accountId)).id;
  const hr = await createUserWithMembership(db, { accountId, clusterId, roles: [{ role: "cluster_admin" }] });
  cookie = (await sessionCookieFor({ userId: hr.user.id, accountId, clusterId })).cookie;
  const otherAccount = (await createAccount(db)).id;
  const otherCluster = (await createClusterFor(db, otherAccount)).id;
  otherTeamId = (await createTeam(db, { accountId: otherAccount, clusterId: otherCluster })).id;
  await serverBuildFromSources();
}, 120_000);

const page = (path: string) => handle(new Request(BASE + path, { headers: { Cookie: cookie } }));

describe("a stale id on a detail page", () => {
  it.each([
    [`/personnel/user/${crypto.randomUUID()}/details`, "Persoon niet gevonden"],
    ["/personnel/user/not-an-id/details", "Persoon niet gevonden"],
    [`/personnel/teams/${crypto.randomUUID()}/settings`, "Team niet gevonden"],
    [`/personnel/tags/${crypto.randomUUID()}`, "Tag niet gevonden"],
    [`/personnel/positions/${crypto.randomUUID()}`, "Functie niet gevonden"],
    [`/personnel/user/${crypto.randomUUID()}/delete`, "Persoon niet gevonden"],
  ])("%s names what is gone: %s", async (path, message) => {
    const response = await page(path);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain(`<h1>${message}</h1>`);
    expect(html).not.toContain("Pagina niet gevonden</h1>");
  });

  it("another account's team is not found either, and says so the same way", async () => {
    const response = await page(`/personnel/teams/${otherTeamId}/settings`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("<h1>Team niet gevonden</h1>");
  });

  it("a page that does not exist keeps the general message", async () => {
    const response = await page("/personnel/nothing-here");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Pagina niet gevonden");
  });
});
