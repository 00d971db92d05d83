/**
 * The dialog's rules that need no database (spec §4, §9; docs/decisions/1000). Client-safe.
 */
import type { DialogState } from "#db/schema/enums-dialogs";

/** Spec §9: five successive actions per learning goal's initiative. */
export const MAX_ACTIONS = 5;
export const TITLE_MAX = 300;
export const TEXT_MAX = 4000;

/**
 * The id of a form of the dialog page: its intent and the row it is about. The page names its forms with it and
 * the action answers a refused form under it, so the messages land next to that one form.
 */
export const dialogFormId = (intent: string, target = "") => (target ? `${intent}-${target}` : intent);

/** Only a started dialog's content changes; finished and archived ones are read-only until reopened. */
export const isEditable = (state: DialogState) => state === "started";

/** The state changes a dialog offers in each state. */
export function nextStates(state: DialogState): ("finish" | "archive" | "reopen")[] {
  if (state === "started") return ["finish", "archive"];
  if (state === "finished") return ["archive", "reopen"];
  return ["reopen"];
}

/** An absolute http or https address; anything else (javascript:, mailto:, relative) is refused. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Share of actions done, whole percent (0 without actions). */
export function shareDone(actions: readonly { completed: boolean }[]): number {
  if (actions.length === 0) return 0;
  return Math.round((100 * actions.filter((a) => a.completed).length) / actions.length);
}

/**
 * The progress offered after an action was completed or reopened: the share of the initiative's actions
 * that are done. The person decides whether to take it (spec §4 "asked whether to adjust").
 */
export function suggestedProgress(actions: readonly { completed: boolean }[]): number {
  return shareDone(actions);
}
