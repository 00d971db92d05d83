import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { clusterModulesSchema, modulesSchema } from "~/features/account/account.schema";
import { getModuleMatrix, setAccountModules, setClusterModules } from "~/features/account/account-modules.server";
import { ModuleCheckboxes } from "~/features/account/components/module-checkboxes";
import { getServerT } from "~/utils/i18n.server";
import { moduleKeys } from "~/utils/modules";
import { notFound } from "~/utils/not-found";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["account"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "account.admin");
  const t = await getServerT(request);
  return { title: pageTitle(t, "account:modules.title"), ...(await getModuleMatrix(ctx)) };
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "account.admin");
  const formData = await readForm(request);
  if (formData.get("scope") === "account") {
    const submission = parseWithZod(formData, { schema: modulesSchema });
    if (submission.status !== "success") notFound();
    await setAccountModules(ctx, submission.value.modules);
  } else {
    const submission = parseWithZod(formData, { schema: clusterModulesSchema });
    if (submission.status !== "success") notFound();
    const result = await setClusterModules(ctx, submission.value.clusterId, submission.value.modules);
    if (!result.ok) return data({ clusterId: submission.value.clusterId, error: result.errorKey }, { status: 400 });
  }
  return redirectWithToast("/account/modules", { key: "account:modules.saved" });
}

export default function AccountModulesPage() {
  const { t } = useTranslation();
  const { modules, clusters } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const active = modules.filter((m) => m.active).map((m) => m.key);
  return (
    <div className="max-w-3xl space-y-8">
      <h1>{t("account:modules.title")}</h1>
      <p>{t("account:modules.intro")}</p>
      <ModuleCheckboxes
        legend={t("account:modules.forAccount")}
        available={moduleKeys}
        checked={active}
        hidden={{ scope: "account" }}
        submitLabel={t("account:modules.saveAccount")}
      />
      {clusters.map((c) => (
        <ModuleCheckboxes
          key={c.id}
          legend={t("account:modules.forCluster", { name: c.name })}
          available={active}
          checked={c.modules}
          hidden={{ scope: "cluster", clusterId: c.id }}
          error={failed && failed.clusterId === c.id ? failed.error : null}
          submitLabel={t("account:modules.saveCluster", { name: c.name })}
        />
      ))}
    </div>
  );
}
