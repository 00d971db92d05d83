import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { clusterSchema } from "~/features/account/account.schema";
import { MinGroupSizeForm } from "~/features/analytics/components/min-group-size-form";
import { minGroupSizeSchema } from "~/features/analytics/small-groups.schema";
import { minGroupSize, saveMinGroupSize } from "~/features/analytics/small-groups.server";
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
import { writeOrRefuse } from "~/utils/action-failed.server";

export const handle = { i18n: ["settings", "account", "analytics", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** The current cluster's own settings (spec §2 settings, cluster_settings.manage). */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "cluster_settings.manage");
  const t = await getServerT(request);
  return {
    title: pageTitle(t, "settings:cluster.title"),
    cluster: await getAccountCluster(ctx, ctx.clusterId),
    minGroupSize: await minGroupSize(ctx),
    parents: (await listAccountClusters(ctx)).filter((c) => c.id !== ctx.clusterId),
    canManageRoles: can(ctx, "roles.manage"),
  };
}

/** Two forms: the cluster's name and parent ("save"), and the analytics' minimum group size (1600). */
export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "cluster_settings.manage");
  const formData = await readForm(request);
  switch (formData.get("intent") ?? "save") {
    case "save": {
      const submission = parseWithZod(formData, { schema: clusterSchema });
      if (submission.status !== "success") return data(submission.reply(), { status: 400 });
      const result = await writeOrRefuse("save", "settings", () =>
        updateAccountCluster(ctx, ctx.clusterId, submission.value),
      );
      if (!result.ok) return refusal(submission, result);
      return redirectWithToast("/settings", { key: "settings:cluster.saved" });
    }
    case "minGroupSize": {
      const submission = parseWithZod(formData, { schema: minGroupSizeSchema });
      if (submission.status !== "success") return data(submission.reply(), { status: 400 });
      const result = await writeOrRefuse("save", "settings", () =>
        saveMinGroupSize(ctx, submission.value.minGroupSize),
      );
      if (!result.ok) return refusal(submission, result);
      return redirectWithToast("/settings", { key: "settings:cluster.saved" });
    }
    default:
      return data(null, { status: 400 });
  }
}

export default function ClusterSettingsPage() {
  const { t } = useTranslation();
  const { cluster, parents, canManageRoles, minGroupSize } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() ?? undefined;
  // Each form shows only its own reply (conform's reply carries the submitted intent).
  const replyOf = (intent: string) =>
    lastResult && lastResult.initialValue?.intent === intent ? lastResult : undefined;
  return (
    <div className="max-w-2xl">
      <h1 className="mb-4">{t("settings:cluster.title")}</h1>
      <ClusterForm
        formId="cluster-settings"
        parents={parents}
        defaults={cluster}
        lastResult={replyOf("save")}
        submitLabel={t("settings:cluster.save")}
      />
      <MinGroupSizeForm value={minGroupSize} lastResult={replyOf("minGroupSize")} />
      {canManageRoles ? (
        <p className="mt-6">
          <Link to="/settings/rights">{t("settings:rights.link")}</Link>
        </p>
      ) : null}
    </div>
  );
}
