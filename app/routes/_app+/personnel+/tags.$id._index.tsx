import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, FormErrorSummary, InputField, useZodForm } from "~/components/ui/forms";
import { PeoplePicker, PersonButtonList, asPicked } from "~/components/ui/people-picker";
import { MergeLink } from "~/features/merge/merge-page";
import { SplitLink } from "~/features/merge/split-page";
import { tagMergePage, tagSplitPage } from "~/features/tags/components/tag-confirmations";
import { tagMemberSchema, tagSchema } from "~/features/tags/tags.schema";
import {
  assignTag,
  getTag,
  listTagMembers,
  renameTag,
  searchTagCandidates,
  unassignTag,
} from "~/features/tags/tags.server";
import { getServerT } from "~/utils/i18n.server";
import { notFound, requireUuid } from "~/utils/not-found";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { parseRequestFilter, searchFilterSchema } from "~/utils/list-filter";
import { readForm } from "~/utils/read-form.server";
import { refusal } from "~/utils/refusal.server";
import { writeOrRedirect, writeOrRefuse } from "~/utils/action-failed.server";

export const handle = { i18n: ["tags", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "tags.manage");
  const tag = await getTag(ctx, requireUuid(params.id));
  const { q } = parseRequestFilter(searchFilterSchema, request);
  const t = await getServerT(request);
  return {
    title: `${tag.name} · ${pageTitle(t, "tags:title")}`,
    tag,
    q,
    members: await listTagMembers(ctx, tag.id),
    candidates: await searchTagCandidates(ctx, tag.id, q),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "tags.manage");
  const tagId = requireUuid(params.id);
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  const here = `/personnel/tags/${tagId}`;
  const member = () => {
    const submission = parseWithZod(formData, { schema: tagMemberSchema });
    return submission.status === "success" ? submission.value.membershipId : notFound();
  };
  switch (intent) {
    case "rename": {
      const submission = parseWithZod(formData, { schema: tagSchema });
      if (submission.status !== "success") return data(submission.reply(), { status: 400 });
      const result = await writeOrRefuse("update", "tag", () => renameTag(ctx, tagId, submission.value));
      if (!result.ok) return refusal(submission, result);
      return redirectWithToast(here, { key: "tags:saved" });
    }
    case "add":
      await writeOrRedirect("assign", "tag", request, () => assignTag(ctx, tagId, [member()]));
      return redirectWithToast(here, { key: "tags:assigned" });
    case "remove":
      await writeOrRedirect("assign", "tag", request, () => unassignTag(ctx, tagId, member()));
      return redirectWithToast(here, { key: "tags:unassigned" });
    default:
      throw new Response("Bad request", { status: 400 });
  }
}

export default function TagPage() {
  const { t } = useTranslation();
  const { tag, members, candidates, q } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(tagSchema, { id: "tag-rename", lastResult, defaultValue: { name: tag.name } });
  const labels = { name: t("tags:name") };
  return (
    <div className="max-w-4xl">
      <p className="mb-2">
        <Link to="/personnel/tags">{t("tags:backToList")}</Link>
      </p>
      <h1 className="mb-4">{tag.name}</h1>
      {tag.isSystem ? <p className="mb-4">{t("tags:systemTag")}</p> : null}
      <FormErrorSummary form={form} fields={fields} labels={labels} />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <InputField meta={fields.name} label={labels.name} />
        <Button name="intent" value="rename">
          {t("tags:rename")}
        </Button>
      </Form>
      <ul className="mt-4 flex gap-6">
        <li>
          <MergeLink page={tagMergePage} href={`/personnel/tags/${tag.id}/merge`} name={tag.name} />
        </li>
        <li>
          <SplitLink page={tagSplitPage} href={`/personnel/tags/${tag.id}/split`} name={tag.name} />
        </li>
      </ul>
      <h2 className="mb-2 mt-8">{t("tags:members.title", { count: members.length })}</h2>
      {members.length === 0 ? <p>{t("tags:members.empty")}</p> : null}
      <PersonButtonList
        people={members.map(asPicked)}
        fieldName="membershipId"
        intent="remove"
        buttonText={t("tags:members.removeShort")}
        buttonLabel={(name) => t("tags:members.remove", { name })}
      />
      <PeoplePicker
        headingId="tag-add-title"
        heading={t("tags:members.add")}
        search={{
          id: "tag-candidate-search",
          label: t("tags:members.search"),
          submitLabel: t("tags:members.searchSubmit"),
        }}
        q={q}
        candidates={candidates.map(asPicked)}
        noCandidates={t("tags:members.noCandidates")}
        addText={t("tags:members.addShort")}
        addLabel={(name) => t("tags:members.addPerson", { name })}
      />
    </div>
  );
}
