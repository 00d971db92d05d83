import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import { Tabs } from "~/components/ui/tabs";
import { EmployeeBulkBar } from "~/features/employees/components/employee-bulk-bar";
import { EmployeeListFilters } from "~/features/employees/components/employee-list-filters";
import { EmployeeTable } from "~/features/employees/components/employee-table";
import { runBulkAction } from "~/features/employees/employee-bulk.server";
import { isFiltered, parseEmployeeListFilter } from "~/features/employees/employee-list-filter";
import { listEmployees, listFilterOptions } from "~/features/employees/employee-list.server";
import {
  bulkActions,
  employeeTabs,
  type BulkAction,
  type EmployeeListTab,
} from "~/features/employees/employees.schema";
import { TEAM_SELECT_LIMIT } from "~/features/employees/list-sizes";
import { invitationStatusOf } from "~/features/invitations/invitation-status.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { type ToastInput, redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["employees", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

function parseTab(value: string | undefined): EmployeeListTab {
  if (!employeeTabs.includes(value as EmployeeListTab)) throw new Response("Not found", { status: 404 });
  return value as EmployeeListTab;
}

/**
 * The tab with the list's query the form was posted from. The query is read as a query and written
 * again, so that whatever the field holds (a newline, a stray character) gives a valid Location.
 */
function listHref(tab: EmployeeListTab, search: string) {
  const query = search.startsWith("?") ? new URLSearchParams(search).toString() : "";
  return `/personnel/users/${tab}${query ? `?${query}` : ""}`;
}

/** The Excel export of this tab with the list's filters and order (every page, so no page number). */
function exportHref(tab: EmployeeListTab, search: string) {
  const query = new URLSearchParams(search);
  query.delete("page");
  query.set("tab", tab);
  return `/resources/personnel-export?${query.toString()}`;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "users.manage");
  const tab = parseTab(params.tab);
  const url = new URL(request.url);
  const { page, ...filters } = parseEmployeeListFilter(url.searchParams);
  const [list, options] = await Promise.all([
    listEmployees(ctx, { tab, ...filters, page }),
    listFilterOptions(ctx, TEAM_SELECT_LIMIT),
  ]);
  const statuses =
    tab === "invited"
      ? await invitationStatusOf(
          ctx,
          list.rows.map((r) => r.id),
        )
      : new Map();
  const invitations: Record<string, string> = Object.fromEntries(statuses);
  const t = await getServerT(request);
  return { title: pageTitle(t, "employees:list.title"), tab, filters, list, options, search: url.search, invitations };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "users.manage");
  const tab = parseTab(params.tab);
  const formData = await readForm(request);
  const action = String(formData.get("action") ?? "");
  if (!bulkActions.includes(action as BulkAction)) {
    return data({ error: "employees:bulk.chooseAction" as const }, { status: 400 });
  }
  const ids = formData.getAll("ids").map(String);
  if (ids.length === 0) return data({ error: "employees:bulk.chooseEmployees" as const }, { status: 400 });
  const result = await runBulkAction(ctx, {
    action: action as BulkAction,
    ids,
    teamIds: formData.getAll("teamIds").map(String),
    teamNames: String(formData.get("teamNames") ?? ""),
    roleKeys: formData.getAll("roleKeys").map(String),
  });
  if (result.unknownTeams) {
    return data(
      { error: "employees:bulk.unknownTeams" as const, values: { names: result.unknownTeams.join(", ") } },
      { status: 400 },
    );
  }
  // Role changes follow the one rule in the service (docs/decisions/0620).
  if (result.denied) return data({ error: "employees:bulk.errors.noRight" as const }, { status: 403 });
  const toast: ToastInput = result.errorKey
    ? { type: "error" as const, key: result.errorKey }
    : result.unchanged.length > 0
      ? {
          key: "employees:bulk.resultWithSkipped",
          values: { count: result.changed, skipped: result.unchanged.slice(0, 20).join(", ") },
        }
      : { key: "employees:bulk.result", values: { count: result.changed } };
  return redirectWithToast(listHref(tab, String(formData.get("search") ?? "")), toast);
}

export default function EmployeesPage() {
  const { t } = useTranslation();
  const { tab, filters, list, options, search, invitations } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h1>{t("employees:list.title")}</h1>
        <div className="flex flex-wrap items-center gap-4">
          {list.total > 0 ? (
            // A file, not a page: a plain link, so the browser downloads it with or without JavaScript.
            <a href={exportHref(tab, search)} download title={t("employees:export.linkHint")}>
              {t("employees:export.link")}
            </a>
          ) : null}
          <AppLink
            href="/personnel/users/new"
            className="rounded bg-brand-700 px-4 py-2 font-medium text-white no-underline"
          >
            {t("employees:list.new")}
          </AppLink>
        </div>
      </div>
      <Tabs
        label={t("employees:list.tabsLabel")}
        baseHref="/personnel/users"
        current={tab}
        tabs={employeeTabs.map((key) => ({ key, label: t(`employees:list.tabs.${key}`) }))}
      />
      <EmployeeListFilters tab={tab} filters={filters} options={options} />
      {list.total === 0 ? (
        <div className="rounded bg-white p-6 shadow-sm">
          <p>{t(isFiltered(filters) ? "employees:list.emptyFiltered" : `employees:list.empty.${tab}`)}</p>
          <p className="mt-2">
            <AppLink href="/personnel/users/new">{t("employees:list.new")}</AppLink>
          </p>
        </div>
      ) : (
        <Form method="post">
          <input type="hidden" name="search" value={search} />
          {actionData && "error" in actionData ? (
            <div role="alert" className="mb-4 rounded border-2 border-danger bg-danger-bg p-3 font-medium text-danger">
              {t(actionData.error, "values" in actionData ? actionData.values : undefined)}
            </div>
          ) : null}
          <EmployeeTable tab={tab} filters={filters} list={list} search={search} invitations={invitations} />
          <EmployeeBulkBar tab={tab} teams={options.teams} />
        </Form>
      )}
    </div>
  );
}
