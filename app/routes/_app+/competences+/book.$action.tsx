import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { competenceMergePage } from "~/features/competences/components/competence-merge";
import { MergeLink } from "~/features/merge/merge-page";
import {
  Button,
  FormErrorSummary,
  InputField,
  SelectInputField,
  TextareaInputField,
  useZodForm,
} from "~/components/ui/forms";
import { CheckboxGroup } from "~/features/criteria/components/fields";
import { listCompetenceTags, tagIdsOfCompetence } from "~/features/competences/competence-tags.server";
import { competenceSchema } from "~/features/competences/competences.schema";
import { createCompetence, getCompetence, updateCompetence } from "~/features/competences/competences.server";
import { competenceTypes } from "~/features/competences/levels";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";
import { refusal } from "~/utils/refusal.server";
import { writeOrRefuse } from "~/utils/action-failed.server";

export const handle = { i18n: ["competences", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

function parseAction(value: string | undefined): "add" | "edit" {
  if (value !== "add" && value !== "edit") throw new Response("Not found", { status: 404 });
  return value;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "competences", "competences.manage");
  const kind = parseAction(params.action);
  const t = await getServerT(request);
  const competence =
    kind === "edit" ? await getCompetence(ctx, new URL(request.url).searchParams.get("id") ?? "") : null;
  const [tags, tagIds] = await Promise.all([
    listCompetenceTags(ctx),
    competence ? tagIdsOfCompetence(ctx, competence.id) : [],
  ]);
  return {
    title: pageTitle(t, `competences:${kind}.title`),
    kind,
    competence: competence && {
      id: competence.id,
      name: competence.name,
      description: competence.description,
      type: competence.type,
      tagIds,
    },
    tags: tags.map(({ id, name }) => ({ id, name })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "competences", "competences.manage");
  const kind = parseAction(params.action);
  const submission = parseWithZod(await readForm(request), { schema: competenceSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result =
    kind === "edit"
      ? await writeOrRefuse("update", "competence", () =>
          updateCompetence(ctx, new URL(request.url).searchParams.get("id") ?? "", submission.value),
        )
      : await writeOrRefuse("add", "competence", () => createCompetence(ctx, submission.value));
  if (!result.ok) return refusal(submission, result);
  return redirectWithToast("/competences/book", { key: `competences:${kind}.saved` });
}

export default function CompetenceFormPage() {
  const { t } = useTranslation();
  const { kind, competence, tags } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(competenceSchema, {
    id: "competence",
    lastResult,
    defaultValue: competence
      ? { name: competence.name, description: competence.description, type: competence.type }
      : { type: "competence" },
  });
  // After a refused post the boxes show what was sent, so nothing typed is lost.
  const sent = lastResult?.initialValue?.tagIds as string[] | string | undefined;
  const selectedTags = sent === undefined ? (lastResult ? [] : (competence?.tagIds ?? [])) : [sent].flat();
  const labels = {
    name: t("competences:form.name"),
    type: t("competences:type.label"),
    description: t("competences:form.description"),
  };
  return (
    <div className="max-w-3xl">
      <p>
        <Link to="/competences/book">{t("competences:book.back")}</Link>
        {competence ? (
          <>
            {" · "}
            <MergeLink
              page={competenceMergePage}
              href={`/competences/book/${competence.id}/merge`}
              name={competence.name}
            />
          </>
        ) : null}
      </p>
      <h1 className="mb-4 mt-2">{t(`competences:${kind}.title`)}</h1>
      <FormErrorSummary form={form} fields={fields} labels={labels} />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <InputField meta={fields.name} label={labels.name} />
        <SelectInputField
          meta={fields.type}
          label={labels.type}
          options={competenceTypes.map((type) => ({ value: type, label: t(`competences:type.${type}`) }))}
        />
        <TextareaInputField meta={fields.description} label={labels.description} />
        {tags.length > 0 ? (
          <CheckboxGroup
            legend={t("competences:form.tags")}
            name="tagIds"
            options={tags.map((tag) => ({ value: tag.id, label: tag.name }))}
            selected={selectedTags}
            errors={fields.tagIds.errors}
          />
        ) : null}
        <Button>{t(`competences:${kind}.submit`)}</Button>
      </Form>
    </div>
  );
}
