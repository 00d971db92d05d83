import type { BillingPeriod } from "#db/schema/enums-licence";
import { moduleKeys, type ModuleKey } from "~/utils/modules";

/**
 * The price list of a licence (decision 1630; the spec names no fees): euro cents per month, excluding VAT.
 * A licence is a number of employees with access, a number of teams and the modules; each employee pays the
 * base price plus each ordered module's price, each team a fixed price. A year costs ten months.
 */
export const PRICE_LIST = {
  perEmployee: 250,
  perTeam: 200,
  perEmployeeModule: {
    "team-review": 100,
    "self-review": 75,
    "peer-review": 75,
    flow: 50,
    dialog: 75,
    competences: 75,
    "knowledge-areas": 50,
    "growth-and-ambition": 50,
    "2fa": 0,
  } satisfies Record<ModuleKey, number>,
} as const;

export const VAT_PERCENT = 21;
export const MONTHS_BILLED: Record<BillingPeriod, number> = { month: 1, year: 10 };
export const MONTHS_RUN: Record<BillingPeriod, number> = { month: 1, year: 12 };

/** The most an order can hold: beyond this a customer talks to sales. */
export const MAX_ORDER_EMPLOYEES = 100_000;
export const MAX_ORDER_TEAMS = 10_000;

export type LicenceChoice = {
  employees: number;
  teams: number;
  modules: readonly ModuleKey[];
  billingPeriod: BillingPeriod;
};

export type OrderAmounts = {
  /** One line per priced part, for the confirmation and the e-mail. */
  lines: { key: "employees" | "teams" | ModuleKey; quantity: number; unitCents: number; cents: number }[];
  netCents: number;
  vatPercent: number;
  vatCents: number;
  totalCents: number;
};

/** What a licence choice costs for one billing period. */
export function orderAmounts(choice: LicenceChoice): OrderAmounts {
  const months = MONTHS_BILLED[choice.billingPeriod];
  const line = (key: OrderAmounts["lines"][number]["key"], quantity: number, perMonth: number) => ({
    key,
    quantity,
    unitCents: perMonth * months,
    cents: quantity * perMonth * months,
  });
  const ordered = moduleKeys.filter((key) => choice.modules.includes(key));
  const lines = [
    line("employees", choice.employees, PRICE_LIST.perEmployee),
    line("teams", choice.teams, PRICE_LIST.perTeam),
    ...ordered.map((key) => line(key, choice.employees, PRICE_LIST.perEmployeeModule[key])),
  ];
  const netCents = lines.reduce((sum, l) => sum + l.cents, 0);
  const vatCents = Math.round((netCents * VAT_PERCENT) / 100);
  return { lines, netCents, vatPercent: VAT_PERCENT, vatCents, totalCents: netCents + vatCents };
}

/** The end of a period of `period` starting at `start` (a calendar month or year later). */
export function periodEnd(start: Date, period: BillingPeriod): Date {
  const end = new Date(start);
  end.setMonth(end.getMonth() + MONTHS_RUN[period]);
  return end;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Euro cents as the language writes money (€ 1.234,50 in Dutch). */
export function formatEuro(cents: number, language: string): string {
  let format = moneyFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { style: "currency", currency: "EUR" });
    moneyFormats.set(language, format);
  }
  return format.format(cents / 100);
}
