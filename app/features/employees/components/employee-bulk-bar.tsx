import { useTranslation } from "react-i18next";
import { compactSelectStyle } from "~/components/ui/filter-form";
import { Button, LabelledSelect } from "~/components/ui/forms";
import { bulkActions, clusterRoleKeys, type EmployeeListTab } from "../employees.schema";

/** The selects look as the list's filters above. */
const select = compactSelectStyle;

/**
 * The bulk action under the list (inside the list's POST form, whose row checkboxes are `ids`). The removed
 * tab can only restore; teams are typed by name where the cluster has too many for a select (0254).
 */
export function EmployeeBulkBar({
  tab,
  teams,
}: {
  tab: EmployeeListTab;
  teams: { id: string; name: string }[] | null;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="mt-6 rounded bg-white p-4 shadow-sm">
      <legend className="font-semibold">{t("employees:bulk.legend")}</legend>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <LabelledSelect
            id="bulk-action"
            name="action"
            label={t("employees:bulk.action")}
            defaultValue=""
            placeholder={t("employees:bulk.choose")}
            options={bulkActions
              .filter((a) => (tab === "removed" ? a === "restore" : a !== "restore"))
              .map((a) => ({ value: a, label: t(`employees:bulk.actions.${a}`) }))}
            {...select}
          />
        </div>
        {tab !== "removed" ? (
          <>
            {teams ? (
              <div>
                <LabelledSelect
                  id="bulk-teams"
                  name="teamIds"
                  multiple
                  size={Math.min(4, Math.max(2, teams.length))}
                  label={t("employees:bulk.teams")}
                  options={teams.map((team) => ({ value: team.id, label: team.name }))}
                  {...select}
                />
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
              <LabelledSelect
                id="bulk-roles"
                name="roleKeys"
                multiple
                size={4}
                label={t("employees:bulk.roles")}
                options={clusterRoleKeys.map((r) => ({ value: r, label: t(`employees:roles.${r}`) }))}
                {...select}
              />
            </div>
          </>
        ) : null}
        <Button>{t("employees:bulk.submit")}</Button>
      </div>
      <p className="mt-2 text-sm text-ink-muted">{t("employees:bulk.hint")}</p>
    </fieldset>
  );
}
