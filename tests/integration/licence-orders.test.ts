import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { accountModules, accounts, auditEvents, clusterModules, emailOutbox, licenceOrders } from "#db/schema";
import { orderAmounts } from "~/features/account/licence-prices";
import { action as subscriptionAction } from "~/routes/_app+/account+/subscription";
import { createTeam, createUserWithMembership } from "../factories";
import { context, getRequest, unwrapData } from "../support/http";
import { orgWorld, postForm } from "../support/org";
import { handle, loaderDataOf } from "../support/remix-handler";

type World = Awaited<ReturnType<typeof orgWorld>>;
const DAY = 24 * 3600 * 1000;

/** An account admin on a running trial (10 teams, 100 employees, every module), with one more person with access. */
async function trialWorld(): Promise<World> {
  const w = await orgWorld({ accountAdmin: true });
  await getDb()
    .update(accounts)
    .set({
      licenceStatus: "trial",
      trialEndsAt: new Date(Date.now() + 5 * DAY),
      licenceExpiresAt: null,
      licensedTeams: 10,
      licensedEmployees: 100,
    })
    .where(eq(accounts.id, w.account.id));
  await createUserWithMembership(getDb(), { accountId: w.account.id, clusterId: w.cluster.id, access: true });
  await createTeam(getDb(), { accountId: w.account.id, clusterId: w.cluster.id });
  return w;
}

const order = { employees: "25", teams: "3", modules: ["team-review", "self-review", "flow"], billingPeriod: "month" };

function check(w: World, fields: Record<string, string | string[]>) {
  return subscriptionAction({
    request: postForm("/account/subscription", fields, w.cookie),
    context: context(),
    params: {},
  });
}

const confirm = (w: World, fields: Record<string, string | string[]>) =>
  handle(postForm("/account/subscription/confirm", fields, w.cookie));

const ordersOf = (accountId: string) =>
  getDb()
    .select()
    .from(licenceOrders)
    .where(eq(licenceOrders.accountId, accountId))
    .orderBy(desc(licenceOrders.createdAt));

let w: World;
let other: World;
let hr: World;

beforeAll(async () => {
  w = await trialWorld();
  other = await trialWorld();
  hr = await orgWorld();
});

describe("licence pages: only the account admin", () => {
  it("sends a cluster admin who is not an account admin to the dashboard, on every page and post", async () => {
    for (const path of ["/account/licence", "/account/subscription", "/account/subscription/confirm?employees=5"]) {
      const res = await handle(getRequest(path, hr.cookie));
      expect(res.status, path).toBe(302);
      expect(res.headers.get("Location"), path).toBe("/dashboard");
    }
    const res = await confirm(hr, order);
    expect(res.headers.get("Location")).toBe("/dashboard");
    expect(await ordersOf(hr.account.id)).toEqual([]);
  });
});

describe("the check step", () => {
  it("shows the amounts of the choice: lines, 21 % VAT, total", async () => {
    const res = unwrapData(await check(w, order));
    expect(res.status).toBe(200);
    const checked = (res.data as { checked: { amounts: ReturnType<typeof orderAmounts>; modulesOff: string[] } })
      .checked;
    expect(checked.amounts).toEqual(
      orderAmounts({
        employees: 25,
        teams: 3,
        modules: ["team-review", "self-review", "flow"],
        billingPeriod: "month",
      }),
    );
    expect(checked.amounts.vatCents).toBe(Math.round(checked.amounts.netCents * 0.21));
    // Every other module would go off.
    expect(checked.modulesOff).toContain("dialog");
    expect(await ordersOf(w.account.id)).toEqual([]);
  });

  it("refuses fewer employees or teams than in use, next to the field", async () => {
    const employees = unwrapData(await check(w, { ...order, employees: "1" }));
    expect(employees.status).toBe(400);
    expect((employees.data as { error: Record<string, string[]> }).error.employees).toEqual([
      "account:order.belowUseEmployees",
    ]);
    const teams = unwrapData(await check(w, { ...order, teams: "0" }));
    expect((teams.data as { error: Record<string, string[]> }).error.teams).toEqual(["validation:minMax"]);
  });

  it("answers bad input with messages next to the fields, never a 500", async () => {
    const res = unwrapData(
      await check(w, { employees: "veel", teams: "2.5", modules: ["no-such-module"], billingPeriod: "week" }),
    );
    expect(res.status).toBe(400);
    const error = (res.data as { error: Record<string, string[]> }).error;
    expect(error.employees).toBeDefined();
    expect(error.teams).toEqual(["validation:minMax"]);
    expect(error.billingPeriod).toEqual(["validation:choose"]);
    expect(Object.keys(error).some((k) => k.startsWith("modules"))).toBe(true);
  });
});

describe("placing an order", () => {
  it("stores the order, changes the licence and modules, records the audit event and queues the e-mail", async () => {
    const before = Date.now();
    const res = await confirm(w, order);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/account/licence");

    const [row] = await ordersOf(w.account.id);
    const amounts = orderAmounts({
      employees: 25,
      teams: 3,
      modules: ["team-review", "self-review", "flow"],
      billingPeriod: "month",
    });
    expect(row).toMatchObject({
      orderedByUserId: w.admin.user.id,
      employees: 25,
      teams: 3,
      modules: ["team-review", "self-review", "flow"],
      billingPeriod: "month",
      status: "to-be-invoiced",
      netCents: amounts.netCents,
      vatPercent: 21,
      vatCents: amounts.vatCents,
      totalCents: amounts.totalCents,
    });
    // From the trial, the paid month starts now.
    expect(row.periodStart.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.periodEnd.getTime() - row.periodStart.getTime()).toBeGreaterThan(27 * DAY);

    const [account] = await getDb().select().from(accounts).where(eq(accounts.id, w.account.id));
    expect(account).toMatchObject({ licenceStatus: "active", licensedEmployees: 25, licensedTeams: 3 });
    expect(account.licenceExpiresAt).toEqual(row.periodEnd);
    const modules = await getDb().select().from(accountModules).where(eq(accountModules.accountId, w.account.id));
    expect(
      modules
        .filter((m) => m.active)
        .map((m) => m.moduleKey)
        .sort(),
    ).toEqual(["flow", "self-review", "team-review"]);
    // Spec §4: a module off for the account is off in every cluster.
    const inCluster = await getDb().select().from(clusterModules).where(eq(clusterModules.clusterId, w.cluster.id));
    expect(inCluster.map((m) => m.moduleKey).sort()).toEqual(["flow", "self-review", "team-review"]);

    const [event] = await getDb()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.accountId, w.account.id), eq(auditEvents.action, "licence.order")));
    expect(event).toMatchObject({ actorUserId: w.admin.user.id, subjectType: "account", subjectId: w.account.id });
    expect(event.data).toMatchObject({ orderId: row.id, employees: 25, teams: 3, totalCents: amounts.totalCents });
    expect(JSON.stringify(event.data)).not.toContain(w.admin.user.email);

    const [mail] = await getDb()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.accountId, w.account.id), eq(emailOutbox.template, "licence-order")));
    expect(mail.toAddress).toBe(w.admin.user.email);
    expect(mail.props).toMatchObject({ totalCents: amounts.totalCents, billingPeriod: "month" });

    // The licence page shows the order and the new use against the licence.
    const page = (await loaderDataOf("/account/licence", "routes/_app+/account+/licence", w.cookie)) as {
      licenceStatus: string;
      licensedEmployees: number;
      orders: { number: string; status: string }[];
    };
    expect(page.licenceStatus).toBe("active");
    expect(page.licensedEmployees).toBe(25);
    expect(page.orders).toEqual([expect.objectContaining({ number: row.id.slice(0, 8).toUpperCase() })]);
  });

  it("extends a paid period that still runs instead of cutting it short", async () => {
    const [first] = await ordersOf(w.account.id);
    const res = await confirm(w, { ...order, employees: "30", billingPeriod: "year" });
    expect(res.headers.get("Location")).toBe("/account/licence");
    const [second] = await ordersOf(w.account.id);
    expect(second.periodStart).toEqual(first.periodEnd);
    const [account] = await getDb().select().from(accounts).where(eq(accounts.id, w.account.id));
    expect(account.licensedEmployees).toBe(30);
    expect(account.licenceExpiresAt).toEqual(second.periodEnd);
  });

  it("refuses a confirmation below use or with bad input: nothing stored, back to the form", async () => {
    const count = (await ordersOf(w.account.id)).length;
    for (const fields of [
      { ...order, employees: "1" },
      { ...order, billingPeriod: "week" },
    ]) {
      const res = await confirm(w, fields);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/account/subscription");
    }
    expect((await ordersOf(w.account.id)).length).toBe(count);
  });

  it("places a double submit once: the second post of the same order answers the first, one e-mail", async () => {
    const twice = await trialWorld();
    const answers = await Promise.all([confirm(twice, order), confirm(twice, order)]);
    expect(answers.map((r) => r.headers.get("Location"))).toEqual(["/account/licence", "/account/licence"]);
    expect((await ordersOf(twice.account.id)).length).toBe(1);
    const mails = await getDb()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.accountId, twice.account.id), eq(emailOutbox.template, "licence-order")));
    expect(mails.length).toBe(1);
    // A different order right after is a new order.
    await confirm(twice, { ...order, teams: "4" });
    expect((await ordersOf(twice.account.id)).map((o) => o.teams)).toEqual([4, 3]);
  });

  it("keeps accounts apart: another account's admin sees none of these orders and changes only their own licence", async () => {
    const page = (await loaderDataOf("/account/licence", "routes/_app+/account+/licence", other.cookie)) as {
      orders: unknown[];
      licenceStatus: string;
    };
    expect(page.orders).toEqual([]);
    expect(page.licenceStatus).toBe("trial");
    const wBefore = await getDb().select().from(accounts).where(eq(accounts.id, w.account.id));
    await confirm(other, { ...order, employees: "40" });
    expect((await ordersOf(other.account.id)).map((o) => o.employees)).toEqual([40]);
    expect(await getDb().select().from(accounts).where(eq(accounts.id, w.account.id))).toEqual(wBefore);
  });
});
