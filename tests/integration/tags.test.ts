import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { membershipTags, tags } from "#db/schema";
import { action as tagAction, loader as tagLoader } from "~/routes/_app+/personnel+/tags.$id._index";
import { action as mergeAction } from "~/routes/_app+/personnel+/tags.$id.merge";
import { action as splitAction, loader as splitLoader } from "~/routes/_app+/personnel+/tags.$id.split";
import { action as listAction } from "~/routes/_app+/personnel+/tags._index";
import { action as deleteAction, loader as deleteLoader } from "~/routes/_app+/personnel+/tags.delete";
import { uniqueSuffix } from "../factories";
import { context, getRequest, run, unwrapData } from "../support/http";
import { countRows, employeeIn, orgWorld, postForm } from "../support/org";

let w: Awaited<ReturnType<typeof orgWorld>>;
let other: Awaited<ReturnType<typeof orgWorld>>;

beforeAll(async () => {
  w = await orgWorld();
  other = await orgWorld();
});

const holders = (tagId: string) => countRows(sql`select count(*) as n from membership_tags where tag_id = ${tagId}`);

async function tagWith(count: number, options: { isSystem?: boolean; world?: typeof w } = {}) {
  const world = options.world ?? w;
  const [tag] = await getDb()
    .insert(tags)
    .values({
      accountId: world.account.id,
      clusterId: world.cluster.id,
      kind: "personnel",
      name: `Tag ${uniqueSuffix()}`,
      isSystem: options.isSystem ?? false,
    })
    .returning();
  const people = [];
  for (let i = 0; i < count; i++) {
    const e = await employeeIn(world);
    await getDb().insert(membershipTags).values({
      accountId: world.account.id,
      clusterId: world.cluster.id,
      membershipId: e.membership.id,
      tagId: tag.id,
    });
    people.push(e);
  }
  return { tag, people };
}

describe("personnel tags", () => {
  it("creates a tag; names are unique case-insensitively", async () => {
    const res = (await run(() =>
      listAction({
        request: postForm("/personnel/tags", { name: "Nachtdienst" }, w.cookie),
        context: context(),
        params: {},
      }),
    )) as Response;
    expect(res.status).toBe(302);
    const { status, data } = unwrapData(
      await listAction({
        request: postForm("/personnel/tags", { name: "NACHTDIENST" }, w.cookie),
        context: context(),
        params: {},
      }),
    );
    expect(status).toBe(400);
    expect((data as { error: Record<string, string[]> }).error.name).toEqual(["tags:alreadyExists"]);
  });

  it("renames a tag, and refuses a name in use", async () => {
    const a = await tagWith(0);
    const b = await tagWith(0);
    const clash = unwrapData(
      await tagAction({
        request: postForm(
          `/personnel/tags/${a.tag.id}`,
          { intent: "rename", name: b.tag.name.toUpperCase() },
          w.cookie,
        ),
        context: context(),
        params: { id: a.tag.id },
      }),
    );
    expect(clash.status).toBe(400);
    await run(() =>
      tagAction({
        request: postForm(`/personnel/tags/${a.tag.id}`, { intent: "rename", name: `Hernoemd ${a.tag.id}` }, w.cookie),
        context: context(),
        params: { id: a.tag.id },
      }),
    );
    const [row] = await getDb().select().from(tags).where(eq(tags.id, a.tag.id));
    expect(row.name).toBe(`Hernoemd ${a.tag.id}`);
  });

  it("assigns the tag to employees and takes it away", async () => {
    const a = await tagWith(0);
    const e = await employeeIn(w, "Tagbaar-Uniek");
    const found = (await tagLoader({
      request: getRequest(`/personnel/tags/${a.tag.id}?q=Tagbaar-Uniek`, w.cookie),
      context: context(),
      params: { id: a.tag.id },
    })) as { candidates: { membershipId: string }[] };
    expect(found.candidates.map((c) => c.membershipId)).toEqual([e.membership.id]);
    await run(() =>
      tagAction({
        request: postForm(`/personnel/tags/${a.tag.id}`, { intent: "add", membershipId: e.membership.id }, w.cookie),
        context: context(),
        params: { id: a.tag.id },
      }),
    );
    expect(await holders(a.tag.id)).toBe(1);
    await run(() =>
      tagAction({
        request: postForm(`/personnel/tags/${a.tag.id}`, { intent: "remove", membershipId: e.membership.id }, w.cookie),
        context: context(),
        params: { id: a.tag.id },
      }),
    );
    expect(await holders(a.tag.id)).toBe(0);
  });

  it("merges two tags into the chosen one without duplicates", async () => {
    const a = await tagWith(2);
    const b = await tagWith(3);
    await getDb().insert(membershipTags).values({
      accountId: w.account.id,
      clusterId: w.cluster.id,
      membershipId: a.people[0].membership.id,
      tagId: b.tag.id,
    });
    expect((await holders(a.tag.id)) + (await holders(b.tag.id))).toBe(6);
    const res = (await run(() =>
      mergeAction({
        request: postForm(`/personnel/tags/${a.tag.id}/merge`, { otherTagId: b.tag.id, keep: "this" }, w.cookie),
        context: context(),
        params: { id: a.tag.id },
      }),
    )) as Response;
    expect(res.headers.get("Location")).toBe(`/personnel/tags/${a.tag.id}`);
    expect(await holders(a.tag.id)).toBe(5);
    expect(await getDb().select().from(tags).where(eq(tags.id, b.tag.id))).toHaveLength(0);
  });

  it("never merges a system tag away", async () => {
    const a = await tagWith(1);
    const sys = await tagWith(1, { isSystem: true });
    const { status, data } = unwrapData(
      await mergeAction({
        request: postForm(`/personnel/tags/${a.tag.id}/merge`, { otherTagId: sys.tag.id, keep: "this" }, w.cookie),
        context: context(),
        params: { id: a.tag.id },
      }),
    );
    expect(status).toBe(400);
    expect((data as { error: Record<string, string[]> }).error.keep).toEqual(["tags:systemTag"]);
    expect(await holders(sys.tag.id)).toBe(1);
  });

  it("splits a tag: a new name and at least one employee", async () => {
    const a = await tagWith(3);
    const none = unwrapData(
      await splitAction({
        request: postForm(`/personnel/tags/${a.tag.id}/split`, { name: "Deel" }, w.cookie),
        context: context(),
        params: { id: a.tag.id },
      }),
    );
    expect((none.data as { error: Record<string, string[]> }).error.membershipIds).toEqual(["tags:split.noMembers"]);
    const res = (await run(() =>
      splitAction({
        request: postForm(
          `/personnel/tags/${a.tag.id}/split`,
          { name: `Afgesplitst ${a.tag.id}`, membershipIds: [a.people[0].membership.id, a.people[2].membership.id] },
          w.cookie,
        ),
        context: context(),
        params: { id: a.tag.id },
      }),
    )) as Response;
    const newId = res.headers.get("Location")!.split("/").pop()!;
    expect(await holders(newId)).toBe(2);
    expect(await holders(a.tag.id)).toBe(1);
  });

  it("bulk deletes tags but keeps system tags, and says so", async () => {
    const a = await tagWith(1);
    const b = await tagWith(0);
    const sys = await tagWith(0, { isSystem: true });
    const confirm = (await deleteLoader({
      request: getRequest(`/personnel/tags/delete?ids=${a.tag.id}&ids=${b.tag.id}&ids=${sys.tag.id}`, w.cookie),
      context: context(),
      params: {},
    })) as { tags: unknown[] };
    expect(confirm.tags).toHaveLength(3);
    const res = (await run(() =>
      deleteAction({
        request: postForm("/personnel/tags/delete", { ids: [a.tag.id, b.tag.id, sys.tag.id] }, w.cookie),
        context: context(),
        params: {},
      }),
    )) as Response;
    expect(res.status).toBe(302);
    const left = await getDb()
      .select({ id: tags.id })
      .from(tags)
      .where(sql`${tags.id} in (${a.tag.id}, ${b.tag.id}, ${sys.tag.id})`);
    expect(left.map((r) => r.id)).toEqual([sys.tag.id]);
  });

  it("isolates tenants: another account gets 404 for every tag id, by URL and by form field", async () => {
    const a = await tagWith(1);
    const own = await tagWith(1, { world: other });
    const calls: (() => Promise<unknown>)[] = [
      () =>
        tagLoader({
          request: getRequest(`/personnel/tags/${a.tag.id}`, other.cookie),
          context: context(),
          params: { id: a.tag.id },
        }),
      () =>
        splitLoader({
          request: getRequest(`/personnel/tags/${a.tag.id}/split`, other.cookie),
          context: context(),
          params: { id: a.tag.id },
        }),
      () =>
        tagAction({
          request: postForm(`/personnel/tags/${a.tag.id}`, { intent: "rename", name: "Overgenomen" }, other.cookie),
          context: context(),
          params: { id: a.tag.id },
        }),
      () =>
        deleteLoader({
          request: getRequest(`/personnel/tags/delete?ids=${a.tag.id}`, other.cookie),
          context: context(),
          params: {},
        }),
      () =>
        deleteAction({
          request: postForm("/personnel/tags/delete", { ids: a.tag.id }, other.cookie),
          context: context(),
          params: {},
        }),
      () =>
        mergeAction({
          request: postForm(
            `/personnel/tags/${own.tag.id}/merge`,
            { otherTagId: a.tag.id, keep: "this" },
            other.cookie,
          ),
          context: context(),
          params: { id: own.tag.id },
        }),
      () =>
        tagAction({
          request: postForm(
            `/personnel/tags/${own.tag.id}`,
            { intent: "add", membershipId: a.people[0].membership.id },
            other.cookie,
          ),
          context: context(),
          params: { id: own.tag.id },
        }),
    ];
    for (const call of calls) expect(((await run(call)) as Response).status).toBe(404);
    const [row] = await getDb().select().from(tags).where(eq(tags.id, a.tag.id));
    expect(row.name).toBe(a.tag.name);
    expect(await holders(a.tag.id)).toBe(1);
    expect(await holders(own.tag.id)).toBe(1);
  });
});
