import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmSelection } from "~/components/confirm-dialog";
import { Button, FormErrorSummary, InputField, useZodForm } from "~/components/ui/forms";
import { ListTable, Row, RowCheckbox, Section } from "~/components/ui/table";
import { TagsBulkDeleteConfirm, type TagsToDelete } from "~/features/tags/components/tag-confirmations";
import { tagSchema } from "~/features/tags/tags.schema";
import { createTag, listTags } from "~/features/tags/tags.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";
import { refusal } from "~/utils/refusal.server";
import { writeOrRefuse } from "~/utils/action-failed.server";

export const handle = { i18n: ["tags", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "tags.manage");
  const t = await getServerT(request);
  return { title: pageTitle(t, "tags:title"), tags: await listTags(ctx) };
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "tags.manage");
  const submission = parseWithZod(await readForm(request), { schema: tagSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await writeOrRefuse("add", "tag", () => createTag(ctx, submission.value));
  if (!result.ok) return refusal(submission, result);
  return redirectWithToast("/personnel/tags", { key: "tags:created", values: { name: submission.value.name } });
}

export default function TagsPage() {
  const { t } = useTranslation();
  const { tags } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(tagSchema, { id: "tag-create", lastResult });
  const labels = { name: t("tags:name") };
  return (
    <>
      <h1 className="mb-4">{t("tags:title")}</h1>
      <Section id="tag-create" title={t("tags:create.title")}>
        <FormErrorSummary form={form} fields={fields} labels={labels} />
        <Form method="post" {...getFormProps(form)} noValidate>
          <InputField meta={fields.name} label={labels.name} />
          <Button>{t("tags:create.submit")}</Button>
        </Form>
      </Section>
      <h2 className="mb-2 mt-8">{t("tags:list")}</h2>
      {tags.length === 0 ? (
        <p>{t("tags:empty")}</p>
      ) : (
        // Bulk delete: checkboxes and one submit; the confirmation (page or dialog) lists what will go.
        <ConfirmSelection<TagsToDelete>
          action="/personnel/tags/delete"
          title={(data) => t("tags:bulkDelete.heading", { count: data.tags.length })}
          load={(data) => <TagsBulkDeleteConfirm tags={data.tags} />}
        >
          <ListTable
            columns={[
              { label: t("tags:select"), hidden: true },
              { label: t("tags:name") },
              { label: t("tags:employees") },
              { label: t("tags:kind") },
            ]}
          >
            {tags.map((tag) => (
              <Row
                key={tag.id}
                cells={[
                  <RowCheckbox key="ids" value={tag.id} label={t("tags:selectTag", { name: tag.name })} />,
                  <Link key="name" to={`/personnel/tags/${tag.id}`}>
                    {tag.name}
                  </Link>,
                  tag.memberCount,
                  tag.isSystem ? t("tags:system") : "",
                ]}
              />
            ))}
          </ListTable>
          <Button variant="danger" className="mt-4">
            {t("tags:bulkDelete.submit")}
          </Button>
        </ConfirmSelection>
      )}
    </>
  );
}
