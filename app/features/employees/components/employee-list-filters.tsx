import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import { Button } from "~/components/ui/forms";
import type { EmployeeListFilter } from "../employee-list-filter";
import { filterRoleKeys, type EmployeeListTab } from "../employees.schema";

type Option = { id: string; name: string };

const labelClass = "block text-sm font-medium";
const inputClass = "mt-1 block rounded border border-gray-400 px-2 py-1";
export const selectClass = "mt-1 block rounded border border-gray-400 bg-white px-2 py-1";

/**
 * The personnel list's GET form: its names are those of employee-list-filter.ts. Clusters with more
 * teams than a select holds get a team-name search instead (docs/decisions/0254).
 */
export function EmployeeListFilters({
  tab,
  filters,
  options,
}: {
  tab: EmployeeListTab;
  filters: Omit<EmployeeListFilter, "page">;
  options: { teams: Option[] | null; tags: Option[] };
}) {
  const { t } = useTranslation();
  const all = <option value="">{t("employees:list.all")}</option>;
  return (
    <Form method="get" className="mb-4 flex flex-wrap items-end gap-3 rounded bg-white p-4 shadow-sm" role="search">
      <div>
        <label htmlFor="filter-q" className={labelClass}>
          {t("employees:list.search")}
        </label>
        <input id="filter-q" name="q" type="search" defaultValue={filters.q} className={inputClass} />
      </div>
      {options.teams ? (
        <div>
          <label htmlFor="filter-team" className={labelClass}>
            {t("employees:list.team")}
          </label>
          <select id="filter-team" name="team" defaultValue={filters.teamId} className={selectClass}>
            {all}
            <OptionList options={options.teams} />
          </select>
        </div>
      ) : (
        <div>
          <label htmlFor="filter-team-name" className={labelClass}>
            {t("employees:list.team")}
          </label>
          <input
            id="filter-team-name"
            name="teamName"
            type="search"
            defaultValue={filters.teamName}
            aria-describedby="filter-team-name-hint"
            className={inputClass}
          />
          <span id="filter-team-name-hint" className="text-sm text-ink-muted">
            {t("employees:list.teamNameHint")}
          </span>
        </div>
      )}
      <div>
        <label htmlFor="filter-tag" className={labelClass}>
          {t("employees:list.tag")}
        </label>
        <select id="filter-tag" name="tag" defaultValue={filters.tagId} className={selectClass}>
          {all}
          <OptionList options={options.tags} />
        </select>
      </div>
      <div>
        <label htmlFor="filter-status" className={labelClass}>
          {t("employees:list.status")}
        </label>
        <select id="filter-status" name="status" defaultValue={filters.status ?? ""} className={selectClass}>
          {all}
          <option value="active">{t("employees:status.active")}</option>
          <option value="inactive">{t("employees:status.inactive")}</option>
        </select>
      </div>
      <div>
        <label htmlFor="filter-access" className={labelClass}>
          {t("employees:list.access")}
        </label>
        <select id="filter-access" name="access" defaultValue={filters.access ?? ""} className={selectClass}>
          {all}
          <option value="yes">{t("employees:access.yes")}</option>
          <option value="no">{t("employees:access.no")}</option>
        </select>
      </div>
      <div>
        <label htmlFor="filter-role" className={labelClass}>
          {t("employees:list.role")}
        </label>
        <select id="filter-role" name="role" defaultValue={filters.role ?? ""} className={selectClass}>
          {all}
          <OptionList options={filterRoleKeys.map((r) => ({ id: r, name: t(`employees:roles.${r}`) }))} />
        </select>
      </div>
      {filters.sort !== "name" ? <input type="hidden" name="sort" value={filters.sort} /> : null}
      {filters.dir !== "asc" ? <input type="hidden" name="dir" value={filters.dir} /> : null}
      <Button variant="secondary">{t("employees:list.filter")}</Button>
      <AppLink href={`/personnel/users/${tab}`}>{t("employees:list.clear")}</AppLink>
    </Form>
  );
}

export function OptionList({ options }: { options: readonly Option[] }) {
  return (
    <>
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </>
  );
}
