import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, FormErrorSummary, InputField, TextareaInputField, useZodForm } from "~/components/ui/forms";
import {
  getManagedArea,
  requireKnowledgeAreaManager,
  updateArea,
} from "~/features/knowledge-areas/knowledge-areas-admin.server";
import { areaSchema } from "~/features/knowledge-areas/knowledge-areas.schema";
import { getServerT } from "~/utils/i18n.server";
import { requireUuid } from "~/utils/not-found";
import { detailPageTitle } from "~/utils/page-title";
import { redirectWithToast } from "~/utils/toast.server";

/** Rename a knowledge area and change its description (docs/decisions/1320). */
export const handle = { i18n: ["knowledge-areas", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireKnowledgeAreaManager(request);
  const area = await getManagedArea(ctx, requireUuid(params.id));
  const t = await getServerT(request);
  return { title: detailPageTitle(t, area.name, "knowledge-areas:areas.editTitle"), area };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireKnowledgeAreaManager(request);
  const id = requireUuid(params.id);
  const submission = parseWithZod(await request.formData(), { schema: areaSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await updateArea(ctx, id, submission.value);
  if (!result.ok)
    return data(submission.reply({ fieldErrors: { [result.field]: [result.errorKey] } }), { status: 400 });
  return redirectWithToast("/knowledge-areas/areas", { key: "knowledge-areas:areas.saved" });
}

export default function EditKnowledgeAreaPage() {
  const { t } = useTranslation();
  const { area } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(areaSchema, {
    id: "knowledge-area",
    lastResult,
    defaultValue: { name: area.name, description: area.description },
  });
  const labels = { name: t("knowledge-areas:areas.name"), description: t("knowledge-areas:areas.description") };
  return (
    <div className="max-w-3xl">
      <p className="mb-2">
        <Link to="/knowledge-areas/areas">{t("knowledge-areas:areas.back")}</Link>
      </p>
      <h1 className="mb-4">{t("knowledge-areas:areas.editHeading", { name: area.name })}</h1>
      <FormErrorSummary form={form} fields={fields} labels={labels} />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <InputField meta={fields.name} label={labels.name} />
        <TextareaInputField meta={fields.description} label={labels.description} />
        {area.teams > 0 ? (
          <p className="mb-4 text-ink-muted">{t("knowledge-areas:areas.renameHint", { count: area.teams })}</p>
        ) : null}
        <Button>{t("knowledge-areas:areas.save")}</Button>
      </Form>
    </div>
  );
}
