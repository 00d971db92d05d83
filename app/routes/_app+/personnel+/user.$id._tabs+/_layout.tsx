import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TabbedDetailPage, useOpenTab } from "~/components/tabbed-detail-page";
import { Button } from "~/components/ui/forms";
import { employeeDetailTabs } from "~/features/employees/employees.schema";
import { loadEmployeeHeader } from "~/features/employees/employee-tabs.server";
import { shownPersonName } from "~/features/privacy/erased-person";
import { CreateTaskLink } from "~/features/tasks/components/create-task-link";
import { can, requireRight } from "~/utils/tenant.server";

/** The employee page's frame; each tab (details, contracts, teams, roles, tags) is a child route of its own. */
export const handle = { i18n: ["employees", "tasks", "dialogs", "validation"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "users.manage");
  // A task hangs on the giver's membership: without one (an account admin outside the cluster) no link.
  return {
    ...(await loadEmployeeHeader(ctx, params.id)),
    mayGiveTask: ctx.membershipId !== null,
    // The employee's dialogs: the dialogs list filtered on them (what the viewer may see of it).
    mayOpenDialogs: ctx.modules.has("dialog") && can(ctx, "dialogs.manage"),
  };
}

export default function EmployeePage() {
  const { t } = useTranslation();
  const { name, employee, mayGiveTask, mayOpenDialogs } = useLoaderData<typeof loader>();
  const baseHref = `/personnel/user/${employee.id}`;
  const tab = useOpenTab(baseHref);
  return (
    <TabbedDetailPage
      className="max-w-3xl"
      back={{ href: "/personnel/users/active", label: t("employees:detail.backToList") }}
      title={shownPersonName(name, t)}
      status={
        <>
          {t(`employees:status.${employee.status}`)} ·{" "}
          {t(employee.access ? "employees:access.yes" : "employees:access.no")}
          {employee.deleted ? ` · ${t("employees:detail.removed")}` : ""}
          {mayGiveTask && !employee.deleted ? (
            <>
              {" · "}
              <CreateTaskLink aboutType="person" aboutId={employee.id} />
            </>
          ) : null}
          {mayOpenDialogs ? (
            <>
              {" · "}
              <Link to={`/dialogs?person=${employee.id}`} className="font-medium underline">
                {t("dialogs:personnel.link")}
              </Link>
            </>
          ) : null}
        </>
      }
      notice={
        employee.deleted ? (
          // Every tab's action answers "restore", so the page stays on the open tab.
          <Form
            method="post"
            action={`${baseHref}/${tab}`}
            className="mb-4 flex items-center gap-3 rounded border-2 border-danger bg-danger-bg p-3"
          >
            <span>{t("employees:detail.removedNotice")}</span>
            <input type="hidden" name="intent" value="restore" />
            <Button variant="secondary">{t("employees:restore.submit")}</Button>
          </Form>
        ) : null
      }
      tabsLabel={t("employees:detail.tabsLabel")}
      baseHref={baseHref}
      tabs={employeeDetailTabs.map((key) => ({ key, label: t(`employees:detail.tabs.${key}`) }))}
    >
      <Outlet />
    </TabbedDetailPage>
  );
}
