import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmHeading } from "~/components/confirm-dialog";
import { ContractDeleteConfirm } from "~/features/employees/components/employee-confirmations";
import { deleteContract, getContract } from "~/features/employees/employee-contracts.server";
import { getEmployee } from "~/features/employees/employee-person.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { writeOrRedirect } from "~/utils/action-failed.server";

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
  await writeOrRedirect("delete", "contract", request, () => deleteContract(ctx, employee.id, params.contractId ?? ""));
  return redirectWithToast(`/personnel/user/${employee.id}/contracts`, { key: "employees:contracts.deleted" });
}

export default function DeleteContractPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <div className="max-w-xl rounded bg-white p-6 shadow-sm">
      <ConfirmHeading>{t("employees:contracts.deleteTitle")}</ConfirmHeading>
      <ContractDeleteConfirm {...data} />
    </div>
  );
}
