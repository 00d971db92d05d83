import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmHeading } from "~/components/confirm-dialog";
import { EmployeeDeleteConfirm } from "~/features/employees/components/employee-confirmations";
import { getEmployee, softDeleteEmployee } from "~/features/employees/employee-person.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { personName } from "~/utils/person-name";
import { writeOrRedirect } from "~/utils/action-failed.server";

export const handle = { i18n: ["employees"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "users.manage");
  const employee = await getEmployee(ctx, params.id ?? "");
  const t = await getServerT(request);
  return {
    title: pageTitle(t, "employees:delete.title"),
    employee: { id: employee.id, name: personName(employee.firstName, employee.lastName, employee.email) },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "users.manage");
  const employee = await getEmployee(ctx, params.id ?? "");
  const result = await writeOrRedirect("delete", "person", request, () => softDeleteEmployee(ctx, employee.id));
  if (!result.ok) return data({ error: result.errorKey }, { status: 400 });
  return redirectWithToast("/personnel/users/removed", { key: "employees:delete.done" });
}

export default function DeleteEmployeePage() {
  const { t } = useTranslation();
  const { employee } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="max-w-xl rounded bg-white p-6 shadow-sm">
      <ConfirmHeading>{t("employees:delete.title")}</ConfirmHeading>
      {actionData?.error ? (
        <p role="alert" className="mb-4 font-medium text-danger">
          {t(actionData.error)}
        </p>
      ) : null}
      <EmployeeDeleteConfirm employee={employee} />
    </div>
  );
}
