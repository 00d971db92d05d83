import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import { Button } from "~/components/ui/forms";
import { Tabs } from "~/components/ui/tabs";
import {
  bulkActions,
  clusterRoleKeys,
  employeeTabs,
  filterRoleKeys,
  sortKeys,
  type BulkAction,
  type EmployeeListTab,
  type SortKey,
} from "~/features/employees/employees.schema";
import { listFilterOptions, listEmployees, runBulkAction, teamIdsByNames } from "~/features/employees/employees.server";
import { invitationStatusOf } from "~/features/invitations/invitations.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { createToastHeader, type ToastInput } from "~/utils/toast.server";
import { TEAM_SELECT_LIMIT } from "~/features/employees/list-sizes";

export const handle = { i18n: ["employees", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

function parseTab(value: string | undefined): EmployeeListTab {
  if (!employeeTabs.includes(value as EmployeeListTab)) throw new Response("Not found", { status: 404 });
  return value as EmployeeListTab;
}

function pick<T extends string>(list: readonly T[], value: string | null): T | undefined {
  return list.includes(value as T) ? (value as T) : undefined;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "users.manage");
  const tab = parseTab(params.tab);
  const url = new URL(request.url);
  const sp = url.searchParams;
  const filters = {
    q: sp.get("q") ?? "",
    teamId: sp.get("team") ?? "",
    teamName: sp.get("teamName") ?? "",
    tagId: sp.get("tag") ?? "",
    status: pick(["active", "inactive"] as const, sp.get("status")),
    access: pick(["yes", "no"] as const, sp.get("access")),
    role: pick(filterRoleKeys, sp.get("role")),
    sort: pick(sortKeys, sp.get("sort")) ?? "name",
    dir: sp.get("dir") === "desc" ? ("desc" as const) : ("asc" as const),
  };
  const page = Math.max(1, Number.parseInt(sp.get("page") ?? "1", 10) || 1);
  const [list, options] = await Promise.all([
    listEmployees(ctx, {
      tab,
      q: filters.q,
      teamId: filters.teamId,
      teamName: filters.teamName,
      tagId: filters.tagId,
      status: filters.status,
      access: filters.access,
      role: filters.role,
      sort: filters.sort,
      dir: filters.dir,
      page,
    }),
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
  const formData = await request.formData();
  const action = pick(bulkActions, String(formData.get("action") ?? ""));
  const back = `/personnel/users/${tab}${String(formData.get("search") ?? "").startsWith("?") ? String(formData.get("search")) : ""}`;
  if (!action) {
    return data({ error: "employees:bulk.chooseAction" as const }, { status: 400 });
  }
  const ids = formData.getAll("ids").map(String);
  if (ids.length === 0) return data({ error: "employees:bulk.chooseEmployees" as const }, { status: 400 });
  // Clusters with many teams type team names instead of choosing from a select (docs/decisions/0254).
  const typedTeams = await teamIdsByNames(ctx, String(formData.get("teamNames") ?? ""));
  if (typedTeams.unknown.length > 0) {
    return data(
      { error: "employees:bulk.unknownTeams" as const, values: { names: typedTeams.unknown.join(", ") } },
      { status: 400 },
    );
  }
  const result = await runBulkAction(ctx, {
    action: action as BulkAction,
    ids,
    teamIds: [...formData.getAll("teamIds").map(String), ...typedTeams.ids],
    roleKeys: formData.getAll("roleKeys").map(String),
  });
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
  return redirect(back, { headers: { "Set-Cookie": await createToastHeader(toast) } });
}

export default function EmployeesPage() {
  const { t } = useTranslation();
  const { tab, filters, list, options, search, invitations } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));

  function hrefWith(changes: Record<string, string | number | null>) {
    const sp = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === "") sp.delete(k);
      else sp.set(k, String(v));
    }
    const qs = sp.toString();
    return `/personnel/users/${tab}${qs ? `?${qs}` : ""}`;
  }

  function sortLink(key: SortKey, label: string) {
    const active = filters.sort === key;
    const nextDir = active && filters.dir === "asc" ? "desc" : "asc";
    return (
      <th
        scope="col"
        className="sticky top-0 bg-gray-100 px-3 py-2 text-left"
        aria-sort={active ? (filters.dir === "asc" ? "ascending" : "descending") : undefined}
      >
        <AppLink href={hrefWith({ sort: key, dir: nextDir, page: null })}>
          {label}
          {active ? (filters.dir === "asc" ? " ▲" : " ▼") : ""}
        </AppLink>
      </th>
    );
  }
  const selectClass = "mt-1 block rounded border border-gray-400 bg-white px-2 py-1";
  // Each row's checkbox label is "Selecteer {name}": one translation for the page, not one a row.
  const [selectBefore, selectAfter = ""] = t("employees:list.selectOne", { name: "\u0000" }).split("\u0000");

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h1>{t("employees:list.title")}</h1>
        <AppLink
          href="/personnel/users/new"
          className="rounded bg-brand-700 px-4 py-2 font-medium text-white no-underline"
        >
          {t("employees:list.new")}
        </AppLink>
      </div>
      <Tabs
        label={t("employees:list.tabsLabel")}
        baseHref="/personnel/users"
        current={tab}
        tabs={employeeTabs.map((key) => ({ key, label: t(`employees:list.tabs.${key}`) }))}
      />
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3 rounded bg-white p-4 shadow-sm" role="search">
        <div>
          <label htmlFor="filter-q" className="block text-sm font-medium">
            {t("employees:list.search")}
          </label>
          <input
            id="filter-q"
            name="q"
            type="search"
            defaultValue={filters.q}
            className="mt-1 block rounded border border-gray-400 px-2 py-1"
          />
        </div>
        {options.teams ? (
          <div>
            <label htmlFor="filter-team" className="block text-sm font-medium">
              {t("employees:list.team")}
            </label>
            <select id="filter-team" name="team" defaultValue={filters.teamId} className={selectClass}>
              <option value="">{t("employees:list.all")}</option>
              {options.teams.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <div>
            <label htmlFor="filter-team-name" className="block text-sm font-medium">
              {t("employees:list.team")}
            </label>
            <input
              id="filter-team-name"
              name="teamName"
              type="search"
              defaultValue={filters.teamName}
              aria-describedby="filter-team-name-hint"
              className="mt-1 block rounded border border-gray-400 px-2 py-1"
            />
            <span id="filter-team-name-hint" className="text-sm text-ink-muted">
              {t("employees:list.teamNameHint")}
            </span>
          </div>
        )}
        <div>
          <label htmlFor="filter-tag" className="block text-sm font-medium">
            {t("employees:list.tag")}
          </label>
          <select id="filter-tag" name="tag" defaultValue={filters.tagId} className={selectClass}>
            <option value="">{t("employees:list.all")}</option>
            {options.tags.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-status" className="block text-sm font-medium">
            {t("employees:list.status")}
          </label>
          <select id="filter-status" name="status" defaultValue={filters.status ?? ""} className={selectClass}>
            <option value="">{t("employees:list.all")}</option>
            <option value="active">{t("employees:status.active")}</option>
            <option value="inactive">{t("employees:status.inactive")}</option>
          </select>
        </div>
        <div>
          <label htmlFor="filter-access" className="block text-sm font-medium">
            {t("employees:list.access")}
          </label>
          <select id="filter-access" name="access" defaultValue={filters.access ?? ""} className={selectClass}>
            <option value="">{t("employees:list.all")}</option>
            <option value="yes">{t("employees:access.yes")}</option>
            <option value="no">{t("employees:access.no")}</option>
          </select>
        </div>
        <div>
          <label htmlFor="filter-role" className="block text-sm font-medium">
            {t("employees:list.role")}
          </label>
          <select id="filter-role" name="role" defaultValue={filters.role ?? ""} className={selectClass}>
            <option value="">{t("employees:list.all")}</option>
            {filterRoleKeys.map((r) => (
              <option key={r} value={r}>
                {t(`employees:roles.${r}`)}
              </option>
            ))}
          </select>
        </div>
        {filters.sort !== "name" ? <input type="hidden" name="sort" value={filters.sort} /> : null}
        {filters.dir !== "asc" ? <input type="hidden" name="dir" value={filters.dir} /> : null}
        <Button variant="secondary">{t("employees:list.filter")}</Button>
        <AppLink href={`/personnel/users/${tab}`}>{t("employees:list.clear")}</AppLink>
      </Form>

      {list.total === 0 ? (
        <div className="rounded bg-white p-6 shadow-sm">
          <p>
            {t(
              filters.q ||
                filters.teamId ||
                filters.teamName ||
                filters.tagId ||
                filters.status ||
                filters.access ||
                filters.role
                ? "employees:list.emptyFiltered"
                : `employees:list.empty.${tab}`,
            )}
          </p>
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
          <p className="mb-2 text-sm text-ink-muted">{t("employees:list.count", { count: list.total })}</p>
          <div className="overflow-x-auto rounded bg-white shadow-sm">
            {/* Cell padding set once on the table: 50 rows of cells carry no classes of their own. */}
            <table className="min-w-full text-sm [&_td]:px-3 [&_td]:py-2">
              <caption className="sr-only">{t(`employees:list.tabs.${tab}`)}</caption>
              <thead>
                <tr>
                  <th scope="col" className="sticky top-0 bg-gray-100 px-3 py-2">
                    <span className="sr-only">{t("employees:list.select")}</span>
                  </th>
                  {sortLink("name", t("employees:fields.name"))}
                  {sortLink("email", t("employees:fields.email"))}
                  {sortLink("employeeNumber", t("employees:fields.employeeNumber"))}
                  <th scope="col" className="sticky top-0 bg-gray-100 px-3 py-2 text-left">
                    {t("employees:list.teams")}
                  </th>
                  {sortLink("status", t("employees:list.status"))}
                  <th scope="col" className="sticky top-0 bg-gray-100 px-3 py-2 text-left">
                    {t("employees:list.access")}
                  </th>
                  {tab === "invited" ? (
                    <th scope="col" className="sticky top-0 bg-gray-100 px-3 py-2 text-left">
                      {t("employees:invitation.label")}
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {list.rows.map((row) => {
                  const name = `${row.firstName} ${row.lastName}`.trim() || row.email;
                  return (
                    <tr key={row.id} className="border-t">
                      <td>
                        <input
                          type="checkbox"
                          name="ids"
                          value={row.id}
                          aria-label={selectBefore + name + selectAfter}
                        />
                      </td>
                      <td>
                        <AppLink href={`/personnel/user/${row.id}/details`}>{name}</AppLink>
                      </td>
                      <td>{row.email}</td>
                      <td>{row.employeeNumber ?? ""}</td>
                      <td>{row.teams.join(", ")}</td>
                      <td>
                        {t(`employees:status.${row.status}`)}
                        {row.invited ? ` · ${t("employees:list.invitedBadge")}` : ""}
                      </td>
                      <td>{t(row.access ? "employees:access.yes" : "employees:access.no")}</td>
                      {tab === "invited" ? (
                        <td data-testid="invitation-status">
                          {t(`employees:invitation.status.${invitations[row.id] ?? "none"}`)}
                        </td>
                      ) : null}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <nav aria-label={t("employees:list.paging")} className="mt-3 flex items-center gap-4">
            {list.page > 1 ? (
              <AppLink href={hrefWith({ page: list.page - 1 })}>{t("common:actions.previous")}</AppLink>
            ) : null}
            <span>{t("employees:list.pageOf", { page: list.page, pages })}</span>
            {list.page < pages ? (
              <AppLink href={hrefWith({ page: list.page + 1 })}>{t("common:actions.next")}</AppLink>
            ) : null}
          </nav>
          <fieldset className="mt-6 rounded bg-white p-4 shadow-sm">
            <legend className="font-semibold">{t("employees:bulk.legend")}</legend>
            <div className="flex flex-wrap items-end gap-3">
              <div>
                <label htmlFor="bulk-action" className="block text-sm font-medium">
                  {t("employees:bulk.action")}
                </label>
                <select id="bulk-action" name="action" defaultValue="" className={selectClass}>
                  <option value="">{t("employees:bulk.choose")}</option>
                  {bulkActions
                    .filter((a) => (tab === "removed" ? a === "restore" : a !== "restore"))
                    .map((a) => (
                      <option key={a} value={a}>
                        {t(`employees:bulk.actions.${a}`)}
                      </option>
                    ))}
                </select>
              </div>
              {tab !== "removed" ? (
                <>
                  {options.teams ? (
                    <div>
                      <label htmlFor="bulk-teams" className="block text-sm font-medium">
                        {t("employees:bulk.teams")}
                      </label>
                      <select
                        id="bulk-teams"
                        name="teamIds"
                        multiple
                        size={Math.min(4, Math.max(2, options.teams.length))}
                        className={selectClass}
                      >
                        {options.teams.map((o) => (
                          <option key={o.id} value={o.id}>
                            {o.name}
                          </option>
                        ))}
                      </select>
                    </div>
                  ) : (
                    <div>
                      <label htmlFor="bulk-team-names" className="block text-sm font-medium">
                        {t("employees:bulk.teams")}
                      </label>
                      <input
                        id="bulk-team-names"
                        name="teamNames"
                        type="text"
                        aria-describedby="bulk-team-names-hint"
                        className="mt-1 block rounded border border-gray-400 px-2 py-1"
                      />
                      <span id="bulk-team-names-hint" className="text-sm text-ink-muted">
                        {t("employees:bulk.teamNamesHint")}
                      </span>
                    </div>
                  )}
                  <div>
                    <label htmlFor="bulk-roles" className="block text-sm font-medium">
                      {t("employees:bulk.roles")}
                    </label>
                    <select id="bulk-roles" name="roleKeys" multiple size={4} className={selectClass}>
                      {clusterRoleKeys.map((r) => (
                        <option key={r} value={r}>
                          {t(`employees:roles.${r}`)}
                        </option>
                      ))}
                    </select>
                  </div>
                </>
              ) : null}
              <Button>{t("employees:bulk.submit")}</Button>
            </div>
            <p className="mt-2 text-sm text-ink-muted">{t("employees:bulk.hint")}</p>
          </fieldset>
        </Form>
      )}
    </div>
  );
}
