import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { clusterSchema } from "~/features/account/account.schema";
import {
  getAccountCluster,
  listAccountClusters,
  updateAccountCluster,
} from "~/features/account/account-clusters.server";
import { ClusterForm } from "~/features/account/components/cluster-form";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { can, requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";
import { refusal } from "~/utils/refusal.server";

export const handle = { i18n: ["settings", "account", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** The current cluster's own settings (spec §2 settings, cluster_settings.manage). */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "cluster_settings.manage");
  const t = await getServerT(request);
  return {
    title: pageTitle(t, "settings:cluster.title"),
    cluster: await getAccountCluster(ctx, ctx.clusterId),
    parents: (await listAccountClusters(ctx)).filter((c) => c.id !== ctx.clusterId),
    canManageRoles: can(ctx, "roles.manage"),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "cluster_settings.manage");
  const submission = parseWithZod(await readForm(request), { schema: clusterSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await updateAccountCluster(ctx, ctx.clusterId, submission.value);
  if (!result.ok) return refusal(submission, result);
  return redirectWithToast("/settings", { key: "settings:cluster.saved" });
}

export default function ClusterSettingsPage() {
  const { t } = useTranslation();
  const { cluster, parents, canManageRoles } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div className="max-w-2xl">
      <h1 className="mb-4">{t("settings:cluster.title")}</h1>
      <ClusterForm
        formId="cluster-settings"
        parents={parents}
        defaults={cluster}
        lastResult={lastResult}
        submitLabel={t("settings:cluster.save")}
      />
      {canManageRoles ? (
        <p className="mt-6">
          <Link to="/settings/rights">{t("settings:rights.link")}</Link>
        </p>
      ) : null}
    </div>
  );
}
