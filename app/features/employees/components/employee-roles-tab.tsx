import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";
import { clusterRoleKeys } from "../employees.schema";

/** The roles tab: the employee's roles in this cluster; read-only without cluster_roles.manage. */
export function EmployeeRolesTab({
  roles,
  canManageRoles,
  error,
}: {
  roles: string[];
  canManageRoles: boolean;
  error: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" className="rounded bg-white p-6 shadow-sm">
      <input type="hidden" name="intent" value="roles" />
      {error ? (
        <p role="alert" className="mb-4 font-medium text-danger">
          {t(error)}
        </p>
      ) : null}
      <fieldset disabled={!canManageRoles}>
        <legend className="mb-2 font-semibold">{t("employees:roles.legend")}</legend>
        {!canManageRoles ? <p className="mb-2 text-sm">{t("employees:roles.readOnly")}</p> : null}
        <ul className="mb-4 space-y-1">
          {clusterRoleKeys.map((r) => (
            <li key={r}>
              <label className="flex items-center gap-2">
                <input type="checkbox" name="roleKeys" value={r} defaultChecked={roles.includes(r)} />
                {t(`employees:roles.${r}`)}
              </label>
            </li>
          ))}
        </ul>
        <Button>{t("employees:roles.submit")}</Button>
      </fieldset>
    </Form>
  );
}
