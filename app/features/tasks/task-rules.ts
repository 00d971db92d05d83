import { isoDayIn } from "~/utils/format";

/**
 * Who may do what to a task or note (client-safe, so the pages show only the buttons that work and the
 * services refuse the rest with the same rule). A note is its author's alone; a task's sender edits and
 * deletes it, its receiver marks it done and seen, and either of them archives it.
 */
export type TaskParties = { type: "task" | "note"; senderId: string; receiverId: string };
export type TaskAbility = "view" | "edit" | "delete" | "done" | "seen" | "archive";

export function taskAbilities(task: TaskParties, membershipId: string | null): Record<TaskAbility, boolean> {
  const isSender = membershipId !== null && task.senderId === membershipId;
  const isReceiver = membershipId !== null && task.receiverId === membershipId;
  if (task.type === "note") {
    return { view: isSender, edit: isSender, delete: isSender, done: false, seen: false, archive: isSender };
  }
  return {
    view: isSender || isReceiver,
    edit: isSender,
    delete: isSender,
    done: isReceiver,
    seen: isReceiver,
    archive: isSender || isReceiver,
  };
}

/** A task is overdue when it is open and its due date (yyyy-MM-dd) is before today (yyyy-MM-dd). */
export function isOverdue(task: { done: boolean; dueDate: string | null }, today: string): boolean {
  return !task.done && task.dueDate !== null && task.dueDate < today;
}

/** Today as yyyy-MM-dd in a time zone (the day a due date is compared with). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return isoDayIn(now, timeZone);
}
