import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { tags } from "#db/schema";
import { getRequest } from "../support/http";
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
