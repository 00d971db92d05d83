import { useTranslation } from "react-i18next";
import { FilterSelect, type FilterOption } from "~/components/ui/filter-form";

/**
 * The team, tag and position selects of an analytics filter form (HR and criteria analytics; docs/decisions/
 * 1602, 1730): "Alle" first, the value from the parsed filter.
 */
export function GroupFilterSelects({
  idPrefix,
  filter,
  options,
}: {
  idPrefix: string;
  filter: { team: string | null; tag: string | null; position: string | null };
  options: { teams: FilterOption[]; tags: FilterOption[]; positions: FilterOption[] };
}) {
  const { t } = useTranslation();
  const all = t("analytics:filter.all");
  return (
    <>
      {(["team", "tag", "position"] as const).map((field) => (
        <FilterSelect
          key={field}
          id={`${idPrefix}-${field}`}
          name={field}
          label={t(`analytics:filter.${field}`)}
          value={filter[field]}
          allLabel={all}
          options={options[field === "team" ? "teams" : field === "tag" ? "tags" : "positions"]}
        />
      ))}
    </>
  );
}
