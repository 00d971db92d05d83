import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ContractForm } from "~/features/employees/components/contract-form";
import { contractSchema } from "~/features/employees/employees.schema";
import { getContract, getContractFormValues, updateContract } from "~/features/employees/employee-contracts.server";
import { getEmployee } from "~/features/employees/employee-person.server";
import { listPositionOptions } from "~/features/positions/positions.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";
import { personName } from "~/utils/person-name";
import { refusal } from "~/utils/refusal.server";
import { writeOrRefuse } from "~/utils/action-failed.server";

export const handle = { i18n: ["employees", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "users.manage");
  const employee = await getEmployee(ctx, params.id ?? "");
  const [contract, values, positions] = await Promise.all([
    getContract(ctx, employee.id, params.contractId ?? ""),
    getContractFormValues(ctx, employee.id, params.contractId ?? ""),
    listPositionOptions(ctx),
  ]);
  const t = await getServerT(request);
  return {
    title: pageTitle(t, "employees:contracts.editTitle"),
    employee: { id: employee.id, name: personName(employee.firstName, employee.lastName) },
    contract,
    values,
    positions,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "users.manage");
  const employee = await getEmployee(ctx, params.id ?? "");
  // Another tenant's contract id is a 404 before anything typed is looked at.
  await getContract(ctx, employee.id, params.contractId ?? "");
  const submission = parseWithZod(await readForm(request), { schema: contractSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await writeOrRefuse("update", "contract", () =>
    updateContract(ctx, employee.id, params.contractId ?? "", submission.value),
  );
  if (!result.ok) return refusal(submission, result);
  return redirectWithToast(`/personnel/user/${employee.id}/contracts`, { key: "employees:contracts.updated" });
}

export default function EditContractPage() {
  const { t } = useTranslation();
  const { employee, values, positions } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div className="max-w-xl">
      <p className="mb-2">
        <Link to={`/personnel/user/${employee.id}/contracts`}>{employee.name}</Link>
      </p>
      <h1 className="mb-4">{t("employees:contracts.editTitle")}</h1>
      <ContractForm
        id="edit-contract"
        intent="updateContract"
        lastResult={lastResult}
        defaultValue={values}
        positions={positions}
        submitLabel={t("employees:contracts.submit")}
      >
        <Link to={`/personnel/user/${employee.id}/contracts`}>{t("employees:cancel")}</Link>
      </ContractForm>
    </div>
  );
}
