import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";
import { deleteContract, getContract } from "~/features/employees/employee-contracts.server";
import { getEmployee } from "~/features/employees/employee-person.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["employees"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "users.manage");
  const employee = await getEmployee(ctx, params.id ?? "");
  const contract = await getContract(ctx, employee.id, params.contractId ?? "");
  const t = await getServerT(request);
  return { title: pageTitle(t, "employees:contracts.deleteTitle"), employeeId: employee.id, contract };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "users.manage");
  const employee = await getEmployee(ctx, params.id ?? "");
  await deleteContract(ctx, employee.id, params.contractId ?? "");
  return redirectWithToast(`/personnel/user/${employee.id}/contracts`, { key: "employees:contracts.deleted" });
}

export default function DeleteContractPage() {
  const { t } = useTranslation();
  const { employeeId, contract } = useLoaderData<typeof loader>();
  return (
    <div className="max-w-xl rounded bg-white p-6 shadow-sm">
      <h1 className="mb-4">{t("employees:contracts.deleteTitle")}</h1>
      <p className="mb-6">
        {t("employees:contracts.deleteQuestion", {
          position: contract.positionName,
          start: contract.startDate,
          end: contract.endDate,
        })}
      </p>
      <Form method="post" className="flex items-center gap-4">
        <Button variant="danger">{t("employees:contracts.deleteSubmit")}</Button>
        <Link to={`/personnel/user/${employeeId}/contracts`}>{t("employees:cancel")}</Link>
      </Form>
    </div>
  );
}
