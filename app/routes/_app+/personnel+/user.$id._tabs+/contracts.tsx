import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EmployeeContractsTab } from "~/features/employees/components/employee-contracts-tab";
import { contractSchema } from "~/features/employees/employees.schema";
import { addContract, listContracts } from "~/features/employees/employee-contracts.server";
import { listClusterOptions } from "~/features/employees/employee-list.server";
import { answerEmployeeTab, loadEmployeeTab } from "~/features/employees/employee-tabs.server";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { refusalStatus } from "~/utils/refusal.server";
import { writeOrRefuse } from "~/utils/action-failed.server";

export const handle = { i18n: ["employees", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "users.manage");
  const { employee, title } = await loadEmployeeTab(ctx, request, params.id, "contracts");
  const [contracts, options] = await Promise.all([listContracts(ctx, employee.id), listClusterOptions(ctx)]);
  return { title, employeeId: employee.id, contracts, positions: options.positions };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "users.manage");
  return answerEmployeeTab(ctx, request, params.id, "contracts", {
    addContract: async ({ employee, formData, intent, here }) => {
      const submission = parseWithZod(formData, { schema: contractSchema });
      if (submission.status !== "success") return data({ intent, reply: submission.reply() }, { status: 400 });
      const result = await writeOrRefuse("add", "contract", () => addContract(ctx, employee.id, submission.value));
      if (!result.ok) {
        return data(
          { intent, reply: submission.reply({ fieldErrors: { [result.field]: [result.errorKey] } }) },
          { status: refusalStatus(result) },
        );
      }
      return redirectWithToast(here, { key: "employees:contracts.saved" });
    },
  });
}

export default function EmployeeContractsRoute() {
  const { employeeId, contracts, positions } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <EmployeeContractsTab
      employeeId={employeeId}
      contracts={contracts}
      positions={positions}
      lastResult={actionData?.reply}
    />
  );
}
