import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { requireModule } from "~/utils/tenant.server";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmHeading } from "~/components/confirm-dialog";
import { AreaArchiveConfirm } from "~/features/knowledge-areas/components/area-archive-confirm";
import {
  archiveArea,
  getManagedArea,
  assertManagesKnowledgeAreas,
} from "~/features/knowledge-areas/knowledge-areas-admin.server";
import { getServerT } from "~/utils/i18n.server";
import { requireUuid } from "~/utils/not-found";
import { detailPageTitle } from "~/utils/page-title";
import { redirectWithToast } from "~/utils/toast.server";
import { writeOrRedirect } from "~/utils/action-failed.server";

/**
 * Archive a knowledge area after a confirmation page (docs/decisions/1320): it leaves every team's card and
 * the setup; what teams needed and what people could is kept for when it is brought back.
 */
export const handle = { i18n: ["knowledge-areas"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await assertManagesKnowledgeAreas(
    await requireModule(request, "knowledge-areas", "knowledgeArea.manage"),
  );
  const area = await getManagedArea(ctx, requireUuid(params.id));
  if (area.archived) throw await redirectWithToast("/knowledge-areas/areas", { key: "knowledge-areas:areas.archived" });
  const t = await getServerT(request);
  return { title: detailPageTitle(t, area.name, "knowledge-areas:areas.archiveTitle"), area };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await assertManagesKnowledgeAreas(
    await requireModule(request, "knowledge-areas", "knowledgeArea.manage"),
  );
  await writeOrRedirect("delete", "knowledgeArea", request, () => archiveArea(ctx, requireUuid(params.id)));
  return redirectWithToast("/knowledge-areas/areas", { key: "knowledge-areas:areas.archived" });
}

export default function ArchiveKnowledgeAreaPage() {
  const { t } = useTranslation();
  const { area } = useLoaderData<typeof loader>();
  return (
    <div className="max-w-2xl">
      <ConfirmHeading>{t("knowledge-areas:areas.archiveHeading", { name: area.name })}</ConfirmHeading>
      <AreaArchiveConfirm area={area} />
    </div>
  );
}
