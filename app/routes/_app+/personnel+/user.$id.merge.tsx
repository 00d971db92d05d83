import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";
import { mergeEmployees, searchMergeCandidates } from "~/features/employees/employee-merge.server";
import { getEmployee } from "~/features/employees/employee-person.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";
import { personName } from "~/utils/person-name";

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
  const result = await mergeEmployees(ctx, { keepId, removeId });
  if (!result.ok) return data({ error: result.errorKey }, { status: 400 });
  return redirectWithToast(`/personnel/user/${keepId}/details`, { key: "employees:merge.done" });
}

export default function MergeEmployeePage() {
  const { t } = useTranslation();
  const { q, employee, candidates } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="max-w-2xl">
      <h1 className="mb-4">{t("employees:merge.title")}</h1>
      <p className="mb-4">{t("employees:merge.intro", { name: employee.name })}</p>
      <Form method="get" role="search" className="mb-4 flex items-end gap-3">
        <div>
          <label htmlFor="merge-q" className="block font-medium">
            {t("employees:merge.search")}
          </label>
          <input
            id="merge-q"
            name="q"
            type="search"
            defaultValue={q}
            className="mt-1 rounded border border-gray-400 px-2 py-1"
          />
        </div>
        <Button variant="secondary">{t("employees:list.filter")}</Button>
      </Form>
      {actionData?.error ? (
        <p role="alert" className="mb-4 font-medium text-danger">
          {t(actionData.error)}
        </p>
      ) : null}
      {q && candidates.length === 0 ? <p className="mb-4">{t("employees:merge.noCandidates")}</p> : null}
      {candidates.length > 0 ? (
        <Form method="post" className="rounded bg-white p-6 shadow-sm">
          <fieldset className="mb-4">
            <legend className="mb-2 font-semibold">{t("employees:merge.other")}</legend>
            {candidates.map((c) => (
              <label key={c.id} className="flex items-center gap-2">
                <input type="radio" name="otherId" value={c.id} />
                {personName(c.firstName, c.lastName)} ({c.email})
              </label>
            ))}
          </fieldset>
          <fieldset className="mb-4">
            <legend className="mb-2 font-semibold">{t("employees:merge.keep")}</legend>
            <label className="flex items-center gap-2">
              <input type="radio" name="keep" value="this" defaultChecked />
              {t("employees:merge.keepThis", { name: employee.name })}
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="keep" value="other" />
              {t("employees:merge.keepOther")}
            </label>
          </fieldset>
          <div className="flex items-center gap-4">
            <Button>{t("employees:merge.submit")}</Button>
            <Link to={`/personnel/user/${employee.id}/details`}>{t("employees:cancel")}</Link>
          </div>
        </Form>
      ) : null}
    </div>
  );
}
