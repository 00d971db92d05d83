import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { createTeam } from "../factories";
import { serverBuildFromSources } from "../support/app-server";
import { refusing } from "../support/refusing";
import { cookieFrom, getRequest } from "../support/http";
import { countRows, employeeIn, orgWorld, positionIn, postForm } from "../support/org";
import { handle } from "../support/remix-handler";

/**
 * Spec §8, decisions 1703 and 1840: a write of the main entity pages that fails past its checks answers, for a form
 * with typed input, the same form with what was typed and the message naming the item ("Team niet gewijzigd…",
 * 409), and for a post without typed input (a delete) the page it was posted from with that toast; never a 500,
 * and nothing is written. A trigger refusing one row stands in for a failure nobody foresaw (a constraint, a lost
 * race).
 */

let w: Awaited<ReturnType<typeof orgWorld>>;

beforeAll(async () => {
  w = await orgWorld();
  await serverBuildFromSources(); // the first request would compile the app inside a test's time
});

/** Posts the form: the answer is the same form (409), with every `typed` value in it and the message above it. */
async function refusedPost(path: string, fields: Record<string, string | string[]>, typed: string[], message: string) {
  const res = await handle(postForm(path, fields, w.cookie));
  expect(res.status).toBe(409);
  const page = await res.text();
  expect(page).toContain(message);
  for (const value of typed) expect(page).toContain(`value="${value}"`);
}

/** Posts a button's form and follows the redirect back: the page it lands on shows the toast. */
async function failedPost(path: string, fields: Record<string, string | string[]>, toast: string) {
  const res = await handle(postForm(path, fields, w.cookie));
  expect(res.status).toBe(302);
  const location = res.headers.get("Location") ?? "";
  expect(location).toBe(path);
  const next = await handle(getRequest(location, `${w.cookie}; ${cookieFrom(res)}`));
  expect(next.status).toBe(200);
  expect(await next.text()).toContain(toast);
}

describe("a failed write names the item and changes nothing (spec §8, decision 1703)", () => {
  it("team rename", async () => {
    const team = await createTeam(getDb(), { accountId: w.account.id, clusterId: w.cluster.id, name: "Oud 1703" });
    await refusing("teams", "update", `old.id = '${team.id}'`, () =>
      refusedPost(
        `/personnel/teams/${team.id}/settings`,
        { name: "Nieuw 1703" },
        ["Nieuw 1703"],
        "Team niet gewijzigd. Je wijzigingen zijn niet opgeslagen.",
      ),
    );
    expect(await countRows(sql`select count(*) as n from teams where id = ${team.id} and name = 'Oud 1703'`)).toBe(1);
  });

  it("team merge (the shared merge page)", async () => {
    const team = await createTeam(getDb(), { accountId: w.account.id, clusterId: w.cluster.id });
    const other = await createTeam(getDb(), { accountId: w.account.id, clusterId: w.cluster.id });
    await refusing("teams", "update", `old.id = '${other.id}'`, () =>
      refusedPost(
        `/personnel/teams/${team.id}/merge`,
        { otherTeamId: other.id, keep: "this" },
        [],
        "Team niet samengevoegd. Er is niets gewijzigd.",
      ),
    );
    const live = sql`select count(*) as n from teams where id in (${team.id}, ${other.id}) and deleted_at is null`;
    expect(await countRows(live)).toBe(2);
  });

  it("a role's rights: that role's form with the rights as ticked (1840)", async () => {
    const when = `new.cluster_id = '${w.cluster.id}' and new.role_key = 'reviewer'`;
    await refusing("role_rights", "insert", when, async () => {
      const res = await handle(
        postForm("/settings/rights", { role: "reviewer", rights: ["reviews.manage", "analytics.read"] }, w.cookie),
      );
      expect(res.status).toBe(409);
      const page = await res.text();
      expect(page).toContain("Instellingen niet opgeslagen. Je wijzigingen zijn niet opgeslagen.");
      // The reviewer's form shows analytics.read ticked as sent (it is not the reviewer's right by default).
      const reviewerForm = page.slice(page.indexOf('name="role" value="reviewer"'));
      const box = reviewerForm.slice(0, reviewerForm.indexOf("</form>")).match(/<input[^>]*"analytics.read"[^>]*>/);
      expect(box?.[0]).toContain('checked=""');
    });
  });

  it("position delete", async () => {
    const position = await positionIn(w);
    const path = `/personnel/positions/delete?ids=${position.id}`;
    await refusing("positions", "delete", `old.id = '${position.id}'`, () =>
      failedPost(path, { ids: position.id }, "Functie niet verwijderd. Er is niets gewijzigd."),
    );
    expect(await countRows(sql`select count(*) as n from positions where id = ${position.id}`)).toBe(1);
  });

  it("task create", async () => {
    await refusing("tasks", "insert", "new.title = 'Weigert 1703'", () =>
      refusedPost(
        "/tasks/inbox/new",
        { title: "Weigert 1703", receiverId: w.admin.membership.id },
        ["Weigert 1703"],
        "Taak niet toegevoegd. Je wijzigingen zijn niet opgeslagen.",
      ),
    );
    expect(await countRows(sql`select count(*) as n from tasks where title = 'Weigert 1703'`)).toBe(0);
  });

  it("person update", async () => {
    const e = await employeeIn(w, "Ongewijzigd");
    await refusing("users", "update", `old.id = '${e.user.id}'`, () =>
      refusedPost(
        `/personnel/user/${e.membership.id}/details`,
        {
          intent: "details",
          firstName: e.user.firstName,
          lastName: "Gewijzigd",
          email: e.user.email,
          language: e.user.language,
          loginType: e.user.loginType,
        },
        ["Gewijzigd"],
        "Persoon niet gewijzigd. Je wijzigingen zijn niet opgeslagen.",
      ),
    );
    expect(
      await countRows(sql`select count(*) as n from users where id = ${e.user.id} and last_name = 'Ongewijzigd'`),
    ).toBe(1);
  });
});
