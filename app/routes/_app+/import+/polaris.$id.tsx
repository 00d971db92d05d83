import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConnectorStages } from "~/features/imports/connectors/components/connector-stages";
import { getConnectorRun } from "~/features/imports/connectors/connectors.server";
import { importStepPath } from "~/features/imports/import-steps";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";

export const handle = { i18n: ["import"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/**
 * A Polaris import while it runs (spec §2 import/polaris/{id}): the import-source statuses fetch → teams →
 * team_leaders → users → compare → ready as they pass; once ready, on to the same review steps as a
 * spreadsheet (import/excel/{id}).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "users.import");
  const run = await getConnectorRun(ctx, params.id ?? "");
  if (run.kind !== "polaris") throw new Response("Not found", { status: 404 });
  if (run.status === "columns" || run.status === "review" || run.status === "applied")
    throw redirect(importStepPath(run.importId, run.status));
  const t = await getServerT(request);
  return {
    title: pageTitle(t, "import:connector.polaris.runTitle"),
    id: run.importId,
    stage: run.stage,
    status: run.status,
    errorKey: run.errorKey,
    done: run.rowsDone,
  };
}

export default function PolarisRunPage() {
  const { t } = useTranslation();
  const page = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="mb-4">{t("import:connector.polaris.runTitle")}</h1>
      <ConnectorStages stage={page.stage} done={page.done} working={page.status !== "failed"} />
      {page.status === "failed" ? (
        <div role="alert" className="mt-4 rounded border-l-4 border-danger bg-white p-4">
          <p>{t(page.errorKey ?? "import:connector.errors.remote")}</p>
          <Link to="/import/polaris" className="underline">
            {t("import:connector.back")}
          </Link>
        </div>
      ) : null}
    </>
  );
}
