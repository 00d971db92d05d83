import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, ErrorList, ErrorSummary, SelectField } from "~/components/ui/forms";
import { positionMergeSchema } from "~/features/positions/positions.schema";
import { getPosition, listPositionOptions, mergePositions } from "~/features/positions/positions.server";
import { getServerT } from "~/utils/i18n.server";
import { requireUuid } from "~/utils/not-found";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { createToastHeader } from "~/utils/toast.server";

export const handle = { i18n: ["positions", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "positions.manage");
  const position = await getPosition(ctx, requireUuid(params.positionId));
  const t = await getServerT(request);
  const others = (await listPositionOptions(ctx)).filter((o) => o.id !== position.id);
  return { title: pageTitle(t, "positions:merge.title"), position, others };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "positions.manage");
  const positionId = requireUuid(params.positionId);
  const submission = parseWithZod(await request.formData(), { schema: positionMergeSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { otherPositionId, keep } = submission.value;
  const result = await mergePositions(ctx, {
    positionId,
    otherPositionId,
    remainingPositionId: keep === "this" ? positionId : otherPositionId,
  });
  if (!result.ok)
    return data(submission.reply({ fieldErrors: { [result.field]: [result.errorKey] } }), { status: 400 });
  return redirect(`/personnel/positions/${result.remainingPositionId}`, {
    headers: { "Set-Cookie": await createToastHeader({ key: "positions:merge.done" }) },
  });
}

export default function MergePositionPage() {
  const { t } = useTranslation();
  const { position, others } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "position-merge",
    lastResult,
    defaultValue: { keep: "this" },
    constraint: getZodConstraint(positionMergeSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: positionMergeSchema }),
  });
  const otherLabel = t("positions:merge.other");
  const keepLabel = t("positions:merge.keep");
  return (
    <div className="max-w-2xl">
      <p className="mb-2">
        <Link to={`/personnel/positions/${position.id}`}>{t("positions:backToPosition", { name: position.name })}</Link>
      </p>
      <h1 className="mb-4">{t("positions:merge.heading", { name: position.name })}</h1>
      <p className="mb-4">{t("positions:merge.intro")}</p>
      <ErrorSummary
        formErrors={form.errors}
        fieldErrors={[
          { id: fields.otherPositionId.id, label: otherLabel, errors: fields.otherPositionId.errors },
          { id: fields.keep.id, label: keepLabel, errors: fields.keep.errors },
        ]}
      />
      {others.length === 0 ? (
        <p>{t("positions:merge.noOthers")}</p>
      ) : (
        <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
          <SelectField
            label={otherLabel}
            errors={fields.otherPositionId.errors}
            selectProps={getSelectProps(fields.otherPositionId)}
            options={[
              { value: "", label: t("positions:merge.choose") },
              ...others.map((o) => ({ value: o.id, label: o.name })),
            ]}
          />
          <fieldset className="mb-4" id={fields.keep.id}>
            <legend className="font-medium">{keepLabel}</legend>
            {(["this", "other"] as const).map((value) => (
              <label key={value} className="mt-1 flex items-center gap-2">
                <input
                  type="radio"
                  name={fields.keep.name}
                  value={value}
                  defaultChecked={fields.keep.initialValue === value}
                />
                {value === "this"
                  ? t("positions:merge.keepThis", { name: position.name })
                  : t("positions:merge.keepOther")}
              </label>
            ))}
            <ErrorList id={`${fields.keep.id}-error`} errors={fields.keep.errors} label={keepLabel} />
          </fieldset>
          <Button>{t("positions:merge.submit")}</Button>
        </Form>
      )}
    </div>
  );
}
