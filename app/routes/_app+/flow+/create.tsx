import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import { Button, ErrorList, ErrorSummary } from "~/components/ui/forms";
import {
  activityFields,
  blankRow,
  initialRows,
  maxActivities,
  rowsFromForm,
  shareTotal,
  validateFlowRows,
  type ActivityField,
  type ActivityRow,
  type FlowFormErrors,
} from "~/features/flow/flow-form";
import { createFlowMeasurement, getFlowSettings } from "~/features/flow/flows.server";
import { getServerT } from "~/utils/i18n.server";
import { notFound } from "~/utils/not-found";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["flow", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "flow", "flows.manage");
  const t = await getServerT(request);
  const settings = await getFlowSettings(ctx);
  return {
    title: pageTitle(t, "flow:create.title"),
    scaleMax: settings.scaleMax,
    mayMeasure: Boolean(ctx.membershipId),
  };
}

type ActionData = { rows: ActivityRow[]; errors: FlowFormErrors | null; added: boolean };

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "flow", "flows.manage");
  if (!ctx.membershipId) notFound();
  const formData = await readForm(request);
  const rows = rowsFromForm(formData);
  // "Add activity" is a submit button too, so that it works without JavaScript: the page comes back
  // with what was typed and one empty row more.
  if (formData.get("intent") === "add") {
    const more = rows.length < maxActivities ? [...rows, blankRow()] : rows;
    return data<ActionData>({ rows: more, errors: null, added: true });
  }
  const settings = await getFlowSettings(ctx);
  const result = validateFlowRows(rows, settings);
  if (!result.ok) return data<ActionData>({ rows, errors: result.errors, added: false }, { status: 400 });
  const created = await createFlowMeasurement(ctx, result.activities);
  if (!created.ok) {
    const errors: FlowFormErrors = { form: ["flow:errors.scoreRange"], rows: rows.map(() => ({})), shares: [] };
    return data<ActionData>({ rows, errors, added: false }, { status: 400 });
  }
  return redirectWithToast(`/flow/details/${created.id}`, { key: "flow:create.saved" });
}

const inputId = (i: number, field: ActivityField) => `activity-${i}-${field}`;

export default function FlowCreatePage() {
  const { t } = useTranslation();
  const { scaleMax, mayMeasure } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const rows = actionData?.rows.length ? actionData.rows : Array.from({ length: initialRows }, blankRow);
  const errors = actionData?.errors ?? null;
  // With JavaScript the row "add activity" just made gets the focus.
  useEffect(() => {
    if (actionData?.added) document.getElementById(inputId(actionData.rows.length - 1, "name"))?.focus();
  }, [actionData]);
  const label = (field: ActivityField) => t(`flow:fields.${field}`);
  const fieldLabel = (field: ActivityField, i: number) =>
    t("flow:create.fieldLabel", { field: label(field), n: i + 1 });
  const fieldErrors = errors
    ? [
        ...errors.rows.flatMap((rowErrors, i) =>
          activityFields
            .filter((f) => rowErrors[f])
            .map((f) => ({ id: inputId(i, f), label: fieldLabel(f, i), errors: [rowErrors[f]] })),
        ),
        ...(errors.shares.length ? [{ id: inputId(0, "share"), label: label("share"), errors: errors.shares }] : []),
      ]
    : [];
  return (
    <>
      <h1 className="mb-2">{t("flow:create.title")}</h1>
      {!mayMeasure ? (
        <p>{t("flow:create.noMembership")}</p>
      ) : (
        <>
          <p className="mb-1 max-w-3xl">{t("flow:create.intro")}</p>
          <p id="flow-scale-hint" className="mb-4 max-w-3xl text-ink-muted">
            {t("flow:create.scaleHint", { max: scaleMax })}
          </p>
          <ErrorSummary formErrors={errors?.form} fieldErrors={fieldErrors} />
          <Form method="post" noValidate aria-describedby="flow-scale-hint">
            <div className="relative overflow-x-auto">
              <table className="w-full bg-white text-left shadow-sm">
                <caption className="sr-only">{t("flow:create.caption")}</caption>
                <thead>
                  <tr className="border-b">
                    <th scope="col" className="p-2">
                      <span className="sr-only">{t("flow:details.number")}</span>
                    </th>
                    {activityFields.map((f) => (
                      <th key={f} scope="col" className="p-2">
                        {label(f)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row, i) => (
                    <tr key={i} className="border-b align-top">
                      <th scope="row" className="p-2 font-normal text-ink-muted">
                        {i + 1}
                      </th>
                      {activityFields.map((f) => {
                        const id = inputId(i, f);
                        const error = errors?.rows[i]?.[f];
                        const isName = f === "name";
                        return (
                          <td key={f} className="p-2">
                            <label htmlFor={id} className="sr-only">
                              {fieldLabel(f, i)}
                            </label>
                            <input
                              id={id}
                              name={f}
                              type="text"
                              inputMode={isName ? undefined : "numeric"}
                              defaultValue={row[f]}
                              aria-invalid={error ? true : undefined}
                              aria-describedby={error ? `${id}-error` : undefined}
                              className={`block rounded border px-2 py-1 ${isName ? "w-56" : "w-20"} ${
                                error ? "border-2 border-danger" : "border-gray-400"
                              }`}
                            />
                            <ErrorList id={`${id}-error`} errors={error ? [error] : []} label={fieldLabel(f, i)} />
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={2} className="p-2 text-right">
                      {t("flow:create.total")}
                    </th>
                    <td className="p-2 tabular-nums" colSpan={activityFields.length - 1}>
                      {t("flow:create.totalValue", { total: shareTotal(rows) })}
                      <ErrorList id="flow-shares-error" errors={errors?.shares} />
                    </td>
                  </tr>
                </tfoot>
              </table>
            </div>
            <div className="mt-4 flex flex-wrap gap-4">
              <Button name="intent" value="save" disabled={busy}>
                {t("flow:create.submit")}
              </Button>
              {rows.length < maxActivities ? (
                <Button name="intent" value="add" variant="secondary" disabled={busy}>
                  {t("flow:create.add")}
                </Button>
              ) : null}
              <AppLink href="/flow" className="self-center">
                {t("flow:create.cancel")}
              </AppLink>
            </div>
          </Form>
        </>
      )}
    </>
  );
}
