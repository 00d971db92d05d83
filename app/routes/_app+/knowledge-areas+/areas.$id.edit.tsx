import { parseWithZod } from "@conform-to/zod/v4";
import { requireModule } from "~/utils/tenant.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { KnowledgeAreaForm } from "~/features/knowledge-areas/components/knowledge-area-form";
import {
  getManagedArea,
  assertManagesKnowledgeAreas,
  updateArea,
} from "~/features/knowledge-areas/knowledge-areas-admin.server";
import { areaSchema } from "~/features/knowledge-areas/knowledge-areas.schema";
import { getServerT } from "~/utils/i18n.server";
import { requireUuid } from "~/utils/not-found";
import { detailPageTitle } from "~/utils/page-title";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";
import { refusal } from "~/utils/refusal.server";
import { writeOrRefuse } from "~/utils/action-failed.server";

/** Rename a knowledge area and change its description (docs/decisions/1320). */
export const handle = { i18n: ["knowledge-areas", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await assertManagesKnowledgeAreas(
    await requireModule(request, "knowledge-areas", "knowledgeArea.manage"),
  );
  const area = await getManagedArea(ctx, requireUuid(params.id));
  const t = await getServerT(request);
  return { title: detailPageTitle(t, area.name, "knowledge-areas:areas.editTitle"), area };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await assertManagesKnowledgeAreas(
    await requireModule(request, "knowledge-areas", "knowledgeArea.manage"),
  );
  const id = requireUuid(params.id);
  const submission = parseWithZod(await readForm(request), { schema: areaSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await writeOrRefuse("update", "knowledgeArea", () => updateArea(ctx, id, submission.value));
  if (!result.ok) return refusal(submission, result);
  return redirectWithToast("/knowledge-areas/areas", { key: "knowledge-areas:areas.saved" });
}

export default function EditKnowledgeAreaPage() {
  const { t } = useTranslation();
  const { area } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <KnowledgeAreaForm
      heading={t("knowledge-areas:areas.editHeading", { name: area.name })}
      defaultValue={{ name: area.name, description: area.description }}
      hint={area.teams > 0 ? t("knowledge-areas:areas.renameHint", { count: area.teams }) : null}
      lastResult={lastResult}
    />
  );
}
