import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import { ConfirmLink } from "~/components/confirm-dialog";
import { Button } from "~/components/ui/forms";
import { TaskDeleteConfirm } from "~/features/tasks/components/task-delete-confirm";
import { parseTaskTab, safeTaskHref, taskListHref } from "~/features/tasks/task-links";
import { taskErrors } from "~/features/tasks/tasks.schema";
import { taskAboutHref } from "~/features/tasks/task-about.server";
import { getTask, markTaskSeen, setTaskArchived, setTaskDone } from "~/features/tasks/tasks.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireUser, type TenantContext } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { formatDate } from "~/utils/format";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["tasks"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** One task or note. Opening it marks it seen for its receiver (spec §4). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireUser(request);
  const tab = parseTaskTab(params.tab);
  await markTaskSeen(ctx, params.id ?? "", { onOpen: true });
  const task = await getTask(ctx, params.id ?? "");
  const t = await getServerT(request);
  // What the task is about, as a link when the reader may open that page (else its name only).
  const aboutHref = await taskAboutHref(ctx, task.about, { senderId: task.sender.id, receiverId: task.receiver.id });
  return { title: `${task.title} · ${pageTitle(t, "tasks:title")}`, tab, task, aboutHref };
}

const intents = {
  seen: { run: (ctx: TenantContext, id: string) => markTaskSeen(ctx, id), value: true, ok: "tasks:toast.seen" },
  done: { run: setTaskDone, value: true, ok: "tasks:toast.done" },
  undone: { run: setTaskDone, value: false, ok: "tasks:toast.undone" },
  archive: { run: setTaskArchived, value: true, ok: "tasks:toast.archived" },
  unarchive: { run: setTaskArchived, value: false, ok: "tasks:toast.unarchived" },
} as const;

/**
 * The list's and this page's small forms: done/undone, archive/unarchive, seen. Always post/redirect/get
 * (with a fetcher too): a refusal lands on the list with the spec's message and the row as it was.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireUser(request);
  const tab = parseTaskTab(params.tab);
  const id = params.id ?? "";
  await getTask(ctx, id);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const back = safeTaskHref(form.get("redirectTo"), `/tasks/${tab}/${id}`);
  if (!(intent in intents)) return redirectWithToast(back, { type: "error", key: taskErrors.save });
  const chosen = intents[intent as keyof typeof intents];
  const result = await chosen.run(ctx, id, chosen.value);
  if (!result.ok) return redirectWithToast(back, { type: "error", key: result.errorKey });
  // Archived from its own page: back to the list, where it no longer is.
  const target = intent === "archive" && back === `/tasks/${tab}/${id}` ? taskListHref(tab, false) : back;
  return redirectWithToast(target, { key: chosen.ok });
}

export default function TaskPage() {
  const { t } = useTranslation();
  const { tab, task, aboutHref } = useLoaderData<typeof loader>();
  const self = `/tasks/${tab}/${task.id}`;
  return (
    <div className="max-w-2xl">
      <p className="mb-2">
        <AppLink href={`/tasks/${tab}`}>{t("tasks:actions.back")}</AppLink>
      </p>
      <h1 className="mb-4">{task.title}</h1>
      <div className="rounded bg-white p-6 shadow-sm">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2">
          <dt className="font-medium">{t("tasks:columns.type")}</dt>
          <dd>{t(`tasks:types.${task.type}`)}</dd>
          {task.type === "task" ? (
            <>
              <dt className="font-medium">{t("tasks:detail.from")}</dt>
              <dd>{task.sender.name}</dd>
              <dt className="font-medium">{t("tasks:detail.to")}</dt>
              <dd>{task.receiver.name}</dd>
              <dt className="font-medium">{t("tasks:detail.state")}</dt>
              <dd>
                {task.done ? t("tasks:state.done") : t("tasks:state.open")}
                {" · "}
                {task.seen ? t("tasks:state.seen") : t("tasks:state.notSeen")}
                {task.archived ? ` · ${t("tasks:state.archived")}` : ""}
              </dd>
            </>
          ) : null}
          {task.dueDate ? (
            <>
              <dt className="font-medium">{t("tasks:detail.due")}</dt>
              <dd>
                {task.dueDate}
                {task.overdue ? (
                  <span className="ml-2 font-semibold text-danger">{t("tasks:state.overdue")}</span>
                ) : null}
              </dd>
            </>
          ) : null}
          {task.about ? (
            <>
              <dt className="font-medium">{t("tasks:detail.about")}</dt>
              <dd>
                {t(`tasks:about.${task.about.type}`)}:{" "}
                {aboutHref ? (
                  <AppLink href={aboutHref} className="underline">
                    {task.about.name}
                  </AppLink>
                ) : (
                  task.about.name
                )}
              </dd>
            </>
          ) : null}
          <dt className="font-medium">{t("tasks:detail.created")}</dt>
          <dd>{formatDate(task.createdAt)}</dd>
        </dl>
        <h2 className="mt-6 text-lg font-semibold">{t("tasks:detail.description")}</h2>
        <p className="mt-2 whitespace-pre-line">{task.description || t("tasks:detail.noDescription")}</p>
      </div>
      <div className="mt-6 flex flex-wrap items-center gap-4">
        {task.may.done ? (
          <Form method="post" action={self}>
            <input type="hidden" name="intent" value={task.done ? "undone" : "done"} />
            <input type="hidden" name="redirectTo" value={self} />
            <Button>{task.done ? t("tasks:actions.markOpen") : t("tasks:actions.markDone")}</Button>
          </Form>
        ) : null}
        {task.may.archive ? (
          <Form method="post" action={self}>
            <input type="hidden" name="intent" value={task.archived ? "unarchive" : "archive"} />
            <input
              type="hidden"
              name="redirectTo"
              value={task.archived ? self : `/tasks/${tab === "archive" ? "inbox" : tab}`}
            />
            <Button variant="secondary">
              {task.archived ? t("tasks:actions.unarchive") : t("tasks:actions.archive")}
            </Button>
          </Form>
        ) : null}
        {task.may.edit ? <AppLink href={`${self}/edit`}>{t("tasks:actions.edit")}</AppLink> : null}
        {task.may.delete ? (
          <ConfirmLink
            href={`${self}/delete`}
            className="text-danger"
            label={t("tasks:actions.delete")}
            title={t("tasks:delete.title")}
          >
            <TaskDeleteConfirm tab={tab} task={task} />
          </ConfirmLink>
        ) : null}
      </div>
    </div>
  );
}
