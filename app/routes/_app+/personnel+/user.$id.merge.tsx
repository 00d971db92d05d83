import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmHeading } from "~/components/confirm-dialog";
import { EmployeeMergeConfirm } from "~/features/employees/components/employee-confirmations";
import { mergeEmployees, searchMergeCandidates } from "~/features/employees/employee-merge.server";
import { getEmployee } from "~/features/employees/employee-person.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";
import { personName } from "~/utils/person-name";
import { writeOrRedirect } from "~/utils/action-failed.server";

export const handle = { i18n: ["employees"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "users.merge");
  const employee = await getEmployee(ctx, params.id ?? "");
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const candidates = await searchMergeCandidates(ctx, employee.id, q);
  const t = await getServerT(request);
  return {
    title: pageTitle(t, "employees:merge.title"),
    q,
    employee: {
      id: employee.id,
      name: personName(employee.firstName, employee.lastName, employee.email),
      email: employee.email,
    },
    candidates,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "users.merge");
  const employee = await getEmployee(ctx, params.id ?? "");
  const formData = await readForm(request);
  const otherId = String(formData.get("otherId") ?? "");
  const keep = String(formData.get("keep") ?? "");
  if (!otherId) return data({ error: "employees:merge.chooseOther" }, { status: 400 });
  if (keep !== "this" && keep !== "other") return data({ error: "employees:merge.chooseKeep" }, { status: 400 });
  const other = await getEmployee(ctx, otherId);
  const [keepId, removeId] = keep === "this" ? [employee.id, other.id] : [other.id, employee.id];
  const result = await writeOrRedirect("merge", "person", request, () => mergeEmployees(ctx, { keepId, removeId }));
  if (!result.ok) return data({ error: result.errorKey }, { status: 400 });
  return redirectWithToast(`/personnel/user/${keepId}/details`, { key: "employees:merge.done" });
}

export default function MergeEmployeePage() {
  const { t } = useTranslation();
  const merge = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="max-w-2xl">
      <ConfirmHeading>{t("employees:merge.title")}</ConfirmHeading>
      {actionData?.error ? (
        <p role="alert" className="mb-4 font-medium text-danger">
          {t(actionData.error)}
        </p>
      ) : null}
      <EmployeeMergeConfirm {...merge} />
    </div>
  );
}
