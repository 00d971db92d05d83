import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, ErrorList, ErrorSummary, SelectField } from "~/components/ui/forms";
import { tagMergeSchema } from "~/features/tags/tags.schema";
import { getTag, listTags, mergeTags } from "~/features/tags/tags.server";
import { getServerT } from "~/utils/i18n.server";
import { requireUuid } from "~/utils/not-found";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { createToastHeader } from "~/utils/toast.server";

export const handle = { i18n: ["tags", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "tags.manage");
  const tag = await getTag(ctx, requireUuid(params.id));
  const t = await getServerT(request);
  const others = (await listTags(ctx)).filter((o) => o.id !== tag.id);
  return { title: pageTitle(t, "tags:merge.title"), tag, others };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "tags.manage");
  const tagId = requireUuid(params.id);
  const submission = parseWithZod(await request.formData(), { schema: tagMergeSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { otherTagId, keep } = submission.value;
  const result = await mergeTags(ctx, {
    tagId,
    otherTagId,
    remainingTagId: keep === "this" ? tagId : otherTagId,
  });
  if (!result.ok)
    return data(submission.reply({ fieldErrors: { [result.field]: [result.errorKey] } }), { status: 400 });
  return redirect(`/personnel/tags/${result.remainingTagId}`, {
    headers: { "Set-Cookie": await createToastHeader({ key: "tags:merge.done" }) },
  });
}

export default function MergeTagPage() {
  const { t } = useTranslation();
  const { tag, others } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "tag-merge",
    lastResult,
    defaultValue: { keep: "this" },
    constraint: getZodConstraint(tagMergeSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: tagMergeSchema }),
  });
  const otherLabel = t("tags:merge.other");
  const keepLabel = t("tags:merge.keep");
  return (
    <div className="max-w-2xl">
      <p className="mb-2">
        <Link to={`/personnel/tags/${tag.id}`}>{t("tags:backToTag", { name: tag.name })}</Link>
      </p>
      <h1 className="mb-4">{t("tags:merge.heading", { name: tag.name })}</h1>
      <p className="mb-4">{t("tags:merge.intro")}</p>
      <ErrorSummary
        formErrors={form.errors}
        fieldErrors={[
          { id: fields.otherTagId.id, label: otherLabel, errors: fields.otherTagId.errors },
          { id: fields.keep.id, label: keepLabel, errors: fields.keep.errors },
        ]}
      />
      {others.length === 0 ? (
        <p>{t("tags:merge.noOthers")}</p>
      ) : (
        <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
          <SelectField
            label={otherLabel}
            errors={fields.otherTagId.errors}
            selectProps={getSelectProps(fields.otherTagId)}
            options={[
              { value: "", label: t("tags:merge.choose") },
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
                {value === "this" ? t("tags:merge.keepThis", { name: tag.name }) : t("tags:merge.keepOther")}
              </label>
            ))}
            <ErrorList id={`${fields.keep.id}-error`} errors={fields.keep.errors} label={keepLabel} />
          </fieldset>
          <Button>{t("tags:merge.submit")}</Button>
        </Form>
      )}
    </div>
  );
}
