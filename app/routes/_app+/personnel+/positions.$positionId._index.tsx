import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MergeLink } from "~/features/merge/merge-page";
import { positionMergePage } from "~/features/positions/components/position-confirmations";
import { PositionForm } from "~/features/positions/components/position-form";
import { positionSchema } from "~/features/positions/positions.schema";
import { getPosition, listPositionOptions, updatePosition } from "~/features/positions/positions.server";
import { getServerT } from "~/utils/i18n.server";
import { requireUuid } from "~/utils/not-found";
import { pageTitle } from "~/utils/page-title";
import { can, requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";
import { refusal } from "~/utils/refusal.server";
import { writeOrRefuse } from "~/utils/action-failed.server";

export const handle = { i18n: ["positions", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "positions.read");
  const position = await getPosition(ctx, requireUuid(params.positionId));
  const t = await getServerT(request);
  const canManage = can(ctx, "positions.manage");
  const options = await listPositionOptions(ctx);
  return {
    title: `${position.name} · ${pageTitle(t, "positions:title")}`,
    position,
    canManage,
    parents: options.filter((o) => o.id !== position.id),
    parentName: options.find((o) => o.id === position.parentId)?.name ?? null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "positions.manage");
  const id = requireUuid(params.positionId);
  const submission = parseWithZod(await readForm(request), { schema: positionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await writeOrRefuse("update", "position", () => updatePosition(ctx, id, submission.value));
  if (!result.ok) return refusal(submission, result);
  return redirectWithToast(`/personnel/positions/${id}`, { key: "positions:saved" });
}

export default function PositionPage() {
  const { t } = useTranslation();
  const { position, canManage, parents, parentName } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div className="max-w-2xl">
      <p className="mb-2">
        <Link to="/personnel/positions">{t("positions:backToList")}</Link>
      </p>
      <h1 className="mb-4">{position.name}</h1>
      <p className="mb-4">{t("positions:contractsCount", { count: position.contractsCount })}</p>
      {canManage ? (
        <>
          <div className="rounded bg-white p-6 shadow-sm">
            <PositionForm
              id="position-edit"
              lastResult={lastResult}
              defaults={position}
              parents={parents}
              submitLabel={t("positions:save")}
            />
          </div>
          <p className="mt-4">
            <MergeLink
              page={positionMergePage}
              href={`/personnel/positions/${position.id}/merge`}
              name={position.name}
            />
          </p>
        </>
      ) : (
        <dl className="grid grid-cols-2 gap-2 rounded bg-white p-6 shadow-sm">
          <dt className="font-medium">{t("positions:code")}</dt>
          <dd>{position.code}</dd>
          <dt className="font-medium">{t("positions:parent")}</dt>
          <dd>{parentName}</dd>
          <dt className="font-medium">{t("positions:levels")}</dt>
          <dd>{position.levels}</dd>
        </dl>
      )}
    </div>
  );
}
