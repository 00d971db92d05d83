import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";
import { bulkActions, clusterRoleKeys, type EmployeeListTab } from "../employees.schema";
import { OptionList, selectClass } from "./employee-list-filters";

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
          <label htmlFor="bulk-action" className="block text-sm font-medium">
            {t("employees:bulk.action")}
          </label>
          <select id="bulk-action" name="action" defaultValue="" className={selectClass}>
            <option value="">{t("employees:bulk.choose")}</option>
            <OptionList
              options={bulkActions
                .filter((a) => (tab === "removed" ? a === "restore" : a !== "restore"))
                .map((a) => ({ id: a, name: t(`employees:bulk.actions.${a}`) }))}
            />
          </select>
        </div>
        {tab !== "removed" ? (
          <>
            {teams ? (
              <div>
                <label htmlFor="bulk-teams" className="block text-sm font-medium">
                  {t("employees:bulk.teams")}
                </label>
                <select
                  id="bulk-teams"
                  name="teamIds"
                  multiple
                  size={Math.min(4, Math.max(2, teams.length))}
                  className={selectClass}
                >
                  <OptionList options={teams} />
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
                <OptionList options={clusterRoleKeys.map((r) => ({ id: r, name: t(`employees:roles.${r}`) }))} />
              </select>
            </div>
          </>
        ) : null}
        <Button>{t("employees:bulk.submit")}</Button>
      </div>
      <p className="mt-2 text-sm text-ink-muted">{t("employees:bulk.hint")}</p>
    </fieldset>
  );
}
