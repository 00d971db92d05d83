import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { ConfirmForm } from "~/components/confirm-dialog";
import { Button, ErrorList, ErrorSummary, Field } from "~/components/ui/forms";
import { TagChoiceStep, TagDeleteStep } from "~/features/tags/components/book-tag-confirm";
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
import { attemptWrite } from "~/utils/action-failed.server";
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
    ...checkChoice(new URL(request.url).searchParams, id, { members, tags }),
  };
}

type Pending =
  | { kind: "delete" }
  | { kind: "merge"; mergeId: string; mergeName: string }
  | { kind: "split"; name: string; criteria: { id: string; name: string }[] };

/**
 * `?confirm=delete|merge|split` (decision 1702): the choice the merge or split form sent by GET, checked as its
 * post will be; a good one is `pending` (the confirmation shows it), a refused one comes back as the form's errors.
 */
function checkChoice(
  query: URLSearchParams,
  id: string,
  {
    members,
    tags,
  }: { members: { id: string; name: string }[]; tags: { id: string; name: string; isSystem: boolean }[] },
): { pending: Pending | null; choice: { intent: "merge" | "split"; reply: SubmissionResult<string[]> } | null } {
  const confirm = query.get("confirm");
  if (confirm === "delete") return { pending: { kind: "delete" }, choice: null };
  const fields = new URLSearchParams(query);
  if (confirm === "merge") {
    fields.set("keepId", id);
    const submission = parseWithZod(fields, { schema: tagMergeSchema });
    const other =
      submission.status === "success"
        ? tags.find((tag) => tag.id === submission.value.mergeId && tag.id !== id && !tag.isSystem)
        : undefined;
    if (other) return { pending: { kind: "merge", mergeId: other.id, mergeName: other.name }, choice: null };
    return {
      pending: null,
      choice: { intent: "merge", reply: submission.reply({ fieldErrors: { mergeId: ["validation:choose"] } }) },
    };
  }
  if (confirm === "split") {
    fields.set("tagId", id);
    const submission = parseWithZod(fields, { schema: tagSplitSchema });
    if (submission.status === "success") {
      const chosen = members.filter((m) => submission.value.criterionIds.includes(m.id));
      if (chosen.length > 0)
        return { pending: { kind: "split", name: submission.value.name, criteria: chosen }, choice: null };
    }
    return { pending: null, choice: { intent: "split", reply: submission.reply() } };
  }
  return { pending: null, choice: null };
}

const intentSchema = z.enum(["rename", "merge", "split", "assign", "delete"]);

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "tags.manage");
  const id = parseTagId(params.tagId);
  const formData = await readForm(request);
  const intent = intentSchema.safeParse(formData.get("intent"));
  if (!intent.success) return data({ intent: null, reply: null }, { status: 400 });
  const done = async (key: string, to = `/criteria/tags/${id}`) => redirectWithToast(to, { key });
  // A write that fails past its checks names the tag (spec §8, 1703): back to the tag with that toast.
  const failed = (toast: Parameters<typeof redirectWithToast>[1]) => redirectWithToast(`/criteria/tags/${id}`, toast);

  if (intent.data === "delete") {
    const attempt = await attemptWrite("delete", "tag", () => deleteCriteriaTag(ctx, id));
    if (!attempt.ok) return failed(attempt.toast);
    const result = attempt.value;
    if (!result.ok) return failed({ type: "error", key: result.errorKey });
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
    const attempt = await attemptWrite("merge", "tag", () => mergeCriteriaTags(ctx, id, submission.value.mergeId));
    if (!attempt.ok) return failed(attempt.toast);
    const result = attempt.value;
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
    const attempt = await attemptWrite("add", "tag", () => splitCriteriaTag(ctx, submission.value));
    if (!attempt.ok) return failed(attempt.toast);
    const result = attempt.value;
    if (!result.ok)
      return data(
        { intent: intent.data, reply: submission.reply({ fieldErrors: { [result.field]: [result.errorKey] } }) },
        { status: 400 },
      );
    return done("criteria:tags.split");
  }
  const submission = parseWithZod(formData, { schema: tagAssignSchema });
  if (submission.status !== "success") return data({ intent: intent.data, reply: submission.reply() }, { status: 400 });
  const assigned = await attemptWrite("assign", "tag", () => assignCriteriaTag(ctx, id, submission.value.criterionIds));
  if (!assigned.ok) return failed(assigned.toast);
  return done("criteria:tags.assigned");
}

/** A refused post of this form, else a refused choice of it (the GET before its confirmation). */
function useIntentResult(intent: string) {
  const result = useActionData<typeof action>();
  const { choice } = useLoaderData<typeof loader>();
  if (result && result.intent === intent && result.reply) return result.reply;
  return choice?.intent === intent ? choice.reply : undefined;
}

type PageData = ReturnType<typeof useLoaderData<typeof loader>>;

/** The merge's confirmation, on the page or in its dialog; a refused choice shows its error. */
function MergeConfirm({ data }: { data: PageData }) {
  const { t } = useTranslation();
  const pending = data.pending?.kind === "merge" ? data.pending : null;
  if (!pending)
    return <ErrorList errors={data.choice?.reply.error?.mergeId ?? undefined} label={t("criteria:tags.mergeWith")} />;
  return (
    <ConfirmForm
      submitLabel={t("criteria:tags.mergeSubmit")}
      cancelHref={`/criteria/tags/${data.tag.id}`}
      hidden={{ intent: "merge", mergeId: pending.mergeId }}
    >
      <p>{t("criteria:tags.mergeConfirm", { name: data.tag.name, other: pending.mergeName })}</p>
    </ConfirmForm>
  );
}

/** The split's confirmation: the new tag's name and the criteria that go to it. */
function SplitConfirm({ data }: { data: PageData }) {
  const { t } = useTranslation();
  const pending = data.pending?.kind === "split" ? data.pending : null;
  if (!pending)
    return (
      <ErrorList
        errors={[...(data.choice?.reply.error?.name ?? []), ...(data.choice?.reply.error?.criterionIds ?? [])]}
        label={t("criteria:tags.newName")}
      />
    );
  return (
    <ConfirmForm
      submitLabel={t("criteria:tags.splitSubmit")}
      cancelHref={`/criteria/tags/${data.tag.id}`}
      hidden={{ intent: "split", name: pending.name, criterionIds: pending.criteria.map((c) => c.id) }}
    >
      <p>{t("criteria:tags.splitConfirm", { name: data.tag.name, other: pending.name })}</p>
      <ul className="mt-2 list-disc pl-6">
        {pending.criteria.map((c) => (
          <li key={c.id}>{c.name}</li>
        ))}
      </ul>
    </ConfirmForm>
  );
}

export default function CriteriaTagPage() {
  const { t } = useTranslation();
  const page = useLoaderData<typeof loader>();
  const { tag, members, criteria, otherTags, pending } = page;
  const tagHref = `/criteria/tags/${tag.id}`;
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
          <TagChoiceStep<PageData>
            formId={mergeForm.id}
            pageHref={tagHref}
            action="merge"
            pending={pending?.kind === "merge"}
            data={page}
            title={t("criteria:tags.merge")}
            confirmation={(data) => <MergeConfirm data={data} />}
          >
            <Field
              label={t("criteria:tags.mergeWith")}
              errors={mergeFields.mergeId.errors}
              selectProps={getSelectProps(mergeFields.mergeId)}
              options={otherTags.map((o) => ({ value: o.id, label: o.name }))}
            />
            <Button>{t("criteria:tags.mergeSubmit")}</Button>
          </TagChoiceStep>
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
          <TagChoiceStep<PageData>
            formId={splitForm.id}
            pageHref={tagHref}
            action="split"
            pending={pending?.kind === "split"}
            data={page}
            title={t("criteria:tags.splitTitle")}
            confirmation={(data) => <SplitConfirm data={data} />}
          >
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
            <Button>{t("criteria:tags.splitSubmit")}</Button>
          </TagChoiceStep>
        </section>
      ) : null}

      <section aria-labelledby="delete-title" className="rounded bg-white p-6 shadow-sm">
        <h2 id="delete-title">{t("criteria:tags.delete")}</h2>
        {tag.isSystem ? (
          <p>{t("criteria:tags.systemCannotBeDeleted")}</p>
        ) : (
          <TagDeleteStep
            pageHref={tagHref}
            open={pending?.kind === "delete"}
            title={t("criteria:tags.deleteTitle", { name: tag.name })}
            label={t("criteria:tags.deleteSubmit")}
            submitLabel={t("criteria:tags.deleteSubmit")}
          >
            <p>{t("criteria:tags.deleteConfirm", { name: tag.name })}</p>
          </TagDeleteStep>
        )}
      </section>
    </div>
  );
}
