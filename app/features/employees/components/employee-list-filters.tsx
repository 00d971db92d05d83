import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import { FilterForm, FilterSearch, FilterSelect, type FilterOption } from "~/components/ui/filter-form";
import type { EmployeeListFilter } from "../employee-list-filter";
import { filterRoleKeys, type EmployeeListTab } from "../employees.schema";

type Option = { id: string; name: string };

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
  const toOptions = (list: Option[]) => list.map((o) => ({ value: o.id, label: o.name }));
  const keyed = (keys: readonly string[], prefix: string) =>
    keys.map((key) => ({ value: key, label: t(`employees:${prefix}.${key}`) }));
  // Each select is named as the URL names it, and labelled and identified after that name.
  const select = (
    name: "team" | "tag" | "status" | "access" | "role",
    value: string | null | undefined,
    list: FilterOption[],
  ) => (
    <FilterSelect
      id={`filter-${name}`}
      name={name}
      label={t(`employees:list.${name}`)}
      value={value}
      options={list}
      allLabel={t("employees:list.all")}
      compact
    />
  );
  return (
    <FilterForm
      role="search"
      className="mb-4 flex flex-wrap items-end gap-3 rounded bg-white p-4 shadow-sm"
      keep={{ sort: filters.sort !== "name" ? filters.sort : null, dir: filters.dir !== "asc" ? filters.dir : null }}
      submitLabel={t("employees:list.filter")}
      after={<AppLink href={`/personnel/users/${tab}`}>{t("employees:list.clear")}</AppLink>}
    >
      <FilterSearch id="filter-q" label={t("employees:list.search")} value={filters.q} compact />
      {options.teams ? (
        select("team", filters.teamId, toOptions(options.teams))
      ) : (
        <FilterSearch
          id="filter-team-name"
          name="teamName"
          label={t("employees:list.team")}
          value={filters.teamName}
          hint={t("employees:list.teamNameHint")}
          compact
        />
      )}
      {select("tag", filters.tagId, toOptions(options.tags))}
      {select("status", filters.status, keyed(["active", "inactive"], "status"))}
      {select("access", filters.access, keyed(["yes", "no"], "access"))}
      {select("role", filters.role, keyed(filterRoleKeys, "roles"))}
    </FilterForm>
  );
}
