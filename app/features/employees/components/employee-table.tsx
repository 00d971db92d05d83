import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import type { EmployeeListFilter } from "../employee-list-filter";
import type { EmployeeRow } from "../employee-list.server";
import type { EmployeeListTab, SortKey } from "../employees.schema";
import { shownPersonName } from "~/features/privacy/erased-person";
import { personName } from "~/utils/person-name";

const headerClass = "sticky top-0 bg-gray-100 px-3 py-2 text-left";

/**
 * One page of the personnel list with a checkbox a row (the bulk form's `ids`), sortable headers and paging
 * links; links keep the rest of the query (`search`).
 */
export function EmployeeTable({
  tab,
  filters,
  list,
  search,
  invitations,
}: {
  tab: EmployeeListTab;
  filters: Pick<EmployeeListFilter, "sort" | "dir">;
  list: { rows: EmployeeRow[]; total: number; page: number; pageSize: number };
  search: string;
  invitations: Record<string, string>;
}) {
  const { t } = useTranslation();
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

  function sortHeader(key: SortKey, label: string) {
    const active = filters.sort === key;
    const nextDir = active && filters.dir === "asc" ? "desc" : "asc";
    return (
      <th
        scope="col"
        className={headerClass}
        aria-sort={active ? (filters.dir === "asc" ? "ascending" : "descending") : undefined}
      >
        <AppLink href={hrefWith({ sort: key, dir: nextDir, page: null })}>
          {label}
          {active ? (filters.dir === "asc" ? " ▲" : " ▼") : ""}
        </AppLink>
      </th>
    );
  }
  // Each row's checkbox label is "Selecteer {name}": one translation for the page, not one a row.
  const [selectBefore, selectAfter = ""] = t("employees:list.selectOne", { name: "\u0000" }).split("\u0000");

  return (
    <>
      <p className="mb-2 text-sm text-ink-muted">{t("employees:list.count", { count: list.total })}</p>
      <div className="relative overflow-x-auto rounded bg-white shadow-sm">
        {/* Cell padding set once on the table: 50 rows of cells carry no classes of their own. */}
        <table className="min-w-full text-sm [&_td]:px-3 [&_td]:py-2">
          <caption className="sr-only">{t(`employees:list.tabs.${tab}`)}</caption>
          <thead>
            <tr>
              <th scope="col" className="sticky top-0 bg-gray-100 px-3 py-2">
                <span className="sr-only">{t("employees:list.select")}</span>
              </th>
              {sortHeader("name", t("employees:fields.name"))}
              {sortHeader("email", t("employees:fields.email"))}
              {sortHeader("employeeNumber", t("employees:fields.employeeNumber"))}
              <th scope="col" className={headerClass}>
                {t("employees:list.teams")}
              </th>
              {sortHeader("status", t("employees:list.status"))}
              <th scope="col" className={headerClass}>
                {t("employees:list.access")}
              </th>
              {tab === "invited" ? (
                <th scope="col" className={headerClass}>
                  {t("employees:invitation.label")}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {list.rows.map((row) => {
              const name = shownPersonName(personName(row.firstName, row.lastName, row.email), t);
              return (
                <tr key={row.id} className="border-t">
                  <td>
                    <input type="checkbox" name="ids" value={row.id} aria-label={selectBefore + name + selectAfter} />
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
    </>
  );
}
