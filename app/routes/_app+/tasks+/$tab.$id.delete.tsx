import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmHeading } from "~/components/confirm-dialog";
import { TaskDeleteConfirm } from "~/features/tasks/components/task-delete-confirm";
import { parseTaskTab } from "~/features/tasks/task-links";
import { taskErrors } from "~/features/tasks/tasks.schema";
import { deleteTask, getTask } from "~/features/tasks/tasks.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireUser } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { writeOrRedirect } from "~/utils/action-failed.server";

export const handle = { i18n: ["tasks"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** The confirmation of a delete (UI.md: destructive actions go to a confirm page; a dialog with JavaScript, 1541). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireUser(request);
  const tab = parseTaskTab(params.tab);
  const task = await getTask(ctx, params.id ?? "");
  if (!task.may.delete)
    throw await redirectWithToast(`/tasks/${tab}/${task.id}`, { type: "error", key: taskErrors.delete });
  const t = await getServerT(request);
  return { title: pageTitle(t, "tasks:delete.title"), tab, task: { id: task.id, title: task.title } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireUser(request);
  const tab = parseTaskTab(params.tab);
  const id = params.id ?? "";
  const result = await writeOrRedirect("delete", "task", request, () => deleteTask(ctx, id));
  // Only a crafted post gets here (the page itself sends a receiver back): the spec's message, nothing deleted.
  if (!result.ok) return data({ error: result.errorKey }, { status: 403 });
  return redirectWithToast(`/tasks/${tab}`, { key: "tasks:toast.deleted" });
}

export default function DeleteTaskPage() {
  const { t } = useTranslation();
  const { tab, task } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <div className="max-w-xl rounded bg-white p-6 shadow-sm">
      <ConfirmHeading>{t("tasks:delete.title")}</ConfirmHeading>
      {refused ? (
        <p role="alert" className="mb-4 font-medium text-danger">
          {t(refused.error)}
        </p>
      ) : null}
      <TaskDeleteConfirm tab={tab} task={task} />
    </div>
  );
}
