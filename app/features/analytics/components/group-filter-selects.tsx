import { useTranslation } from "react-i18next";
import { FilterSearch, FilterSelect, type FilterOption } from "~/components/ui/filter-form";

/**
 * The team, tag and position selects of an analytics filter form (HR and criteria analytics; docs/decisions/
 * 1602, 1730): "Alle" first, the value from the parsed filter. Above TEAM_SELECT_LIMIT teams (`teams` null)
 * the team is a name field, `teamName`, holding the chosen team's name (`teamFilterField`, 0254 and 1870).
 * `teamOnly`: the team alone (HR analytics' development tab, 1915).
 */
export function GroupFilterSelects({
  idPrefix,
  filter,
  options,
  teamName = null,
  teamOnly = false,
}: {
  idPrefix: string;
  filter: { team: string | null; tag: string | null; position: string | null };
  options: { teams: FilterOption[] | null; tags: FilterOption[]; positions: FilterOption[] };
  teamName?: string | null;
  teamOnly?: boolean;
}) {
  const { t } = useTranslation();
  const all = t("analytics:filter.all");
  const teams = options.teams;
  return (
    <>
      {teams ? null : (
        <FilterSearch
          id={`${idPrefix}-team-name`}
          name="teamName"
          label={t("analytics:filter.team")}
          value={teamName}
          hint={t("analytics:filter.teamNameHint")}
        />
      )}
      {(teamOnly ? (["team"] as const) : (["team", "tag", "position"] as const)).map((field) =>
        field === "team" && !teams ? null : (
          <FilterSelect
            key={field}
            id={`${idPrefix}-${field}`}
            name={field}
            label={t(`analytics:filter.${field}`)}
            value={filter[field]}
            allLabel={all}
            options={field === "team" ? teams! : options[field === "tag" ? "tags" : "positions"]}
          />
        ),
      )}
    </>
  );
}
