import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ListTable, Row } from "~/components/ui/table";
import { ClusterForm } from "~/features/account/components/cluster-form";
import { clusterSchema } from "~/features/account/account.schema";
import { createAccountCluster, listAccountClusters } from "~/features/account/account-clusters.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";
import { refusal } from "~/utils/refusal.server";

export const handle = { i18n: ["account", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "account.admin");
  const t = await getServerT(request);
  return { title: pageTitle(t, "account:clusters.title"), clusters: await listAccountClusters(ctx) };
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "account.admin");
  const submission = parseWithZod(await readForm(request), { schema: clusterSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await createAccountCluster(ctx, submission.value);
  if (!result.ok) return refusal(submission, result);
  return redirectWithToast(`/account/clusters/${result.id}`, {
    key: "account:clusters.created",
    values: { name: submission.value.name },
  });
}

export default function AccountClustersPage() {
  const { t } = useTranslation();
  const { clusters } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <>
      <h1 className="mb-4">{t("account:clusters.title")}</h1>
      <ClusterForm parents={clusters} lastResult={lastResult} />
      <ListTable
        sticky={false}
        className="mt-8 w-full bg-white text-left shadow-sm"
        columns={[
          { label: t("account:clusters.name") },
          { label: t("account:clusters.parent") },
          { label: t("account:clusters.teams") },
          { label: t("account:clusters.employees") },
        ]}
      >
        {clusters.map((c) => (
          <Row
            key={c.id}
            cells={[<Link to={`/account/clusters/${c.id}`}>{c.name}</Link>, c.parentName, c.teams, c.employees]}
          />
        ))}
      </ListTable>
    </>
  );
}
