import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import { PageHeader } from "~/components/ui/table";
import { Tabs } from "~/components/ui/tabs";
import { TaskTable } from "~/features/tasks/components/task-table";
import { parseTaskTab, taskListHref, typeForTab } from "~/features/tasks/task-links";
import { taskTabs } from "~/features/tasks/tasks.schema";
import { listTasks } from "~/features/tasks/tasks.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireUser } from "~/utils/tenant.server";

export const handle = { i18n: ["tasks"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** tasks/{tab}: any signed-in user's own tasks and notes (spec §2); ?done=1 shows completed ones. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireUser(request);
  const tab = parseTaskTab(params.tab);
  const showDone = new URL(request.url).searchParams.get("done") === "1";
  const t = await getServerT(request);
  const tasks = ctx.membershipId ? await listTasks(ctx, tab, { showDone }) : null;
  return {
    title: `${t(`tasks:tabs.${tab}`)} · ${pageTitle(t, "tasks:title")}`,
    tab,
    showDone,
    tasks,
    listHref: taskListHref(tab, showDone),
  };
}

export default function TasksPage() {
  const { t } = useTranslation();
  const { tab, showDone, tasks, listHref } = useLoaderData<typeof loader>();
  const type = typeForTab(tab);
  const hasDoneToggle = tab === "inbox" || tab === "received";
  return (
    <>
      <PageHeader title={t("tasks:title")}>
        {tasks ? (
          <AppLink
            href={`/tasks/${tab === "archive" ? "inbox" : tab}/new`}
            className="rounded bg-brand-700 px-4 py-2 font-medium text-white no-underline hover:bg-brand-800"
          >
            {type === "note" ? t("tasks:newNote") : t("tasks:newTask")}
          </AppLink>
        ) : null}
      </PageHeader>
      <div className="mt-4">
        <Tabs
          label={t("tasks:tabsLabel")}
          baseHref="/tasks"
          current={tab}
          tabs={taskTabs.map((key) => ({ key, label: t(`tasks:tabs.${key}`) }))}
        />
      </div>
      {tasks === null ? (
        <p className="rounded bg-white p-6 shadow-sm">{t("tasks:noMembership")}</p>
      ) : (
        <>
          {tab === "notes" ? <p className="mb-4 text-ink-muted">{t("tasks:notesPrivate")}</p> : null}
          {hasDoneToggle ? (
            <p className="mb-4">
              <AppLink href={taskListHref(tab, !showDone)}>
                {showDone ? t("tasks:hideDone") : t("tasks:showDone")}
              </AppLink>
            </p>
          ) : null}
          {tasks.length === 0 ? (
            <p className="rounded bg-white p-6 shadow-sm">{t(`tasks:empty.${tab}`)}</p>
          ) : (
            <TaskTable tab={tab} tasks={tasks} listHref={listHref} />
          )}
        </>
      )}
    </>
  );
}
