import { parseWithZod } from "@conform-to/zod/v4";
import { requireModule } from "~/utils/tenant.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { KnowledgeAreaForm } from "~/features/knowledge-areas/components/knowledge-area-form";
import { createArea, assertManagesKnowledgeAreas } from "~/features/knowledge-areas/knowledge-areas-admin.server";
import { areaSchema } from "~/features/knowledge-areas/knowledge-areas.schema";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";
import { refusal } from "~/utils/refusal.server";
import { writeOrRefuse } from "~/utils/action-failed.server";

/** Add a knowledge area to the cluster, on no card yet; teams choose it in the setup (docs/decisions/1320). */
export const handle = { i18n: ["knowledge-areas", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  await assertManagesKnowledgeAreas(await requireModule(request, "knowledge-areas", "knowledgeArea.manage"));
  const t = await getServerT(request);
  return { title: pageTitle(t, "knowledge-areas:areas.addTitle") };
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await assertManagesKnowledgeAreas(
    await requireModule(request, "knowledge-areas", "knowledgeArea.manage"),
  );
  const submission = parseWithZod(await readForm(request), { schema: areaSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await writeOrRefuse("add", "knowledgeArea", () => createArea(ctx, submission.value));
  if (!result.ok) return refusal(submission, result);
  return redirectWithToast("/knowledge-areas/areas", { key: "knowledge-areas:areas.added" });
}

export default function NewKnowledgeAreaPage() {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>();
  return <KnowledgeAreaForm heading={t("knowledge-areas:areas.addTitle")} lastResult={lastResult} />;
}
