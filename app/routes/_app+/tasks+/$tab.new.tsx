import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TaskForm } from "~/features/tasks/components/task-form";
import { parseTaskTab, typeForTab } from "~/features/tasks/task-links";
import { taskFormSchema } from "~/features/tasks/tasks.schema";
import { createTask, listReceivers, myMembership } from "~/features/tasks/tasks.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireUser } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";
import { refusal } from "~/utils/refusal.server";
import { writeOrRefuse } from "~/utils/action-failed.server";

export const handle = { i18n: ["tasks", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/**
 * tasks/{tab}/new: a new note on the notes tab, a new task elsewhere. ?aboutType=&aboutId= (from a
 * person's, team's or review's page) sets what it is about; the service checks that id.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireUser(request);
  const tab = parseTaskTab(params.tab);
  const me = myMembership(ctx);
  const type = typeForTab(tab);
  const url = new URL(request.url);
  const t = await getServerT(request);
  return {
    title: pageTitle(t, type === "note" ? "tasks:newNote" : "tasks:newTask"),
    tab,
    type,
    me,
    receivers: type === "task" ? await listReceivers(ctx) : [],
    about: { aboutType: url.searchParams.get("aboutType") ?? "", aboutId: url.searchParams.get("aboutId") ?? "" },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireUser(request);
  const tab = parseTaskTab(params.tab);
  myMembership(ctx);
  const type = typeForTab(tab);
  const submission = parseWithZod(await readForm(request), { schema: taskFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await writeOrRefuse("add", type === "note" ? "note" : "task", () =>
    createTask(ctx, type, submission.value),
  );
  if (!result.ok) {
    return refusal(submission, result);
  }
  return redirectWithToast(`/tasks/${tab === "archive" ? "inbox" : tab}`, {
    key: type === "note" ? "tasks:toast.noteCreated" : "tasks:toast.created",
  });
}

export default function NewTaskPage() {
  const { t } = useTranslation();
  const { tab, type, me, receivers, about } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div className="max-w-xl">
      <h1 className="mb-4">{type === "note" ? t("tasks:newNote") : t("tasks:newTask")}</h1>
      <TaskForm
        type={type}
        lastResult={lastResult}
        defaultValue={{ receiverId: me, ...about }}
        receivers={receivers}
        me={me}
        cancelHref={`/tasks/${tab}`}
      />
    </div>
  );
}
