import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TaskForm } from "~/features/tasks/components/task-form";
import { parseTaskTab } from "~/features/tasks/task-links";
import { taskErrors, taskFormSchema } from "~/features/tasks/tasks.schema";
import { getTask, listReceivers, myMembership, updateTask } from "~/features/tasks/tasks.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireUser } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";
import { refusal } from "~/utils/refusal.server";
import { writeOrRefuse } from "~/utils/action-failed.server";

export const handle = { i18n: ["tasks", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** Editing is the sender's (a note's author's); a receiver who opens this address is sent back with the spec's message. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireUser(request);
  const tab = parseTaskTab(params.tab);
  const me = myMembership(ctx);
  const task = await getTask(ctx, params.id ?? "");
  if (!task.may.edit)
    throw await redirectWithToast(`/tasks/${tab}/${task.id}`, { type: "error", key: taskErrors.save });
  const t = await getServerT(request);
  return {
    title: pageTitle(t, task.type === "note" ? "tasks:editNote" : "tasks:editTask"),
    tab,
    me,
    task: { id: task.id, type: task.type },
    values: {
      title: task.title,
      description: task.description,
      dueDate: task.dueDate,
      receiverId: task.receiver.id,
      aboutType: task.about?.type ?? "",
      aboutId: task.about?.id ?? "",
    },
    receivers: task.type === "task" ? await listReceivers(ctx) : [],
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireUser(request);
  const tab = parseTaskTab(params.tab);
  const task = await getTask(ctx, params.id ?? "");
  const submission = parseWithZod(await readForm(request), { schema: taskFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await writeOrRefuse("update", "task", () => updateTask(ctx, task.id, submission.value));
  if (!result.ok) {
    return refusal(submission, result, result.field ? 400 : 403);
  }
  return redirectWithToast(`/tasks/${tab}/${task.id}`, { key: "tasks:toast.updated" });
}

export default function EditTaskPage() {
  const { t } = useTranslation();
  const { tab, me, task, values, receivers } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div className="max-w-xl">
      <h1 className="mb-4">{task.type === "note" ? t("tasks:editNote") : t("tasks:editTask")}</h1>
      <TaskForm
        type={task.type}
        lastResult={lastResult}
        defaultValue={values}
        receivers={receivers}
        me={me}
        cancelHref={`/tasks/${tab}/${task.id}`}
      />
    </div>
  );
}
