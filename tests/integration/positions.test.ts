import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { contracts, positions } from "#db/schema";
import { action as mergeAction } from "~/routes/_app+/personnel+/positions.$positionId.merge";
import { action as editAction, loader as positionLoader } from "~/routes/_app+/personnel+/positions.$positionId._index";
import { action as createAction, loader as listLoader } from "~/routes/_app+/personnel+/positions._index";
import { action as deleteAction, loader as deleteLoader } from "~/routes/_app+/personnel+/positions.delete";
import { createUserWithMembership } from "../factories";
import { context, getRequest, run, unwrapData } from "../support/http";
import { sessionCookieFor } from "../support/session";
import { contractFor, countRows, employeeIn, orgWorld, positionIn, postForm } from "../support/org";

let w: Awaited<ReturnType<typeof orgWorld>>;
let other: Awaited<ReturnType<typeof orgWorld>>;

beforeAll(async () => {
  w = await orgWorld();
  other = await orgWorld();
});

const contractsOf = (positionId: string) =>
  countRows(sql`select count(*) as n from contracts where position_id = ${positionId}`);

async function positionWithContracts(n: number) {
  const position = await positionIn(w);
  for (let i = 0; i < n; i++) {
    const e = await employeeIn(w);
    await contractFor(w, e.membership.id, position.id, "0.60");
  }
  return position;
}

describe("positions", () => {
  it("creates a position with code, parent and levels, and validates them", async () => {
    const parent = await positionIn(w);
    const bad = unwrapData(
      await createAction({
        request: postForm("/personnel/positions", { name: "", levels: "abc" }, w.cookie),
        context: context(),
        params: {},
      }),
    );
    expect(bad.status).toBe(400);
    const errors = (bad.data as { error: Record<string, string[]> }).error;
    expect(errors.name).toEqual(["validation:required"]);
    expect(errors.levels).toEqual(["validation:minMax"]);
    const res = (await run(() =>
      createAction({
        request: postForm(
          "/personnel/positions",
          { name: "Verpleegkundige niveau 4", code: "VP4", parentId: parent.id, levels: "3" },
          w.cookie,
        ),
        context: context(),
        params: {},
      }),
    )) as Response;
    expect(res.status).toBe(302);
    const [row] = await getDb().select().from(positions).where(eq(positions.name, "Verpleegkundige niveau 4"));
    expect(row).toMatchObject({ code: "VP4", parentId: parent.id, levels: 3 });
    const dup = unwrapData(
      await createAction({
        request: postForm("/personnel/positions", { name: "verpleegkundige NIVEAU 4" }, w.cookie),
        context: context(),
        params: {},
      }),
    );
    expect((dup.data as { error: Record<string, string[]> }).error.name).toEqual(["validation:alreadyExists"]);
  });

  it("lists positions with their contract counts", async () => {
    const p = await positionWithContracts(2);
    const list = (await listLoader({
      request: getRequest("/personnel/positions", w.cookie),
      context: context(),
      params: {},
    })) as {
      positions: { id: string; contractsCount: number }[];
      canManage: boolean;
    };
    expect(list.canManage).toBe(true);
    expect(list.positions.find((x) => x.id === p.id)?.contractsCount).toBe(2);
  });

  it("refuses a parent that is the position itself or below it", async () => {
    const top = await positionIn(w);
    const child = await positionIn(w);
    await getDb().update(positions).set({ parentId: top.id }).where(eq(positions.id, child.id));
    const { status, data } = unwrapData(
      await editAction({
        request: postForm(`/personnel/positions/${top.id}`, { name: top.name, parentId: child.id }, w.cookie),
        context: context(),
        params: { positionId: top.id },
      }),
    );
    expect(status).toBe(400);
    expect((data as { error: Record<string, string[]> }).error.parentId).toEqual(["positions:parentCycle"]);
  });

  it("lets positions.read view but not change", async () => {
    const p = await positionIn(w);
    const leader = await createUserWithMembership(getDb(), {
      accountId: w.account.id,
      clusterId: w.cluster.id,
      roles: [{ role: "advisor" }],
    });
    const { cookie } = await sessionCookieFor({
      userId: leader.user.id,
      accountId: w.account.id,
      clusterId: w.cluster.id,
    });
    const view = (await positionLoader({
      request: getRequest(`/personnel/positions/${p.id}`, cookie),
      context: context(),
      params: { positionId: p.id },
    })) as { canManage: boolean };
    expect(view.canManage).toBe(false);
    const res = (await run(() =>
      editAction({
        request: postForm(`/personnel/positions/${p.id}`, { name: "Anders" }, cookie),
        context: context(),
        params: { positionId: p.id },
      }),
    )) as Response;
    expect(res.headers.get("Location")).toBe("/dashboard");
  });

  it("bulk delete skips positions that have contracts and names them", async () => {
    const empty1 = await positionIn(w);
    const empty2 = await positionIn(w);
    const used = await positionWithContracts(1);
    const confirm = (await deleteLoader({
      request: getRequest(`/personnel/positions/delete?ids=${empty1.id}&ids=${empty2.id}&ids=${used.id}`, w.cookie),
      context: context(),
      params: {},
    })) as { positions: { id: string; contractsCount: number }[] };
    expect(confirm.positions.find((p) => p.id === used.id)?.contractsCount).toBe(1);
    const before = await countRows(sql`select count(*) as n from positions where cluster_id = ${w.cluster.id}`);
    const res = (await run(() =>
      deleteAction({
        request: postForm("/personnel/positions/delete", { ids: [empty1.id, empty2.id, used.id] }, w.cookie),
        context: context(),
        params: {},
      }),
    )) as Response;
    expect(res.status).toBe(302);
    expect(decodeURIComponent(res.headers.get("Set-Cookie") ?? "")).not.toBe("");
    const after = await countRows(sql`select count(*) as n from positions where cluster_id = ${w.cluster.id}`);
    expect(before - after).toBe(2);
    expect(await getDb().select().from(positions).where(eq(positions.id, used.id))).toHaveLength(1);
  });

  it("merges positions: every contract moves to the one that remains", async () => {
    const a = await positionWithContracts(2);
    const b = await positionWithContracts(3);
    const child = await positionIn(w);
    await getDb().update(positions).set({ parentId: b.id }).where(eq(positions.id, child.id));
    const total = await countRows(sql`select count(*) as n from contracts where cluster_id = ${w.cluster.id}`);
    const res = (await run(() =>
      mergeAction({
        request: postForm(`/personnel/positions/${a.id}/merge`, { otherPositionId: b.id, keep: "this" }, w.cookie),
        context: context(),
        params: { positionId: a.id },
      }),
    )) as Response;
    expect(res.status).toBe(302);
    expect(await contractsOf(a.id)).toBe(5);
    expect(await countRows(sql`select count(*) as n from contracts where cluster_id = ${w.cluster.id}`)).toBe(total);
    expect(await getDb().select().from(positions).where(eq(positions.id, b.id))).toHaveLength(0);
    const [c] = await getDb().select().from(positions).where(eq(positions.id, child.id));
    expect(c.parentId).toBe(a.id);
  });

  it("isolates tenants: another account gets 404 for every position id, by URL and by form field", async () => {
    const p = await positionWithContracts(1);
    const own = await positionIn(other);
    const calls: (() => Promise<unknown>)[] = [
      () =>
        positionLoader({
          request: getRequest(`/personnel/positions/${p.id}`, other.cookie),
          context: context(),
          params: { positionId: p.id },
        }),
      () =>
        editAction({
          request: postForm(`/personnel/positions/${p.id}`, { name: "Overgenomen" }, other.cookie),
          context: context(),
          params: { positionId: p.id },
        }),
      () =>
        deleteLoader({
          request: getRequest(`/personnel/positions/delete?ids=${p.id}`, other.cookie),
          context: context(),
          params: {},
        }),
      () =>
        deleteAction({
          request: postForm("/personnel/positions/delete", { ids: [own.id, p.id] }, other.cookie),
          context: context(),
          params: {},
        }),
      () =>
        mergeAction({
          request: postForm(
            `/personnel/positions/${own.id}/merge`,
            { otherPositionId: p.id, keep: "this" },
            other.cookie,
          ),
          context: context(),
          params: { positionId: own.id },
        }),
      () =>
        editAction({
          request: postForm(`/personnel/positions/${own.id}`, { name: own.name, parentId: p.id }, other.cookie),
          context: context(),
          params: { positionId: own.id },
        }),
      () =>
        createAction({
          request: postForm("/personnel/positions", { name: "Nieuw", parentId: p.id }, other.cookie),
          context: context(),
          params: {},
        }),
    ];
    for (const call of calls) expect(((await run(call)) as Response).status).toBe(404);
    expect(await contractsOf(p.id)).toBe(1);
    expect(await getDb().select().from(positions).where(eq(positions.id, own.id))).toHaveLength(1);
    const [row] = await getDb().select().from(contracts).where(eq(contracts.positionId, p.id));
    expect(row).toBeDefined();
  });
});
