/**
 * Demo BV's licence history (decision 1630): last year's order, paid, and the renewal for the running year, ordered
 * by the account admin a week before it began (a month ago) and invoiced, so admin@demo.nl finds a paid licence with its orders on
 * /account/licence and can change it on /account/subscription. Andere BV has no orders: its licence is its own.
 * The amounts are the price list's, as an order placed through the form would have them.
 */
import { and, eq } from "drizzle-orm";
import { accountModules, accounts, licenceOrders, users } from "#db/schema";
import { orderAmounts, periodEnd, type LicenceChoice } from "~/features/account/licence-prices";
import { moduleKeys } from "~/utils/modules";
import { addDays, type SeedContext } from "../context";
import { demoUsers } from "../demo-data";
import type { DemoTenants } from "./accounts-and-clusters";

export async function seedLicenceOrders({ tx }: SeedContext, input: { tenants: DemoTenants }): Promise<void> {
  const accountId = input.tenants.accounts.demo;
  const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId));
  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.email, demoUsers.admin)));
  const active = await tx
    .select({ key: accountModules.moduleKey })
    .from(accountModules)
    .where(and(eq(accountModules.accountId, accountId), eq(accountModules.active, true)));
  const modules = moduleKeys.filter((key) => active.some((m) => m.key === key));
  // The running year ends when the demo licence does; last year's period ended when this one began.
  const end = account.licenceExpiresAt!;
  const start = new Date(end);
  start.setFullYear(start.getFullYear() - 1);
  const lastStart = new Date(start);
  lastStart.setFullYear(lastStart.getFullYear() - 1);
  const order = (choice: LicenceChoice, period: { start: Date; createdAt: Date }, status: "paid" | "invoiced") => {
    const amounts = orderAmounts(choice);
    return {
      accountId,
      orderedByUserId: admin.id,
      employees: choice.employees,
      teams: choice.teams,
      modules: [...choice.modules],
      billingPeriod: choice.billingPeriod,
      periodStart: period.start,
      periodEnd: periodEnd(period.start, choice.billingPeriod),
      netCents: amounts.netCents,
      vatPercent: amounts.vatPercent,
      vatCents: amounts.vatCents,
      totalCents: amounts.totalCents,
      status,
      createdAt: period.createdAt,
    };
  };
  await tx
    .insert(licenceOrders)
    .values([
      order(
        { employees: 120, teams: 15, modules, billingPeriod: "year" },
        { start: lastStart, createdAt: addDays(lastStart, -7) },
        "paid",
      ),
      order(
        { employees: account.licensedEmployees, teams: account.licensedTeams, modules, billingPeriod: "year" },
        { start, createdAt: addDays(start, -7) },
        "invoiced",
      ),
    ]);
}
