import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { modulesSchema } from "~/features/account/account.schema";
import { getModuleMatrix, setClusterModules } from "~/features/account/account-modules.server";
import { ModuleCheckboxes } from "~/features/account/components/module-checkboxes";
import { getServerT } from "~/utils/i18n.server";
import { notFound } from "~/utils/not-found";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["account"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** The current cluster's modules, within what the account allows (spec §2 modules, cluster_modules.manage). */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "cluster_modules.manage");
  const t = await getServerT(request);
  const matrix = await getModuleMatrix(ctx);
  return {
    title: pageTitle(t, "account:modules.clusterTitle"),
    clusterName: ctx.cluster.name,
    available: matrix.modules.filter((m) => m.active).map((m) => m.key),
    checked: matrix.clusters.find((c) => c.id === ctx.clusterId)?.modules ?? [],
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "cluster_modules.manage");
  const submission = parseWithZod(await readForm(request), { schema: modulesSchema });
  if (submission.status !== "success") notFound();
  const result = await setClusterModules(ctx, ctx.clusterId, submission.value.modules);
  if (!result.ok) return data({ error: result.errorKey }, { status: 400 });
  return redirectWithToast("/modules", { key: "account:modules.saved" });
}

export default function ClusterModulesPage() {
  const { t } = useTranslation();
  const { available, checked, clusterName } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <div className="max-w-2xl space-y-4">
      <h1>{t("account:modules.clusterTitle")}</h1>
      <p>{t("account:modules.clusterIntro")}</p>
      <ModuleCheckboxes
        legend={t("account:modules.forCluster", { name: clusterName })}
        available={available}
        checked={checked}
        error={failed?.error ?? null}
        submitLabel={t("account:modules.saveCluster", { name: clusterName })}
      />
    </div>
  );
}
