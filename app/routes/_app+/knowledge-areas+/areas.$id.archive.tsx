import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { requireModule } from "~/utils/tenant.server";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";
import {
  archiveArea,
  getManagedArea,
  assertManagesKnowledgeAreas,
} from "~/features/knowledge-areas/knowledge-areas-admin.server";
import { getServerT } from "~/utils/i18n.server";
import { requireUuid } from "~/utils/not-found";
import { detailPageTitle } from "~/utils/page-title";
import { redirectWithToast } from "~/utils/toast.server";

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
  await archiveArea(ctx, requireUuid(params.id));
  return redirectWithToast("/knowledge-areas/areas", { key: "knowledge-areas:areas.archived" });
}

export default function ArchiveKnowledgeAreaPage() {
  const { t } = useTranslation();
  const { area } = useLoaderData<typeof loader>();
  return (
    <div className="max-w-2xl">
      <h1 className="mb-4">{t("knowledge-areas:areas.archiveHeading", { name: area.name })}</h1>
      <p className="mb-2">{t("knowledge-areas:areas.archiveExplain", { count: area.teams })}</p>
      <p className="mb-4">{t("knowledge-areas:areas.archiveKept")}</p>
      <Form method="post" className="flex items-center gap-4">
        <Button variant="danger">{t("knowledge-areas:areas.archiveConfirm")}</Button>
        <Link to="/knowledge-areas/areas">{t("knowledge-areas:areas.cancel")}</Link>
      </Form>
    </div>
  );
}
