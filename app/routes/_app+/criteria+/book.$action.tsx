import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  Button,
  FormErrorSummary,
  InputField,
  SelectInputField,
  TextareaInputField,
  useZodForm,
} from "~/components/ui/forms";
import { CriteriaMergeConfirm } from "~/features/criteria/components/criteria-merge-confirm";
import { CheckboxGroup } from "~/features/criteria/components/fields";
import { criterionSchema, mergeCriteriaSchema } from "~/features/criteria/criteria.schema";
import { createCriterion, getCriterion, mergeCriteria, updateCriterion } from "~/features/criteria/criteria.server";
import { listCriteriaTags } from "~/features/criteria/criteria-tags.server";
import { dimensionTexts, getReviewSettings } from "~/features/criteria/review-settings.server";
import { levelNames } from "~/features/criteria/scales";
import { getLanguage, getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";
import { refusal } from "~/utils/refusal.server";
import { writeOrRefuse } from "~/utils/action-failed.server";

export const handle = { i18n: ["criteria", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

const actions = ["add", "edit", "merge"] as const;
type BookAction = (typeof actions)[number];

function parseAction(value: string | undefined): BookAction {
  if (!actions.includes(value as BookAction)) throw new Response("Not found", { status: 404 });
  return value as BookAction;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "criteria.manage");
  const kind = parseAction(params.action);
  const url = new URL(request.url);
  const t = await getServerT(request);
  const [tags, settings] = await Promise.all([listCriteriaTags(ctx), getReviewSettings(ctx)]);
  const base = {
    title: pageTitle(t, `criteria:${kind}.title`),
    kind,
    tags: tags.map(({ id, name }) => ({ id, name })),
    dimensions: dimensionTexts(settings, await getLanguage(request), t as never),
    currentScale: settings.currentScale,
  };
  if (kind === "edit") {
    const id = url.searchParams.get("id") ?? "";
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new Response("Not found", { status: 404 });
    return { ...base, criterion: await getCriterion(ctx, id), merge: null };
  }
  if (kind === "merge") {
    const ids = url.searchParams.getAll("ids").filter((id) => /^[0-9a-f-]{36}$/i.test(id));
    if (ids.length !== 2 || ids[0] === ids[1]) return { ...base, criterion: null, merge: { ids, items: [] } };
    const items = await Promise.all(ids.map((id) => getCriterion(ctx, id)));
    return { ...base, criterion: null, merge: { ids, items: items.map(({ id, name }) => ({ id, name })) } };
  }
  return { ...base, criterion: null, merge: null };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "criteria.manage");
  const kind = parseAction(params.action);
  const formData = await readForm(request);
  if (kind === "merge") {
    const submission = parseWithZod(formData, { schema: mergeCriteriaSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const result = await writeOrRefuse("merge", "criterion", () => mergeCriteria(ctx, submission.value));
    if (!result.ok) return refusal(submission, { ...result, field: null });
    return redirectWithToast("/criteria/book", { key: "criteria:merge.done" });
  }
  const submission = parseWithZod(formData, { schema: criterionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  let result;
  if (kind === "edit") {
    const id = new URL(request.url).searchParams.get("id") ?? "";
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new Response("Not found", { status: 404 });
    result = await writeOrRefuse("update", "criterion", () => updateCriterion(ctx, id, submission.value));
  } else {
    result = await writeOrRefuse("add", "criterion", () => createCriterion(ctx, submission.value));
  }
  if (!result.ok) return refusal(submission, result);
  return redirectWithToast("/criteria/book", { key: kind === "edit" ? "criteria:edit.saved" : "criteria:add.saved" });
}

export default function CriterionActionPage() {
  const { t } = useTranslation();
  const { kind, merge } = useLoaderData<typeof loader>();
  return (
    <div className="max-w-3xl">
      <p>
        <Link to="/criteria/book">{t("criteria:book.back")}</Link>
      </p>
      <h1 className="mb-4 mt-2">{t(`criteria:${kind}.title`)}</h1>
      {kind === "merge" ? <CriteriaMergeConfirm merge={merge} /> : <CriterionForm />}
    </div>
  );
}

function CriterionForm() {
  const { t } = useTranslation();
  const { criterion, tags, dimensions, currentScale } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(criterionSchema, {
    id: "criterion",
    lastResult: lastResult && "status" in lastResult ? lastResult : undefined,
    defaultValue: criterion
      ? {
          name: criterion.name,
          description: criterion.description,
          dimension: String(criterion.dimension),
          ...criterion.characteristics,
        }
      : { dimension: "1" },
  });
  const labels = {
    name: t("criteria:form.name"),
    description: t("criteria:form.description"),
    dimension: t("criteria:form.dimension"),
  };
  const selectedTags =
    (lastResult && "initialValue" in lastResult
      ? (lastResult.initialValue?.tagIds as string[] | string | undefined)
      : undefined) ??
    criterion?.tagIds ??
    [];
  // The 4- and 3-scales use fewer levels; the texts of every level are kept for when the scale changes.
  const used = new Set(
    currentScale === 5
      ? levelNames
      : currentScale === 4
        ? ["excellent", "good", "normal", "low"]
        : ["excellent", "normal", "low"],
  );
  return (
    <>
      <FormErrorSummary form={form} fields={fields} labels={labels} />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <InputField meta={fields.name} label={labels.name} />
        <TextareaInputField meta={fields.description} label={labels.description} />
        <SelectInputField
          meta={fields.dimension}
          label={labels.dimension}
          options={dimensions.map((d) => ({ value: String(d.dimension), label: d.name }))}
        />
        <fieldset className="mb-4">
          <legend className="font-medium">{t("criteria:form.characteristics")}</legend>
          <p className="text-sm text-ink-muted">{t("criteria:form.characteristicsHint")}</p>
          {levelNames.map((level) => (
            <div key={level} className="mt-3">
              <TextareaInputField
                meta={fields[level]}
                label={`${t(`criteria:levels.${level}`)}${used.has(level) ? "" : ` (${t("criteria:form.notInCurrentScale")})`}`}
                rows={2}
              />
            </div>
          ))}
        </fieldset>
        <CheckboxGroup
          legend={t("criteria:form.tags")}
          name="tagIds"
          options={tags.map((tag) => ({ value: tag.id, label: tag.name }))}
          selected={Array.isArray(selectedTags) ? selectedTags : [selectedTags]}
        />
        <Button>{t(criterion ? "criteria:edit.submit" : "criteria:add.submit")}</Button>
      </Form>
    </>
  );
}
