import { useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import { ListTable, type Column } from "~/components/ui/table";
import { formatDate } from "~/utils/format";
import type { TaskAbility } from "../task-rules";
import type { TaskTab } from "../tasks.schema";

export type TaskRowData = {
  id: string;
  type: "task" | "note";
  title: string;
  done: boolean;
  dueDate: string;
  overdue: boolean;
  seen: boolean;
  archived: boolean;
  sender: { id: string; name: string };
  receiver: { id: string; name: string };
  createdAt: string;
  may: Record<TaskAbility, boolean>;
};

/** The list of one tab. Done and archive are forms (a fetcher with JavaScript: optimistic, reverted on refusal). */
export function TaskTable({ tab, tasks, listHref }: { tab: TaskTab; tasks: TaskRowData[]; listHref: string }) {
  const { t } = useTranslation();
  const columns: Column[] = [
    tab !== "notes" && tab !== "archive" && { label: t("tasks:columns.done") },
    { label: t("tasks:columns.title") },
    tab === "archive" && { label: t("tasks:columns.type") },
    (tab === "inbox" || tab === "received" || tab === "archive") && { label: t("tasks:columns.from") },
    (tab === "send" || tab === "archive") && { label: t("tasks:columns.to") },
    tab !== "notes" && { label: t("tasks:columns.due") },
    tab === "send" && { label: t("tasks:columns.seen") },
    tab === "notes" && { label: t("tasks:columns.created") },
    { label: t("tasks:columns.actions"), hidden: true },
  ];
  return (
    <ListTable columns={columns} caption={t(`tasks:tabs.${tab}`)}>
      {tasks.map((task) => (
        <TaskRow key={task.id} tab={tab} task={task} listHref={listHref} />
      ))}
    </ListTable>
  );
}

function TaskRow({ tab, task, listHref }: { tab: TaskTab; task: TaskRowData; listHref: string }) {
  const { t } = useTranslation();
  const doneFetcher = useFetcher();
  const archiveFetcher = useFetcher();
  const action = `/tasks/${tab}/${task.id}`;
  // Optimistic: while the form is on its way the row shows what was asked; the answer (the list loaded
  // again, with the spec's message when refused) puts it right.
  const pendingDone = doneFetcher.formData?.get("intent");
  const done = pendingDone ? pendingDone === "done" : task.done;
  if (archiveFetcher.formData) return null;
  const showDoneCell = tab !== "notes" && tab !== "archive";
  return (
    <tr className={`border-b ${done ? "text-ink-muted" : ""}`}>
      {showDoneCell ? (
        <td className="p-2">
          {task.may.done ? (
            <doneFetcher.Form method="post" action={action}>
              <input type="hidden" name="intent" value={done ? "undone" : "done"} />
              <input type="hidden" name="redirectTo" value={listHref} />
              <button
                type="submit"
                aria-pressed={done}
                aria-label={t(done ? "tasks:actions.markOpenOf" : "tasks:actions.markDoneOf", { title: task.title })}
                className="rounded border border-gray-400 bg-white px-2 py-1"
              >
                <span aria-hidden="true">{done ? "☑" : "☐"}</span>
              </button>
            </doneFetcher.Form>
          ) : (
            <span>{done ? t("tasks:state.done") : t("tasks:state.open")}</span>
          )}
        </td>
      ) : null}
      <td className="p-2">
        <AppLink href={`/tasks/${tab}/${task.id}`} className={done ? "line-through" : undefined}>
          {task.title}
        </AppLink>
        {task.may.seen && !task.seen ? (
          <span className="ml-2 rounded bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
            {t("tasks:state.unseen")}
          </span>
        ) : null}
      </td>
      {tab === "archive" ? <td className="p-2">{t(`tasks:types.${task.type}`)}</td> : null}
      {tab === "inbox" || tab === "received" || tab === "archive" ? <td className="p-2">{task.sender.name}</td> : null}
      {tab === "send" || tab === "archive" ? <td className="p-2">{task.receiver.name}</td> : null}
      {tab !== "notes" ? (
        <td className="p-2">
          {task.dueDate}
          {task.overdue && !done ? (
            <span className="ml-2 font-semibold text-danger">{t("tasks:state.overdue")}</span>
          ) : null}
        </td>
      ) : null}
      {tab === "send" ? (
        <td className="p-2">
          {task.seen ? t("tasks:state.seen") : t("tasks:state.notSeen")}
          {done ? ` · ${t("tasks:state.done")}` : ""}
        </td>
      ) : null}
      {tab === "notes" ? <td className="p-2">{formatDate(task.createdAt)}</td> : null}
      <td className="p-2 text-right">
        {task.may.archive ? (
          <archiveFetcher.Form method="post" action={action}>
            <input type="hidden" name="intent" value={task.archived ? "unarchive" : "archive"} />
            <input type="hidden" name="redirectTo" value={listHref} />
            <button
              type="submit"
              aria-label={t(task.archived ? "tasks:actions.unarchiveOf" : "tasks:actions.archiveOf", {
                title: task.title,
              })}
              className="rounded border border-gray-400 bg-white px-3 py-1"
            >
              {task.archived ? t("tasks:actions.unarchive") : t("tasks:actions.archive")}
            </button>
          </archiveFetcher.Form>
        ) : null}
      </td>
    </tr>
  );
}
