import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EmployeeRolesTab } from "~/features/employees/components/employee-roles-tab";
import { listClusterRoles, setClusterRoles } from "~/features/employees/employee-assignments.server";
import { answerEmployeeTab, loadEmployeeTab } from "~/features/employees/employee-tabs.server";
import { can, requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { writeOrRedirect } from "~/utils/action-failed.server";

export const handle = { i18n: ["employees", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "users.manage");
  const { employee, title } = await loadEmployeeTab(ctx, request, params.id, "roles");
  const roles: string[] = await listClusterRoles(ctx, employee.id);
  return { title, roles, canManageRoles: can(ctx, "cluster_roles.manage") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "users.manage");
  return answerEmployeeTab(ctx, request, params.id, "roles", {
    roles: async ({ employee, formData, intent, here }) => {
      const result = await writeOrRedirect("assign", "person", request, () =>
        setClusterRoles(ctx, employee.id, formData.getAll("roleKeys").map(String)),
      );
      if (!result.ok) return data({ intent, reply: undefined, error: result.errorKey }, { status: 403 });
      return redirectWithToast(here, { key: "employees:roles.saved" });
    },
  });
}

export default function EmployeeRolesRoute() {
  const { roles, canManageRoles } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <EmployeeRolesTab
      roles={roles}
      canManageRoles={canManageRoles}
      error={actionData && "error" in actionData ? String(actionData.error) : null}
    />
  );
}
