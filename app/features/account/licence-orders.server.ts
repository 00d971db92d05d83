import { and, desc, eq, gt, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { accounts, licenceOrders, users } from "#db/schema";
import { auditBy, recordAudit } from "~/features/audit/audit.server";
import { enqueueEmailDelivery, queueEmail } from "~/features/email/outbox.server";
import { formatDate } from "~/utils/dates";
import { moduleKeys } from "~/utils/modules";
import { personName } from "~/utils/person-name";
import type { Result } from "~/utils/results.server";
import type { TenantContext } from "~/utils/tenant.server";
import { activeAccountModules, applyAccountModules } from "./account-modules.server";
import { getAccountDashboard } from "./account.server";
import { isLicenceActive } from "./licence.server";
import type { CheckedOrder, LicenceOrderInput } from "./licence-order.schema";
import { orderAmounts, periodEnd } from "./licence-prices";

/** A second post of the same order within this time is the first one again (a double click, a resent form: 1700). */
const REPEAT_WINDOW = "2 minutes";

type Usage = Awaited<ReturnType<typeof getAccountDashboard>>;

/**
 * An order may not licence fewer employees with access or teams than the account uses now (decision 1630):
 * the refusal stands next to the field it is about.
 */
function belowUse(input: Pick<LicenceOrderInput, "employees" | "teams">, usage: Usage): Result {
  if (input.employees < usage.employees)
    return { ok: false, field: "employees", errorKey: "account:order.belowUseEmployees" };
  if (input.teams < usage.teams) return { ok: false, field: "teams", errorKey: "account:order.belowUseTeams" };
  return { ok: true };
}

/** What the licence page shows: status, use against the licence, the licensed modules and the orders. */
export async function getLicenceOverview(ctx: TenantContext) {
  const usage = await getAccountDashboard(ctx);
  const modules = await activeAccountModules(getDb(), ctx.accountId);
  return {
    ...usage,
    modules: moduleKeys.filter((key) => modules.includes(key)),
    overuse: { employees: usage.employees > usage.licensedEmployees, teams: usage.teams > usage.licensedTeams },
    orders: await listLicenceOrders(ctx),
  };
}

/** The order form's starting values: the licence as it is (at least what is used), billed yearly. */
export async function currentLicenceChoice(ctx: TenantContext) {
  const usage = await getAccountDashboard(ctx);
  const modules = await activeAccountModules(getDb(), ctx.accountId);
  return {
    choice: {
      employees: Math.max(usage.licensedEmployees, usage.employees, 1),
      teams: Math.max(usage.licensedTeams, usage.teams, 1),
      modules,
      billingPeriod: "year" as const,
    },
    usage: { employees: usage.employees, teams: usage.teams },
  };
}

/**
 * Checks an order without placing it (the form's "check" step and the confirmation page): the amounts, and the
 * modules that would go off in every organisation.
 */
export async function reviewLicenceOrder(
  ctx: TenantContext,
  input: LicenceOrderInput,
): Promise<Result<{ checked: CheckedOrder }>> {
  const usage = await getAccountDashboard(ctx);
  const refused = belowUse(input, usage);
  if (!refused.ok) return refused;
  const active = await activeAccountModules(getDb(), ctx.accountId);
  const modulesOff = active.filter((key) => !input.modules.includes(key));
  return { ok: true, checked: { input, amounts: orderAmounts(input), modulesOff } };
}

/**
 * Places the order (decision 1630), in one transaction: the order row (to be invoiced), the licence changed at
 * once (amounts, modules, active until the end of the ordered period; a period still running is extended, not
 * cut short), an audit event, and the confirmation e-mail to the person who ordered, sent after the commit.
 * The same order by the same person again within REPEAT_WINDOW places nothing: it answers the first (`repeated`).
 */
export async function placeLicenceOrder(
  ctx: TenantContext,
  input: LicenceOrderInput,
  ip: string | null,
  now: Date = new Date(),
): Promise<Result<{ orderId: string; repeated: boolean }>> {
  const placed = await getDb().transaction(async (tx) => {
    // One order at a time per account: the second waits and checks against what the first left.
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, ctx.accountId)).for("update");
    const modules = moduleKeys.filter((key) => input.modules.includes(key));
    const [latest] = await tx
      .select()
      .from(licenceOrders)
      .where(
        and(
          eq(licenceOrders.accountId, ctx.accountId),
          gt(licenceOrders.createdAt, sql`now() - ${REPEAT_WINDOW}::interval`),
        ),
      )
      .orderBy(desc(licenceOrders.createdAt))
      .limit(1);
    if (
      latest &&
      latest.orderedByUserId === ctx.user.id &&
      latest.employees === input.employees &&
      latest.teams === input.teams &&
      latest.billingPeriod === input.billingPeriod &&
      latest.modules.join() === modules.join()
    )
      return { ok: true as const, orderId: latest.id, emailId: null, repeated: true };
    const refused = belowUse(input, await getAccountDashboard(ctx, tx));
    if (!refused.ok) return refused;
    const { lines, ...totals } = orderAmounts(input);
    const running = account.licenceStatus === "active" && isLicenceActive({ account }, now) && account.licenceExpiresAt;
    const start = running ? account.licenceExpiresAt! : now;
    const end = periodEnd(start, input.billingPeriod);
    const [order] = await tx
      .insert(licenceOrders)
      .values({
        accountId: ctx.accountId,
        orderedByUserId: ctx.user.id,
        employees: input.employees,
        teams: input.teams,
        modules,
        billingPeriod: input.billingPeriod,
        periodStart: start,
        periodEnd: end,
        ...totals,
      })
      .returning({ id: licenceOrders.id });
    await tx
      .update(accounts)
      .set({
        licenceStatus: "active",
        licensedEmployees: input.employees,
        licensedTeams: input.teams,
        licenceExpiresAt: end,
        updatedAt: now,
      })
      .where(eq(accounts.id, ctx.accountId));
    await applyAccountModules(tx, ctx.accountId, modules);
    await recordAudit(tx, {
      ...auditBy(ctx, ip),
      subjectType: "account",
      subjectId: ctx.accountId,
      action: "licence.order",
      data: {
        orderId: order.id,
        employees: input.employees,
        teams: input.teams,
        modules,
        billingPeriod: input.billingPeriod,
        totalCents: totals.totalCents,
      },
    });
    const emailId = await queueEmail(tx, {
      accountId: ctx.accountId,
      to: ctx.user.email,
      template: "licence-order",
      locale: ctx.user.language,
      props: {
        firstName: ctx.user.firstName,
        orderNumber: orderNumber(order.id),
        accountName: ctx.account.name,
        billingPeriod: input.billingPeriod,
        periodStart: start.toISOString(),
        periodEnd: end.toISOString(),
        lines,
        ...totals,
      },
    });
    return { ok: true as const, orderId: order.id, emailId, repeated: false };
  });
  if (!placed.ok) return placed;
  if (placed.emailId) await enqueueEmailDelivery(placed.emailId);
  return { ok: true, orderId: placed.orderId, repeated: placed.repeated };
}

/** The number an order is known by on its invoice and in the e-mail: the first eight characters of its id. */
export function orderNumber(orderId: string): string {
  return orderId.slice(0, 8).toUpperCase();
}

/** The account's orders, newest first, with who placed them. */
export async function listLicenceOrders(ctx: Pick<TenantContext, "accountId">, db: DbOrTx = getDb()) {
  const rows = await db
    .select({
      id: licenceOrders.id,
      createdAt: licenceOrders.createdAt,
      employees: licenceOrders.employees,
      teams: licenceOrders.teams,
      modules: licenceOrders.modules,
      billingPeriod: licenceOrders.billingPeriod,
      periodStart: licenceOrders.periodStart,
      periodEnd: licenceOrders.periodEnd,
      totalCents: licenceOrders.totalCents,
      status: licenceOrders.status,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(licenceOrders)
    .leftJoin(users, eq(users.id, licenceOrders.orderedByUserId))
    .where(eq(licenceOrders.accountId, ctx.accountId))
    .orderBy(desc(licenceOrders.createdAt));
  return rows.map((r) => ({
    id: r.id,
    number: orderNumber(r.id),
    orderedAt: formatDate(r.createdAt),
    orderedBy: r.email === null ? null : personName(r.firstName, r.lastName, r.email),
    employees: r.employees,
    teams: r.teams,
    modules: r.modules,
    billingPeriod: r.billingPeriod,
    period: `${formatDate(r.periodStart)} – ${formatDate(r.periodEnd)}`,
    totalCents: r.totalCents,
    status: r.status,
  }));
}
