import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";
import { tagBulkDeleteSchema } from "~/features/tags/tags.schema";
import { bulkDeleteTags, getTagsByIds } from "~/features/tags/tags.server";
import { getServerT } from "~/utils/i18n.server";
import { isUuid } from "~/utils/not-found";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { type ToastInput, redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["tags"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "tags.manage");
  const ids = new URL(request.url).searchParams.getAll("ids");
  if (ids.length === 0 || !ids.every(isUuid)) {
    throw await redirectWithToast("/personnel/tags", { type: "error", key: "tags:bulkDelete.none" });
  }
  const t = await getServerT(request);
  return { title: pageTitle(t, "tags:bulkDelete.title"), tags: await getTagsByIds(ctx, ids) };
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "tags.manage");
  const submission = parseWithZod(await readForm(request), { schema: tagBulkDeleteSchema });
  if (submission.status !== "success") {
    throw await redirectWithToast("/personnel/tags", { type: "error", key: "tags:bulkDelete.none" });
  }
  const result = await bulkDeleteTags(ctx, submission.value.ids);
  const toast: ToastInput =
    result.skipped.length > 0
      ? {
          type: "error" as const,
          key: "tags:bulkDelete.partial",
          values: { count: result.deleted, names: result.skipped.join(", ") },
        }
      : result.usedInReviews.length > 0
        ? {
            type: "error" as const,
            key: "tags:bulkDelete.usedInReviews",
            values: { count: result.deleted, names: result.usedInReviews.join(", ") },
          }
        : { key: "tags:bulkDelete.done", values: { count: result.deleted } };
  return redirectWithToast("/personnel/tags", toast);
}

export default function DeleteTagsPage() {
  const { t } = useTranslation();
  const { tags } = useLoaderData<typeof loader>();
  const system = tags.filter((tag) => tag.isSystem);
  return (
    <div className="max-w-2xl">
      <h1 className="mb-4">{t("tags:bulkDelete.heading", { count: tags.length })}</h1>
      <ul className="mb-4 list-disc pl-6">
        {tags.map((tag) => (
          <li key={tag.id}>
            {tag.name}
            {tag.isSystem ? ` — ${t("tags:systemTag")}` : ""}
          </li>
        ))}
      </ul>
      {system.length > 0 ? <p className="mb-4 font-medium text-danger">{t("tags:systemTag")}</p> : null}
      <Form method="post" className="flex items-center gap-4">
        {tags.map((tag) => (
          <input key={tag.id} type="hidden" name="ids" value={tag.id} />
        ))}
        <Button variant="danger">{t("tags:bulkDelete.confirm")}</Button>
        <Link to="/personnel/tags">{t("tags:cancel")}</Link>
      </Form>
    </div>
  );
}
