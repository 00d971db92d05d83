import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmHeading } from "~/components/confirm-dialog";
import { PositionsBulkDeleteConfirm } from "~/features/positions/components/position-confirmations";
import { positionBulkDeleteSchema } from "~/features/positions/positions.schema";
import { bulkDeletePositions, getPositionsByIds } from "~/features/positions/positions.server";
import { getServerT } from "~/utils/i18n.server";
import { isUuid } from "~/utils/not-found";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { type ToastInput, redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";
import { writeOrRedirect } from "~/utils/action-failed.server";

export const handle = { i18n: ["positions"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "positions.manage");
  const ids = new URL(request.url).searchParams.getAll("ids");
  if (ids.length === 0 || !ids.every(isUuid)) {
    throw await redirectWithToast("/personnel/positions", { type: "error", key: "positions:bulkDelete.none" });
  }
  const t = await getServerT(request);
  return { title: pageTitle(t, "positions:bulkDelete.title"), positions: await getPositionsByIds(ctx, ids) };
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "positions.manage");
  const submission = parseWithZod(await readForm(request), { schema: positionBulkDeleteSchema });
  if (submission.status !== "success") {
    throw await redirectWithToast("/personnel/positions", { type: "error", key: "positions:bulkDelete.none" });
  }
  const result = await writeOrRedirect("delete", "position", request, () =>
    bulkDeletePositions(ctx, submission.value.ids),
  );
  const toast: ToastInput =
    result.skipped.length > 0
      ? {
          type: "error" as const,
          key: "positions:bulkDelete.partial",
          values: { count: result.deleted, names: result.skipped.join(", ") },
        }
      : { key: "positions:bulkDelete.done", values: { count: result.deleted } };
  return redirectWithToast("/personnel/positions", toast);
}

export default function DeletePositionsPage() {
  const { t } = useTranslation();
  const { positions } = useLoaderData<typeof loader>();
  return (
    <div className="max-w-2xl">
      <ConfirmHeading>{t("positions:bulkDelete.heading", { count: positions.length })}</ConfirmHeading>
      <PositionsBulkDeleteConfirm positions={positions} />
    </div>
  );
}
