import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmHeading } from "~/components/confirm-dialog";
import { TagsBulkDeleteConfirm } from "~/features/tags/components/tag-confirmations";
import { tagBulkDeleteSchema } from "~/features/tags/tags.schema";
import { bulkDeleteTags, getTagsByIds } from "~/features/tags/tags.server";
import { getServerT } from "~/utils/i18n.server";
import { isUuid } from "~/utils/not-found";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { type ToastInput, redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";
import { writeOrRedirect } from "~/utils/action-failed.server";

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
  const result = await writeOrRedirect("delete", "tag", request, () => bulkDeleteTags(ctx, submission.value.ids));
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
  return (
    <div className="max-w-2xl">
      <ConfirmHeading>{t("tags:bulkDelete.heading", { count: tags.length })}</ConfirmHeading>
      <TagsBulkDeleteConfirm tags={tags} />
    </div>
  );
}
