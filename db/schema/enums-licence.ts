/** Client-safe enums of licence orders (the form's schema reads them). */
export const billingPeriods = ["month", "year"] as const;
export type BillingPeriod = (typeof billingPeriods)[number];

/** Where an order stands with the invoicing; payment itself is by invoice, outside the product (decision 1630). */
export const licenceOrderStatuses = ["to-be-invoiced", "invoiced", "paid", "cancelled"] as const;
export type LicenceOrderStatus = (typeof licenceOrderStatuses)[number];
