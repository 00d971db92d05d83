import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, ErrorSummary, Field } from "~/components/ui/forms";
import { tagSchema } from "~/features/tags/tags.schema";
import { createTag, listTags } from "~/features/tags/tags.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { createToastHeader } from "~/utils/toast.server";

export const handle = { i18n: ["tags", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "tags.manage");
  const t = await getServerT(request);
  return { title: pageTitle(t, "tags:title"), tags: await listTags(ctx) };
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "tags.manage");
  const submission = parseWithZod(await request.formData(), { schema: tagSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await createTag(ctx, submission.value);
  if (!result.ok)
    return data(submission.reply({ fieldErrors: { [result.field]: [result.errorKey] } }), { status: 400 });
  return redirect("/personnel/tags", {
    headers: {
      "Set-Cookie": await createToastHeader({ key: "tags:created", values: { name: submission.value.name } }),
    },
  });
}

export default function TagsPage() {
  const { t } = useTranslation();
  const { tags } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "tag-create",
    lastResult,
    constraint: getZodConstraint(tagSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: tagSchema }),
  });
  const label = t("tags:name");
  return (
    <>
      <h1 className="mb-4">{t("tags:title")}</h1>
      <section aria-labelledby="tag-create-title" className="max-w-2xl rounded bg-white p-6 shadow-sm">
        <h2 id="tag-create-title" className="mb-2">
          {t("tags:create.title")}
        </h2>
        <ErrorSummary
          formErrors={form.errors}
          fieldErrors={[{ id: fields.name.id, label, errors: fields.name.errors }]}
        />
        <Form method="post" {...getFormProps(form)} noValidate>
          <Field label={label} errors={fields.name.errors} inputProps={getInputProps(fields.name, { type: "text" })} />
          <Button>{t("tags:create.submit")}</Button>
        </Form>
      </section>
      <h2 className="mb-2 mt-8">{t("tags:list")}</h2>
      {tags.length === 0 ? (
        <p>{t("tags:empty")}</p>
      ) : (
        // Bulk delete: checkboxes and one submit; the confirm page lists what will go.
        <Form method="get" action="/personnel/tags/delete">
          <table className="w-full bg-white text-left shadow-sm">
            <thead className="sticky top-0 bg-white">
              <tr className="border-b">
                <th scope="col" className="p-2">
                  <span className="sr-only">{t("tags:select")}</span>
                </th>
                <th scope="col" className="p-2">
                  {t("tags:name")}
                </th>
                <th scope="col" className="p-2">
                  {t("tags:employees")}
                </th>
                <th scope="col" className="p-2">
                  {t("tags:kind")}
                </th>
              </tr>
            </thead>
            <tbody>
              {tags.map((tag) => (
                <tr key={tag.id} className="border-b">
                  <td className="p-2">
                    <input
                      type="checkbox"
                      name="ids"
                      value={tag.id}
                      aria-label={t("tags:selectTag", { name: tag.name })}
                    />
                  </td>
                  <td className="p-2">
                    <Link to={`/personnel/tags/${tag.id}`}>{tag.name}</Link>
                  </td>
                  <td className="p-2">{tag.memberCount}</td>
                  <td className="p-2">{tag.isSystem ? t("tags:system") : ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Button variant="danger" className="mt-4">
            {t("tags:bulkDelete.submit")}
          </Button>
        </Form>
      )}
    </>
  );
}
