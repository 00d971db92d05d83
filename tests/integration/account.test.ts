import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { accountModules, accounts, clusterModules, clusters, roleAssignments, roleRights, users } from "#db/schema";
import { action as clusterAction, loader as clusterLoader } from "~/routes/_app+/account+/clusters.$id";
import { action as clustersAction } from "~/routes/_app+/account+/clusters._index";
import { loader as dashboardLoader } from "~/routes/_app+/account+/dashboard";
import { action as modulesAction } from "~/routes/_app+/account+/modules";
import { action as settingsAction } from "~/routes/_app+/account+/settings";
import { action as usersAction } from "~/routes/_app+/account+/users";
import { action as clusterModulesAction } from "~/routes/_app+/modules";
import { action as rightsAction, loader as rightsLoader } from "~/routes/_app+/settings+/rights";
import { action as clusterSettingsAction } from "~/routes/_app+/settings+/_index";
import { createClusterFor, createTeam, createUserWithMembership } from "../factories";
import { context, getRequest, run, unwrapData } from "../support/http";
import { orgWorld, postForm } from "../support/org";
import { sessionCookieFor } from "../support/session";

let w: Awaited<ReturnType<typeof orgWorld>>;
let other: Awaited<ReturnType<typeof orgWorld>>;

beforeAll(async () => {
  w = await orgWorld({ accountAdmin: true });
  other = await orgWorld({ accountAdmin: true });
});

const call = <T>(fn: () => Promise<T>) => run(fn) as Promise<Response>;
const moduleRows = (clusterId: string) =>
  getDb().select({ key: clusterModules.moduleKey }).from(clusterModules).where(eq(clusterModules.clusterId, clusterId));

describe("account dashboard", () => {
  it("shows licence status, usage against licensed amounts, expiry and trial days", async () => {
    await createTeam(getDb(), { accountId: w.account.id, clusterId: w.cluster.id });
    const d = (await dashboardLoader({
      request: getRequest("/account/dashboard", w.cookie),
      context: context(),
      params: {},
    })) as {
      licenceStatus: string;
      clusters: number;
      teams: number;
      employees: number;
      licensedTeams: number;
      trialDaysLeft: number | null;
      expiresAt: string;
    };
    expect(d).toMatchObject({
      licenceStatus: "active",
      clusters: 1,
      teams: 1,
      employees: 1,
      licensedTeams: 100,
      trialDaysLeft: null,
    });
    expect(d.expiresAt).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    await getDb()
      .update(accounts)
      .set({ licenceStatus: "trial", trialEndsAt: new Date(Date.now() + 3.5 * 24 * 3600 * 1000) })
      .where(eq(accounts.id, w.account.id));
    const trial = (await dashboardLoader({
      request: getRequest("/account/dashboard", w.cookie),
      context: context(),
      params: {},
    })) as {
      trialDaysLeft: number;
    };
    expect(trial.trialDaysLeft).toBe(4);
    await getDb().update(accounts).set({ licenceStatus: "active" }).where(eq(accounts.id, w.account.id));
  });

  it("is closed to someone who is not an account admin", async () => {
    const hr = await orgWorld();
    const res = await call(() =>
      dashboardLoader({ request: getRequest("/account/dashboard", hr.cookie), context: context(), params: {} }),
    );
    expect(res.headers.get("Location")).toBe("/dashboard");
  });
});

describe("clusters", () => {
  it("creates a cluster under a parent with the account's modules and default rights, and edits it", async () => {
    const res = await call(() =>
      clustersAction({
        request: postForm("/account/clusters", { name: "Zorggroep West", parentId: w.cluster.id }, w.cookie),
        context: context(),
        params: {},
      }),
    );
    const id = res.headers.get("Location")!.split("/").pop()!;
    const [row] = await getDb().select().from(clusters).where(eq(clusters.id, id));
    expect(row).toMatchObject({ name: "Zorggroep West", parentId: w.cluster.id, accountId: w.account.id });
    expect((await moduleRows(id)).length).toBeGreaterThan(0);
    const rights = await getDb().select().from(roleRights).where(eq(roleRights.clusterId, id));
    expect(rights.length).toBeGreaterThan(0);

    const dup = unwrapData(
      await clustersAction({
        request: postForm("/account/clusters", { name: "zorggroep west" }, w.cookie),
        context: context(),
        params: {},
      }),
    );
    expect((dup.data as { error: Record<string, string[]> }).error.name).toEqual(["validation:alreadyExists"]);

    // The first cluster cannot be put under its own child.
    const cycle = unwrapData(
      await clusterAction({
        request: postForm(
          `/account/clusters/${w.cluster.id}`,
          { intent: "save", name: w.cluster.name, parentId: id },
          w.cookie,
        ),
        context: context(),
        params: { id: w.cluster.id },
      }),
    );
    expect((cycle.data as { error: Record<string, string[]> }).error.parentId).toEqual([
      "account:clusters.parentCycle",
    ]);

    await call(() =>
      clusterAction({
        request: postForm(
          `/account/clusters/${id}`,
          { intent: "save", name: "Zorggroep Westland", parentId: "" },
          w.cookie,
        ),
        context: context(),
        params: { id },
      }),
    );
    const [edited] = await getDb().select().from(clusters).where(eq(clusters.id, id));
    expect(edited).toMatchObject({ name: "Zorggroep Westland", parentId: null });
  });

  it("links a user of the account to a cluster with a role, and removes the role", async () => {
    const target = await createClusterFor(getDb(), w.account.id);
    const person = await createUserWithMembership(getDb(), {
      accountId: w.account.id,
      clusterId: w.cluster.id,
      lastName: "Koppelbaar",
    });
    const page = (await clusterLoader({
      request: getRequest(`/account/clusters/${target.id}?q=Koppelbaar`, w.cookie),
      context: context(),
      params: { id: target.id },
    })) as { candidates: { id: string }[] };
    expect(page.candidates.map((c) => c.id)).toEqual([person.user.id]);
    for (const role of ["data_manager", "advisor"]) {
      await call(() =>
        clusterAction({
          request: postForm(
            `/account/clusters/${target.id}`,
            { intent: "link", userId: person.user.id, role },
            w.cookie,
          ),
          context: context(),
          params: { id: target.id },
        }),
      );
    }
    const after = (await clusterLoader({
      request: getRequest(`/account/clusters/${target.id}`, w.cookie),
      context: context(),
      params: { id: target.id },
    })) as { people: { membershipId: string; roles: string[] }[] };
    expect(after.people).toHaveLength(1);
    expect(after.people[0].roles).toEqual(["advisor", "data_manager"]);
    await call(() =>
      clusterAction({
        request: postForm(
          `/account/clusters/${target.id}`,
          { intent: "unlink", membershipId: after.people[0].membershipId, role: "advisor" },
          w.cookie,
        ),
        context: context(),
        params: { id: target.id },
      }),
    );
    const roles = await getDb()
      .select({ role: roleAssignments.roleKey })
      .from(roleAssignments)
      .where(eq(roleAssignments.clusterId, target.id));
    expect(roles.map((r) => r.role)).toEqual(["data_manager"]);
  });
});

describe("account admins", () => {
  it("adds and removes admins but never the last one", async () => {
    const solo = await orgWorld({ accountAdmin: true });
    const res = await call(() =>
      usersAction({
        request: postForm("/account/users", { intent: "removeAdmin", userId: solo.admin.user.id }, solo.cookie),
        context: context(),
        params: {},
      }),
    );
    expect(res.status).toBe(302);
    const [still] = await getDb().select().from(users).where(eq(users.id, solo.admin.user.id));
    expect(still.isAccountAdmin).toBe(true);

    const second = await createUserWithMembership(getDb(), { accountId: solo.account.id, clusterId: solo.cluster.id });
    await call(() =>
      usersAction({
        request: postForm("/account/users", { intent: "addAdmin", userId: second.user.id }, solo.cookie),
        context: context(),
        params: {},
      }),
    );
    await call(() =>
      usersAction({
        request: postForm("/account/users", { intent: "removeAdmin", userId: solo.admin.user.id }, solo.cookie),
        context: context(),
        params: {},
      }),
    );
    const rows = await getDb()
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.accountId, solo.account.id), eq(users.isAccountAdmin, true)));
    expect(rows.map((r) => r.id)).toEqual([second.user.id]);
  });
});

describe("modules", () => {
  it("a cluster can only switch on modules active for the account; switching one off for the account clears every cluster", async () => {
    const world = await orgWorld({ accountAdmin: true });
    const second = await createClusterFor(getDb(), world.account.id);
    // Account: only flow and dialog.
    await call(() =>
      modulesAction({
        request: postForm("/account/modules", { scope: "account", modules: ["flow", "dialog"] }, world.cookie),
        context: context(),
        params: {},
      }),
    );
    expect((await moduleRows(second.id)).map((r) => r.key).sort()).toEqual(["dialog", "flow"]);
    const refused = unwrapData(
      await modulesAction({
        request: postForm(
          "/account/modules",
          { scope: "cluster", clusterId: second.id, modules: ["flow", "competences"] },
          world.cookie,
        ),
        context: context(),
        params: {},
      }),
    );
    expect(refused.status).toBe(400);
    expect((await moduleRows(second.id)).map((r) => r.key).sort()).toEqual(["dialog", "flow"]);
    await call(() =>
      modulesAction({
        request: postForm(
          "/account/modules",
          { scope: "cluster", clusterId: second.id, modules: ["flow"] },
          world.cookie,
        ),
        context: context(),
        params: {},
      }),
    );
    expect((await moduleRows(second.id)).map((r) => r.key)).toEqual(["flow"]);
    // Switching flow off for the account switches it off in both clusters.
    await call(() =>
      modulesAction({
        request: postForm("/account/modules", { scope: "account", modules: ["dialog"] }, world.cookie),
        context: context(),
        params: {},
      }),
    );
    expect(await moduleRows(second.id)).toEqual([]);
    expect((await moduleRows(world.cluster.id)).map((r) => r.key)).toEqual(["dialog"]);
    const account = await getDb().select().from(accountModules).where(eq(accountModules.accountId, world.account.id));
    expect(account.filter((m) => m.active).map((m) => m.moduleKey)).toEqual(["dialog"]);

    // The cluster's own modules page (cluster_modules.manage) follows the same rule.
    const own = unwrapData(
      await clusterModulesAction({
        request: postForm("/modules", { modules: ["flow"] }, world.cookie),
        context: context(),
        params: {},
      }),
    );
    expect(own.status).toBe(400);
    await call(() =>
      clusterModulesAction({
        request: postForm("/modules", { modules: [] }, world.cookie),
        context: context(),
        params: {},
      }),
    );
    expect(await moduleRows(world.cluster.id)).toEqual([]);
  });
});

describe("company details", () => {
  it("checks the IBAN checksum and the date, keeps what was typed, and saves good details", async () => {
    const bad = unwrapData(
      await settingsAction({
        request: postForm(
          "/account/settings",
          { address: "Stationsstraat 1", city: "Zwolle", iban: "NL91ABNA0417164301", invoiceDate: "31-02-2027" },
          w.cookie,
        ),
        context: context(),
        params: {},
      }),
    );
    expect(bad.status).toBe(400);
    const { reply } = bad.data as {
      reply: { error: Record<string, string[]>; initialValue: Record<string, string> };
    };
    expect(reply.error.iban).toEqual(["account:settings.ibanInvalid"]);
    expect(reply.error.invoiceDate).toEqual(["validation:date"]);
    expect(reply.initialValue.city).toBe("Zwolle");
    const ok = await call(() =>
      settingsAction({
        request: postForm(
          "/account/settings",
          {
            address: "Stationsstraat 1",
            zip: "8011 CW",
            city: "Zwolle",
            country: "Nederland",
            vat: "NL001234567B01",
            iban: "nl91 abna 0417 1643 00",
            bic: "ABNANL2A",
            chamberOfCommerce: "12345678",
            phone: "+31 38 123 4567",
            invoiceDate: "01-03-2027",
          },
          w.cookie,
        ),
        context: context(),
        params: {},
      }),
    );
    expect(ok.status).toBe(302);
    const [a] = await getDb().select().from(accounts).where(eq(accounts.id, w.account.id));
    expect(a).toMatchObject({ iban: "NL91ABNA0417164300", bic: "ABNANL2A", invoiceDate: "2027-03-01", city: "Zwolle" });
  });
});

describe("cluster settings and rights", () => {
  it("renames the current cluster", async () => {
    const world = await orgWorld();
    await call(() =>
      clusterSettingsAction({
        request: postForm("/settings", { name: `${world.cluster.name} Oost`, parentId: "" }, world.cookie),
        context: context(),
        params: {},
      }),
    );
    const [row] = await getDb().select().from(clusters).where(eq(clusters.id, world.cluster.id));
    expect(row.name).toBe(`${world.cluster.name} Oost`);
  });

  it("changes a role's rights, but never switches admin rights off", async () => {
    const world = await orgWorld();
    const page = (await rightsLoader({
      request: getRequest("/settings/rights", world.cookie),
      context: context(),
      params: {},
    })) as {
      roles: { role: string; rights: string[]; locked: string[] }[];
    };
    const admin = page.roles.find((r) => r.role === "cluster_admin")!;
    expect(admin.locked).toContain("users.manage");
    const refused = unwrapData(
      await rightsAction({
        request: postForm("/settings/rights", { role: "cluster_admin", rights: ["tags.manage"] }, world.cookie),
        context: context(),
        params: {},
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ error: "settings:rights.adminLocked" });
    await call(() =>
      rightsAction({
        request: postForm(
          "/settings/rights",
          { role: "reviewer", rights: ["reviews.manage", "analytics.read", "nonsense"] },
          world.cookie,
        ),
        context: context(),
        params: {},
      }),
    );
    const reviewer = await getDb()
      .select({ right: roleRights.rightKey })
      .from(roleRights)
      .where(and(eq(roleRights.clusterId, world.cluster.id), eq(roleRights.roleKey, "reviewer")));
    expect(reviewer.map((r) => r.right).sort()).toEqual(["analytics.read", "reviews.manage"]);
    const count = await getDb().execute(
      sql`select count(*) from role_rights where cluster_id = ${world.cluster.id} and role_key = 'cluster_admin'`,
    );
    expect(Number((count.rows[0] as { count: string }).count)).toBe(admin.rights.length);
  });
});

describe("who may change a role's rights", () => {
  it("refuses rights the actor lacks, for their own role too, and roles that have rights they lack", async () => {
    const world = await orgWorld();
    const db = getDb();
    // An advisor who may manage roles, but holds neither users.manage nor the reviewer's reviews.manage.
    await db
      .delete(roleRights)
      .where(and(eq(roleRights.clusterId, world.cluster.id), eq(roleRights.roleKey, "advisor")));
    await db.insert(roleRights).values(
      ["team_roles.manage", "cluster_roles.manage", "tags.manage"].map((rightKey) => ({
        accountId: world.account.id,
        clusterId: world.cluster.id,
        roleKey: "advisor" as const,
        rightKey,
      })),
    );
    await db
      .insert(roleRights)
      .values({
        accountId: world.account.id,
        clusterId: world.cluster.id,
        roleKey: "reviewer",
        rightKey: "reviews.manage",
      })
      .onConflictDoNothing();
    const advisor = await createUserWithMembership(db, {
      accountId: world.account.id,
      clusterId: world.cluster.id,
      roles: [{ role: "advisor" }],
    });
    const { cookie } = await sessionCookieFor({
      userId: advisor.user.id,
      accountId: world.account.id,
      clusterId: world.cluster.id,
    });
    const rightsOf = async (role: "advisor" | "reviewer") =>
      (
        await db
          .select({ right: roleRights.rightKey })
          .from(roleRights)
          .where(and(eq(roleRights.clusterId, world.cluster.id), eq(roleRights.roleKey, role)))
      )
        .map((r) => r.right)
        .sort();
    const advisorBefore = await rightsOf("advisor");
    const reviewerBefore = await rightsOf("reviewer");
    // The page shows what the save would refuse: roles with rights the advisor lacks read-only, and only the
    // rights the advisor holds as ones to give.
    const page = (await rightsLoader({
      request: getRequest("/settings/rights", cookie),
      context: context(),
      params: {},
    })) as { roles: { role: string; mayChange: boolean }[]; held: string[] };
    const mayChange = Object.fromEntries(page.roles.map((r) => [r.role, r.mayChange]));
    expect(mayChange).toMatchObject({ advisor: true, reviewer: false, cluster_admin: false });
    expect(page.held).toEqual(expect.arrayContaining(["tags.manage", "team_roles.manage", "cluster_roles.manage"]));
    expect(page.held).not.toContain("users.manage");
    expect(page.held).not.toContain("reviews.manage");
    const post = (role: string, rights: string[]) =>
      rightsAction({ request: postForm("/settings/rights", { role, rights }, cookie), context: context(), params: {} });

    const selfPromotion = unwrapData(await post("advisor", [...advisorBefore, "users.manage"]));
    expect(selfPromotion.status).toBe(400);
    expect(selfPromotion.data).toMatchObject({ error: "settings:rights.notHeld" });
    const stripping = unwrapData(await post("reviewer", []));
    expect(stripping.data).toMatchObject({ error: "settings:rights.notHeld" });
    expect(await rightsOf("advisor")).toEqual(advisorBefore);
    expect(await rightsOf("reviewer")).toEqual(reviewerBefore);

    // Rights the actor holds may be given.
    await call(() => post("advisor", [...advisorBefore.filter((r) => r !== "tags.manage")]));
    expect(await rightsOf("advisor")).toEqual(advisorBefore.filter((r) => r !== "tags.manage"));
  });
});

describe("tenant isolation", () => {
  it("another account's admin gets 404 for every cluster id, by URL and by form field", async () => {
    const calls: (() => Promise<unknown>)[] = [
      () =>
        clusterLoader({
          request: getRequest(`/account/clusters/${w.cluster.id}`, other.cookie),
          context: context(),
          params: { id: w.cluster.id },
        }),
      () =>
        clusterAction({
          request: postForm(`/account/clusters/${w.cluster.id}`, { intent: "save", name: "Overgenomen" }, other.cookie),
          context: context(),
          params: { id: w.cluster.id },
        }),
      () =>
        clustersAction({
          request: postForm("/account/clusters", { name: "Kind", parentId: w.cluster.id }, other.cookie),
          context: context(),
          params: {},
        }),
      () =>
        clusterAction({
          request: postForm(
            `/account/clusters/${other.cluster.id}`,
            { intent: "save", name: other.cluster.name, parentId: w.cluster.id },
            other.cookie,
          ),
          context: context(),
          params: { id: other.cluster.id },
        }),
      () =>
        clusterAction({
          request: postForm(
            `/account/clusters/${other.cluster.id}`,
            { intent: "link", userId: w.admin.user.id, role: "employee" },
            other.cookie,
          ),
          context: context(),
          params: { id: other.cluster.id },
        }),
      () =>
        clusterAction({
          request: postForm(
            `/account/clusters/${other.cluster.id}`,
            { intent: "unlink", membershipId: w.admin.membership.id, role: "cluster_admin" },
            other.cookie,
          ),
          context: context(),
          params: { id: other.cluster.id },
        }),
      () =>
        modulesAction({
          request: postForm(
            "/account/modules",
            { scope: "cluster", clusterId: w.cluster.id, modules: [] },
            other.cookie,
          ),
          context: context(),
          params: {},
        }),
      () =>
        usersAction({
          request: postForm("/account/users", { intent: "removeAdmin", userId: w.admin.user.id }, other.cookie),
          context: context(),
          params: {},
        }),
    ];
    for (const c of calls) expect(((await run(c)) as Response).status).toBe(404);
    const [cluster] = await getDb().select().from(clusters).where(eq(clusters.id, w.cluster.id));
    expect(cluster.name).toBe(w.cluster.name);
    expect((await moduleRows(w.cluster.id)).length).toBeGreaterThan(0);
    const [admin] = await getDb().select().from(users).where(eq(users.id, w.admin.user.id));
    expect(admin.isAccountAdmin).toBe(true);
    const ra = await getDb()
      .select()
      .from(roleAssignments)
      .where(eq(roleAssignments.membershipId, w.admin.membership.id));
    expect(ra.map((r) => r.roleKey)).toEqual(["cluster_admin"]);
  });
});
