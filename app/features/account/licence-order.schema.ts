import * as z from "zod";
import { billingPeriods } from "#db/schema/enums-licence";
import { moduleKeys } from "~/utils/modules";
import { MAX_ORDER_EMPLOYEES, MAX_ORDER_TEAMS, type OrderAmounts } from "./licence-prices";

const amount = (max: number) =>
  z.coerce
    .number({ error: "validation:required" })
    .int({ error: "validation:minMax" })
    .min(1, { error: "validation:minMax" })
    .max(max, { error: "validation:minMax" });

/** The order form and its confirmation (the same fields, hidden there): what the licence becomes. */
export const licenceOrderSchema = z.object({
  employees: amount(MAX_ORDER_EMPLOYEES),
  teams: amount(MAX_ORDER_TEAMS),
  modules: z
    .array(z.enum(moduleKeys, { error: "validation:choose" }))
    .optional()
    .default([]),
  billingPeriod: z.enum(billingPeriods, { error: "validation:choose" }),
});
export type LicenceOrderInput = z.infer<typeof licenceOrderSchema>;

/** An order that passed the check: what it is, what it costs, which modules it switches off. */
export type CheckedOrder = { input: LicenceOrderInput; amounts: OrderAmounts; modulesOff: string[] };

/** The order as a query string: the confirmation page's address carries it (a link without JavaScript). */
export function orderQuery(input: LicenceOrderInput): string {
  const query = new URLSearchParams({
    employees: String(input.employees),
    teams: String(input.teams),
    billingPeriod: input.billingPeriod,
  });
  for (const key of input.modules) query.append("modules", key);
  return query.toString();
}
