import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { createTeam } from "../factories";
import { cookieFrom, getRequest } from "../support/http";
import { countRows, employeeIn, orgWorld, positionIn, postForm } from "../support/org";
import { handle } from "../support/remix-handler";

/**
 * Spec §8, decision 1703: a write of the main entity pages that fails past its checks answers with the page it was
 * posted from and the toast naming the item ("Team niet gewijzigd…"), never a 500, and nothing is written. A
 * trigger refusing one row stands in for a failure nobody foresaw (a constraint, a lost race).
 */

let w: Awaited<ReturnType<typeof orgWorld>>;

beforeAll(async () => {
  w = await orgWorld();
});

/** Runs `body` while `table` refuses `op` on the rows `when` matches (a plpgsql condition on old/new). */
async function refusing(table: string, op: "insert" | "update" | "delete", when: string, body: () => Promise<void>) {
  const name = `refuse_${table}_${op}_1703`;
  const row = op === "delete" ? "old" : "new";
  await getDb().execute(
    sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $$
      begin if ${when} then raise exception 'refused'; end if; return ${row}; end $$;
      create trigger ${name} before ${op} on ${table} for each row execute function ${name}()`),
  );
  try {
    await body();
  } finally {
    await getDb().execute(sql.raw(`drop trigger ${name} on ${table}; drop function ${name}()`));
  }
}

/** Posts the form and follows the redirect back: the page it lands on shows the toast. */
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
      failedPost(
        `/personnel/teams/${team.id}/settings`,
        { name: "Nieuw 1703" },
        "Team niet gewijzigd. Je wijzigingen zijn niet opgeslagen.",
      ),
    );
    expect(await countRows(sql`select count(*) as n from teams where id = ${team.id} and name = 'Oud 1703'`)).toBe(1);
  });

  it("team merge (the shared merge page)", async () => {
    const team = await createTeam(getDb(), { accountId: w.account.id, clusterId: w.cluster.id });
    const other = await createTeam(getDb(), { accountId: w.account.id, clusterId: w.cluster.id });
    await refusing("teams", "update", `old.id = '${other.id}'`, () =>
      failedPost(
        `/personnel/teams/${team.id}/merge`,
        { otherTeamId: other.id, keep: "this" },
        "Team niet samengevoegd. Er is niets gewijzigd.",
      ),
    );
    const live = sql`select count(*) as n from teams where id in (${team.id}, ${other.id}) and deleted_at is null`;
    expect(await countRows(live)).toBe(2);
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
      failedPost(
        "/tasks/inbox/new",
        { title: "Weigert 1703", receiverId: w.admin.membership.id },
        "Taak niet toegevoegd. Je wijzigingen zijn niet opgeslagen.",
      ),
    );
    expect(await countRows(sql`select count(*) as n from tasks where title = 'Weigert 1703'`)).toBe(0);
  });

  it("person update", async () => {
    const e = await employeeIn(w, "Ongewijzigd");
    await refusing("users", "update", `old.id = '${e.user.id}'`, () =>
      failedPost(
        `/personnel/user/${e.membership.id}/details`,
        {
          intent: "details",
          firstName: e.user.firstName,
          lastName: "Gewijzigd",
          email: e.user.email,
          language: e.user.language,
          loginType: e.user.loginType,
        },
        "Persoon niet gewijzigd. Je wijzigingen zijn niet opgeslagen.",
      ),
    );
    expect(
      await countRows(sql`select count(*) as n from users where id = ${e.user.id} and last_name = 'Ongewijzigd'`),
    ).toBe(1);
  });
});
