import type { UpdatesFrequency } from "#db/schema/enums";

/**
 * The digest's periods (docs/decisions/1100): fixed blocks of 7, 14 or 28 days counted from Monday
 * 1 January 2024, in Europe/Amsterdam dates, so that every worker computes the same period for the
 * same day and a membership's digest is recorded once per (membership, period start).
 */
export type DigestFrequency = Exclude<UpdatesFrequency, "none">;

export const digestPeriodDays: Record<DigestFrequency, number> = { weekly: 7, biweekly: 14, fourweekly: 28 };

const EPOCH = Date.UTC(2024, 0, 1);
const DAY = 86_400_000;

function dayNumber(isoDate: string): number {
  const [year, month, day] = isoDate.split("-").map(Number);
  return Math.round((Date.UTC(year, month - 1, day) - EPOCH) / DAY);
}

function isoOf(dayNumberSinceEpoch: number): string {
  return new Date(EPOCH + dayNumberSinceEpoch * DAY).toISOString().slice(0, 10);
}

export function isDigestFrequency(frequency: string): frequency is DigestFrequency {
  return Object.prototype.hasOwnProperty.call(digestPeriodDays, frequency);
}

/** The first day (yyyy-MM-dd) of the period that contains `today` (yyyy-MM-dd); null for "none". */
export function periodStartFor(frequency: UpdatesFrequency, today: string): string | null {
  if (!isDigestFrequency(frequency)) return null;
  const length = digestPeriodDays[frequency];
  return isoOf(Math.floor(dayNumber(today) / length) * length);
}

/**
 * Whether a digest is due: the member wants digests and has none for the period containing `today`
 * yet (`lastPeriodStart`: the period start of their latest digest, or null).
 */
export function isDigestDue(frequency: UpdatesFrequency, today: string, lastPeriodStart: string | null): boolean {
  const start = periodStartFor(frequency, today);
  return start !== null && (lastPeriodStart === null || lastPeriodStart < start);
}

/**
 * Where "what changed" starts: the last digest, or one period before this one for a first digest.
 * `periodStart` is yyyy-MM-dd; the answer is an instant.
 */
export function digestSince(frequency: DigestFrequency, periodStart: string, lastSentAt: Date | null): Date {
  if (lastSentAt) return lastSentAt;
  return new Date(EPOCH + (dayNumber(periodStart) - digestPeriodDays[frequency]) * DAY);
}
