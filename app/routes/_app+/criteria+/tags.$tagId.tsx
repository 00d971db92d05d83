import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { Button, ErrorSummary, Field } from "~/components/ui/forms";
import { CheckboxGroup } from "~/features/criteria/components/fields";
import { tagAssignSchema, tagMergeSchema, tagNameSchema, tagSplitSchema } from "~/features/criteria/criteria.schema";
import { listAllCriteria } from "~/features/criteria/criteria.server";
import {
  assignCriteriaTag,
  criteriaOfTag,
  deleteCriteriaTag,
  getCriteriaTag,
  listCriteriaTags,
  mergeCriteriaTags,
  renameCriteriaTag,
  splitCriteriaTag,
} from "~/features/criteria/criteria-tags.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["criteria", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

function parseTagId(value: string | undefined): string {
  if (!value || !/^[0-9a-f-]{36}$/i.test(value)) throw new Response("Not found", { status: 404 });
  return value;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "tags.manage");
  const id = parseTagId(params.tagId);
  const t = await getServerT(request);
  const tag = await getCriteriaTag(ctx, id);
  const [members, all, tags] = await Promise.all([criteriaOfTag(ctx, id), listAllCriteria(ctx), listCriteriaTags(ctx)]);
  return {
    title: pageTitle(t, "criteria:tags.editTitle"),
    tag: { id: tag.id, name: tag.name, isSystem: tag.isSystem },
    members,
    criteria: all.map(({ id, name }) => ({ id, name })),
    otherTags: tags.filter((other) => other.id !== id && !other.isSystem).map(({ id, name }) => ({ id, name })),
  };
}

const intentSchema = z.enum(["rename", "merge", "split", "assign", "delete"]);

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "tags.manage");
  const id = parseTagId(params.tagId);
  const formData = await readForm(request);
  const intent = intentSchema.safeParse(formData.get("intent"));
  if (!intent.success) return data({ intent: null, reply: null }, { status: 400 });
  const done = async (key: string, to = `/criteria/tags/${id}`) => redirectWithToast(to, { key });

  if (intent.data === "delete") {
    const result = await deleteCriteriaTag(ctx, id);
    if (!result.ok) return redirectWithToast(`/criteria/tags/${id}`, { type: "error", key: result.errorKey });
    return done("criteria:tags.deleted", "/criteria/tags");
  }
  if (intent.data === "rename") {
    const submission = parseWithZod(formData, { schema: tagNameSchema });
    if (submission.status !== "success")
      return data({ intent: intent.data, reply: submission.reply() }, { status: 400 });
    const result = await renameCriteriaTag(ctx, id, submission.value.name);
    if (!result.ok)
      return data(
        { intent: intent.data, reply: submission.reply({ fieldErrors: { [result.field]: [result.errorKey] } }) },
        { status: 400 },
      );
    return done("criteria:tags.renamed");
  }
  if (intent.data === "merge") {
    formData.set("keepId", id);
    const submission = parseWithZod(formData, { schema: tagMergeSchema });
    if (submission.status !== "success")
      return data({ intent: intent.data, reply: submission.reply() }, { status: 400 });
    const result = await mergeCriteriaTags(ctx, id, submission.value.mergeId);
    if (!result.ok)
      return data(
        { intent: intent.data, reply: submission.reply({ fieldErrors: { [result.field]: [result.errorKey] } }) },
        { status: 400 },
      );
    return done("criteria:tags.merged");
  }
  if (intent.data === "split") {
    formData.set("tagId", id);
    const submission = parseWithZod(formData, { schema: tagSplitSchema });
    if (submission.status !== "success")
      return data({ intent: intent.data, reply: submission.reply() }, { status: 400 });
    const result = await splitCriteriaTag(ctx, submission.value);
    if (!result.ok)
      return data(
        { intent: intent.data, reply: submission.reply({ fieldErrors: { [result.field]: [result.errorKey] } }) },
        { status: 400 },
      );
    return done("criteria:tags.split");
  }
  const submission = parseWithZod(formData, { schema: tagAssignSchema });
  if (submission.status !== "success") return data({ intent: intent.data, reply: submission.reply() }, { status: 400 });
  await assignCriteriaTag(ctx, id, submission.value.criterionIds);
  return done("criteria:tags.assigned");
}

function useIntentResult(intent: string) {
  const result = useActionData<typeof action>();
  return result && result.intent === intent && result.reply ? result.reply : undefined;
}

export default function CriteriaTagPage() {
  const { t } = useTranslation();
  const { tag, members, criteria, otherTags } = useLoaderData<typeof loader>();
  const renameResult = useIntentResult("rename");
  const mergeResult = useIntentResult("merge");
  const splitResult = useIntentResult("split");
  const [renameForm, renameFields] = useForm({
    id: "rename-tag",
    lastResult: renameResult,
    defaultValue: { name: tag.name },
  });
  const [mergeForm, mergeFields] = useForm({ id: "merge-tag", lastResult: mergeResult });
  const [splitForm, splitFields] = useForm({ id: "split-tag", lastResult: splitResult });
  const memberIds = members.map((m) => m.id);
  return (
    <div className="max-w-3xl">
      <p>
        <Link to="/criteria/tags">{t("criteria:tags.back")}</Link>
      </p>
      <h1 className="mb-4 mt-2">{t("criteria:tags.heading", { name: tag.name })}</h1>

      <section aria-labelledby="rename-title" className="mb-6 rounded bg-white p-6 shadow-sm">
        <h2 id="rename-title">{t("criteria:tags.rename")}</h2>
        <ErrorSummary
          formErrors={renameForm.errors}
          fieldErrors={[{ id: renameFields.name.id, label: t("criteria:tags.name"), errors: renameFields.name.errors }]}
        />
        <Form method="post" {...getFormProps(renameForm)} noValidate>
          <Field
            label={t("criteria:tags.name")}
            errors={renameFields.name.errors}
            inputProps={getInputProps(renameFields.name, { type: "text" })}
          />
          <Button name="intent" value="rename">
            {t("criteria:tags.renameSubmit")}
          </Button>
        </Form>
      </section>

      <section aria-labelledby="assign-title" className="mb-6 rounded bg-white p-6 shadow-sm">
        <h2 id="assign-title">{t("criteria:tags.assign")}</h2>
        <Form method="post">
          <CheckboxGroup
            legend={t("criteria:tags.assignLegend")}
            name="criterionIds"
            options={criteria.map((c) => ({ value: c.id, label: c.name }))}
            selected={memberIds}
          />
          <Button name="intent" value="assign">
            {t("criteria:tags.assignSubmit")}
          </Button>
        </Form>
      </section>

      {otherTags.length > 0 ? (
        <section aria-labelledby="merge-title" className="mb-6 rounded bg-white p-6 shadow-sm">
          <h2 id="merge-title">{t("criteria:tags.merge")}</h2>
          <p className="mb-2 text-sm text-ink-muted">{t("criteria:tags.mergeHint", { name: tag.name })}</p>
          <ErrorSummary
            formErrors={mergeForm.errors}
            fieldErrors={[
              { id: mergeFields.mergeId.id, label: t("criteria:tags.mergeWith"), errors: mergeFields.mergeId.errors },
            ]}
          />
          <Form method="post" {...getFormProps(mergeForm)} noValidate>
            <Field
              label={t("criteria:tags.mergeWith")}
              errors={mergeFields.mergeId.errors}
              selectProps={getSelectProps(mergeFields.mergeId)}
              options={otherTags.map((o) => ({ value: o.id, label: o.name }))}
            />
            <Button name="intent" value="merge">
              {t("criteria:tags.mergeSubmit")}
            </Button>
          </Form>
        </section>
      ) : null}

      {members.length > 0 ? (
        <section aria-labelledby="split-title" className="mb-6 rounded bg-white p-6 shadow-sm">
          <h2 id="split-title">{t("criteria:tags.splitTitle")}</h2>
          <ErrorSummary
            formErrors={splitForm.errors}
            fieldErrors={[
              { id: splitFields.name.id, label: t("criteria:tags.newName"), errors: splitFields.name.errors },
              {
                id: splitFields.criterionIds.id,
                label: t("criteria:tags.splitLegend"),
                errors: splitFields.criterionIds.errors,
              },
            ]}
          />
          <Form method="post" {...getFormProps(splitForm)} noValidate>
            <Field
              label={t("criteria:tags.newName")}
              errors={splitFields.name.errors}
              inputProps={getInputProps(splitFields.name, { type: "text" })}
            />
            <CheckboxGroup
              legend={t("criteria:tags.splitLegend")}
              name="criterionIds"
              options={members.map((c) => ({ value: c.id, label: c.name }))}
              selected={[]}
              errors={splitFields.criterionIds.errors}
            />
            <Button name="intent" value="split">
              {t("criteria:tags.splitSubmit")}
            </Button>
          </Form>
        </section>
      ) : null}

      <section aria-labelledby="delete-title" className="rounded bg-white p-6 shadow-sm">
        <h2 id="delete-title">{t("criteria:tags.delete")}</h2>
        {tag.isSystem ? (
          <p>{t("criteria:tags.systemCannotBeDeleted")}</p>
        ) : (
          <Form method="post">
            <p className="mb-2">{t("criteria:tags.deleteConfirm", { name: tag.name })}</p>
            <Button name="intent" value="delete" variant="danger">
              {t("criteria:tags.deleteSubmit")}
            </Button>
          </Form>
        )}
      </section>
    </div>
  );
}
