import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, ErrorSummary, Field } from "~/components/ui/forms";
import { tagNameSchema } from "~/features/criteria/criteria.schema";
import { createCriteriaTag, listCriteriaTags } from "~/features/criteria/criteria-tags.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { createToastHeader } from "~/utils/toast.server";

export const handle = { i18n: ["criteria", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "tags.manage");
  const t = await getServerT(request);
  return { title: pageTitle(t, "criteria:tags.title"), tags: await listCriteriaTags(ctx) };
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "tags.manage");
  const submission = parseWithZod(await request.formData(), { schema: tagNameSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await createCriteriaTag(ctx, submission.value.name);
  if (!result.ok)
    return data(submission.reply({ fieldErrors: { [result.field]: [result.errorKey] } }), { status: 400 });
  return redirect("/criteria/tags", {
    headers: { "Set-Cookie": await createToastHeader({ key: "criteria:tags.created" }) },
  });
}

export default function CriteriaTagsPage() {
  const { t } = useTranslation();
  const { tags } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "new-tag",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: tagNameSchema }),
  });
  const nameLabel = t("criteria:tags.name");
  return (
    <>
      <h1>{t("criteria:tags.title")}</h1>
      <section aria-labelledby="new-tag-title" className="mt-6 max-w-xl rounded bg-white p-6 shadow-sm">
        <h2 id="new-tag-title">{t("criteria:tags.add")}</h2>
        <ErrorSummary
          formErrors={form.errors}
          fieldErrors={[{ id: fields.name.id, label: nameLabel, errors: fields.name.errors }]}
        />
        <Form method="post" {...getFormProps(form)} noValidate>
          <Field
            label={nameLabel}
            errors={fields.name.errors}
            inputProps={getInputProps(fields.name, { type: "text" })}
          />
          <Button>{t("criteria:tags.addSubmit")}</Button>
        </Form>
      </section>
      {tags.length === 0 ? (
        <p className="mt-6">{t("criteria:tags.empty")}</p>
      ) : (
        <table className="mt-6 w-full max-w-3xl bg-white text-left shadow-sm">
          <thead>
            <tr className="border-b">
              <th scope="col" className="p-2">
                {nameLabel}
              </th>
              <th scope="col" className="p-2">
                {t("criteria:tags.criteriaCount")}
              </th>
              <th scope="col" className="p-2">
                {t("criteria:tags.system")}
              </th>
            </tr>
          </thead>
          <tbody>
            {tags.map((tag) => (
              <tr key={tag.id} className="border-b last:border-0">
                <td className="p-2">
                  <Link to={`/criteria/tags/${tag.id}`}>{tag.name}</Link>
                </td>
                <td className="p-2">{tag.criteriaCount}</td>
                <td className="p-2">{tag.isSystem ? t("criteria:tags.yes") : t("criteria:tags.no")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
