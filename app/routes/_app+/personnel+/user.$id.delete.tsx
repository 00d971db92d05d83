import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";
import { getEmployee, softDeleteEmployee } from "~/features/employees/employee-person.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { personName } from "~/utils/person-name";

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
  const result = await softDeleteEmployee(ctx, employee.id);
  if (!result.ok) return data({ error: result.errorKey }, { status: 400 });
  return redirectWithToast("/personnel/users/removed", { key: "employees:delete.done" });
}

export default function DeleteEmployeePage() {
  const { t } = useTranslation();
  const { employee } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="max-w-xl rounded bg-white p-6 shadow-sm">
      <h1 className="mb-4">{t("employees:delete.title")}</h1>
      {actionData?.error ? (
        <p role="alert" className="mb-4 font-medium text-danger">
          {t(actionData.error)}
        </p>
      ) : null}
      <p className="mb-6">{t("employees:delete.question", { name: employee.name })}</p>
      <Form method="post" className="flex items-center gap-4">
        <Button variant="danger">{t("employees:delete.submit")}</Button>
        <Link to={`/personnel/user/${employee.id}/details`}>{t("employees:cancel")}</Link>
      </Form>
    </div>
  );
}
