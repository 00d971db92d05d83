import * as z from "zod";

/** The ranges of the retention settings (decision 1561): months after leaving or finishing, days for files. */
export const RETENTION_LIMITS = { months: { min: 1, max: 120 }, days: { min: 1, max: 365 } } as const;

const MONTHS = "audit:retention.errors.months";
const DAYS = "audit:retention.errors.days";

/** A whole number in a range, typed as text; `error` when it is anything else. */
const whole = (min: number, max: number, error: string) =>
  z
    .string({ error })
    .trim()
    .regex(/^\d{1,4}$/, { error })
    .transform(Number)
    .pipe(z.number().min(min, { error }).max(max, { error }));

/** Empty: kept as long as the person is (no separate deadline). */
const optionalWhole = (min: number, max: number, error: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => v || null)
    .pipe(whole(min, max, error).nullable());

export const retentionSchema = z.object({
  peopleMonths: whole(RETENTION_LIMITS.months.min, RETENTION_LIMITS.months.max, MONTHS),
  reviewTextMonths: optionalWhole(RETENTION_LIMITS.months.min, RETENTION_LIMITS.months.max, MONTHS),
  dialogMonths: optionalWhole(RETENTION_LIMITS.months.min, RETENTION_LIMITS.months.max, MONTHS),
  importDays: whole(RETENTION_LIMITS.days.min, RETENTION_LIMITS.days.max, DAYS),
});
export type RetentionSettings = z.infer<typeof retentionSchema>;

/** The confirmation of an erasure: the admin ticks that it cannot be undone. */
export const erasureConfirmSchema = z.object({
  confirm: z.literal("on", { error: "audit:erasure.confirmRequired" }),
});
