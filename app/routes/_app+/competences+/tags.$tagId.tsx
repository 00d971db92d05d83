import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, ErrorSummary, Field } from "~/components/ui/forms";
import { TagDeleteStep } from "~/features/tags/components/book-tag-confirm";
import {
  deleteCompetenceTag,
  getCompetenceTag,
  renameCompetenceTag,
} from "~/features/competences/competence-tags.server";
import { competenceTagSchema } from "~/features/competences/competences.schema";
import { attemptWrite } from "~/utils/action-failed.server";
import { getServerT } from "~/utils/i18n.server";
import { requireUuid } from "~/utils/not-found";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";
import { refusal } from "~/utils/refusal.server";

export const handle = { i18n: ["competences", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** One competence tag: rename or delete it (deleting takes it off every competence). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "competences", "competences.manage");
  const tag = await getCompetenceTag(ctx, requireUuid(params.tagId));
  const t = await getServerT(request);
  // `?confirm=delete`: deleting asks first (1702).
  const confirmDelete = new URL(request.url).searchParams.get("confirm") === "delete";
  return { title: pageTitle(t, "competences:tags.editTitle"), tag, confirmDelete };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "competences", "competences.manage");
  const id = requireUuid(params.tagId);
  const formData = await readForm(request);
  if (formData.get("intent") === "delete") {
    const deleted = await attemptWrite("delete", "tag", () => deleteCompetenceTag(ctx, id));
    if (!deleted.ok) return redirectWithToast(`/competences/tags/${id}`, deleted.toast);
    return redirectWithToast("/competences/tags", { key: "competences:tags.deleted" });
  }
  const submission = parseWithZod(formData, { schema: competenceTagSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await renameCompetenceTag(ctx, id, submission.value.name);
  if (!result.ok) return refusal(submission, result);
  return redirectWithToast("/competences/tags", { key: "competences:tags.saved" });
}

export default function CompetenceTagPage() {
  const { t } = useTranslation();
  const { tag, confirmDelete } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "competence-tag",
    lastResult,
    defaultValue: { name: tag.name },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: competenceTagSchema }),
  });
  const nameLabel = t("competences:tags.name");
  return (
    <div className="max-w-xl">
      <p>
        <Link to="/competences/tags">{t("competences:tags.back")}</Link>
      </p>
      <h1 className="mb-4 mt-2">{t("competences:tags.editHeading", { name: tag.name })}</h1>
      <ErrorSummary
        formErrors={form.errors}
        fieldErrors={[{ id: fields.name.id, label: nameLabel, errors: fields.name.errors }]}
      />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <Field
          label={nameLabel}
          errors={fields.name.errors}
          inputProps={getInputProps(fields.name, { type: "text" })}
        />
        <Button>{t("competences:tags.save")}</Button>
      </Form>
      <section className="mt-6 rounded bg-white p-6 shadow-sm">
        <TagDeleteStep
          pageHref={`/competences/tags/${tag.id}`}
          open={confirmDelete}
          title={t("competences:tags.deleteTitle", { name: tag.name })}
          label={t("competences:tags.delete")}
          submitLabel={t("competences:tags.delete")}
        >
          <p>{t("competences:tags.deleteExplain", { count: tag.competencesCount })}</p>
        </TagDeleteStep>
      </section>
    </div>
  );
}
