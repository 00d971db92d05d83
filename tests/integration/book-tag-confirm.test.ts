import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { tags } from "#db/schema";
import { cookieFrom, getRequest } from "../support/http";
import { postForm } from "../support/org";
import { handle } from "../support/remix-handler";
import { reviewWorld } from "../support/reviews";

/**
 * Criteria and competence tags ask before they delete, merge or split (decision 1702): over HTTP, without
 * JavaScript, the page's `?confirm=` step; nothing changes before the confirmation's post.
 */

let w: Awaited<ReturnType<typeof reviewWorld>>;
const ids = { accountId: "", clusterId: "" };

async function tag(kind: "criteria" | "competence", name: string) {
  const [row] = await getDb()
    .insert(tags)
    .values({ ...ids, kind, name })
    .returning({ id: tags.id });
  return row.id;
}
const exists = async (id: string) =>
  (
    await getDb()
      .select()
      .from(tags)
      .where(and(eq(tags.id, id)))
  ).length === 1;
const page = async (path: string) => {
  const res = await handle(getRequest(path, w.hr.cookie));
  return { status: res.status, html: await res.text() };
};

beforeAll(async () => {
  w = await reviewWorld();
  Object.assign(ids, { accountId: w.account.id, clusterId: w.cluster.id });
});

describe("criteria tags", () => {
  it("shows the delete step, and deletes only on its post", async () => {
    const id = await tag("criteria", "Weg");
    const plain = await page(`/criteria/tags/${id}`);
    expect(plain.html).toContain(`href="/criteria/tags/${id}?confirm=delete"`);
    const step = await page(`/criteria/tags/${id}?confirm=delete`);
    expect(step.status).toBe(200);
    expect(step.html).toContain("Weet je zeker dat je de tag Weg wilt verwijderen?");
    expect(step.html).toContain('name="intent" value="delete"');
    expect(await exists(id)).toBe(true);
    const res = await handle(postForm(`/criteria/tags/${id}?confirm=delete`, { intent: "delete" }, w.hr.cookie));
    expect(res.status).toBe(302);
    expect(await exists(id)).toBe(false);
  });

  it("confirms a merge with the chosen tag's name; a missing or foreign choice is the form's error", async () => {
    const keep = await tag("criteria", "Blijft");
    const other = await tag("criteria", "Gaat op");
    const step = await page(`/criteria/tags/${keep}?confirm=merge&mergeId=${other}`);
    expect(step.html).toContain("Gaat op gaat op in Blijft");
    expect(step.html).toContain(`name="mergeId" value="${other}"`);
    expect(await exists(other)).toBe(true);
    const none = await page(`/criteria/tags/${keep}?confirm=merge&mergeId=`);
    expect(none.status).toBe(200);
    expect(none.html).toContain("Maak een keuze voor Samenvoegen met");
    const foreign = await page(`/criteria/tags/${keep}?confirm=merge&mergeId=${crypto.randomUUID()}`);
    expect(foreign.html).toContain("Maak een keuze voor Samenvoegen met");
  });

  it("asks a split for a name and criteria before confirming", async () => {
    const id = await tag("criteria", "Te splitsen");
    const empty = await page(`/criteria/tags/${id}?confirm=split&name=`);
    expect(empty.status).toBe(200);
    expect(empty.html).not.toContain('name="intent" value="split"');
  });
});

describe("competence tags", () => {
  it("shows the delete step, and deletes only on its post", async () => {
    const id = await tag("competence", "Oud vak");
    const step = await page(`/competences/tags/${id}?confirm=delete`);
    expect(step.status).toBe(200);
    expect(step.html).toContain("Tag Oud vak verwijderen");
    expect(await exists(id)).toBe(true);
    const res = await handle(postForm(`/competences/tags/${id}`, { intent: "delete" }, w.hr.cookie));
    expect(res.status).toBe(302);
    expect(await exists(id)).toBe(false);
  });
});

describe("a write that fails past its checks (spec §8, decision 1703)", () => {
  it("answers with a toast naming the item, never a 500, and changes nothing", async () => {
    const id = await tag("criteria", "Weigert");
    // A trigger that refuses this tag's criteria stands in for a failure nobody foresaw.
    await getDb().execute(
      sql.raw(`create or replace function refuse_tag_1703() returns trigger language plpgsql as $$
        begin if new.tag_id = '${id}' then raise exception 'refused'; end if; return new; end $$;
        create trigger refuse_tag_1703 before insert on criterion_tags for each row execute function refuse_tag_1703()`),
    );
    try {
      const res = await handle(
        postForm(`/criteria/tags/${id}`, { intent: "assign", criterionIds: w.chosen[0].id }, w.hr.cookie),
      );
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(`/criteria/tags/${id}`);
      const next = await handle(getRequest(`/criteria/tags/${id}`, `${w.hr.cookie}; ${cookieFrom(res)}`));
      expect(await next.text()).toContain("Tag niet toegewezen. Je wijzigingen zijn niet opgeslagen.");
      const rows = await getDb().execute(sql`select 1 from criterion_tags where tag_id = ${id}`);
      expect(rows.rows).toEqual([]);
    } finally {
      await getDb().execute(sql.raw("drop trigger refuse_tag_1703 on criterion_tags; drop function refuse_tag_1703()"));
    }
  });
});
