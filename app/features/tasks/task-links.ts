import { isTaskTab, type TaskTab } from "./tasks.schema";

/** The tab of a URL, or a 404 for any other word. */
export function parseTaskTab(value: string | undefined): TaskTab {
  if (!isTaskTab(value)) throw new Response("Not found", { status: 404 });
  return value;
}

/** The list a form came from (the tab with its done toggle): only /tasks/{tab}, so never another site. */
export function taskListHref(tab: TaskTab, showDone: boolean): string {
  return `/tasks/${tab}${showDone ? "?done=1" : ""}`;
}

/** A `redirectTo` field that names a tasks page of this site, else the fallback. */
export function safeTaskHref(value: FormDataEntryValue | null, fallback: string): string {
  const href = typeof value === "string" ? value : "";
  return /^\/tasks\/[a-z]+(\/[0-9a-f-]{36})?(\?done=1)?$/.test(href) ? href : fallback;
}

/** Which kind of thing the new-form of a tab makes: notes on the notes tab, tasks elsewhere. */
export function typeForTab(tab: TaskTab): "task" | "note" {
  return tab === "notes" ? "note" : "task";
}
