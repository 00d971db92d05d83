/** Pure: when a connector's schedule is due (Europe/Amsterdam), as a slot key "YYYY-MM-DD HH:MM". */

export type Schedule = { schedule: "off" | "daily" | "weekly"; weekday: number; time: string };

const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Amsterdam",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  weekday: "short",
  hourCycle: "h23",
});
const weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/** The local date, time ("HH:MM") and ISO weekday (1 = Monday) of a moment in Europe/Amsterdam. */
export function localParts(moment: Date): { date: string; time: string; weekday: number } {
  const p = Object.fromEntries(parts.formatToParts(moment).map((x) => [x.type, x.value]));
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    time: `${p.hour}:${p.minute}`,
    weekday: weekdays.indexOf(p.weekday) + 1,
  };
}

/**
 * The slot due at `now`: today's (or, weekly, this weekday's) time has passed today, and the slot lies
 * after `since` (a new or changed schedule does not catch up on the past). A missed day is not caught
 * up either: only today's slot counts. null when nothing is due.
 */
export function dueSlot(schedule: Schedule, now: Date, since: Date | null): string | null {
  if (schedule.schedule === "off") return null;
  const local = localParts(now);
  if (schedule.schedule === "weekly" && local.weekday !== schedule.weekday) return null;
  if (local.time < schedule.time) return null;
  const slot = `${local.date} ${schedule.time}`;
  if (since) {
    const from = localParts(since);
    if (slot < `${from.date} ${from.time}`) return null;
  }
  return slot;
}
