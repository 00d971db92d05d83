import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RefreshWhileWorking } from "~/components/ui/refresh-while-working";
import { RequestPersonalDataForm } from "~/features/privacy/components/personal-data-links";
import { personalDataExportPage } from "~/features/privacy/personal-data-exports.server";
import { formatDateTime } from "~/utils/format";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireUser } from "~/utils/tenant.server";

export const handle = { i18n: ["audit"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** One data export (decision 1740): its progress while the job works, then the downloads until they expire. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireUser(request);
  const page = await personalDataExportPage(ctx, params.id);
  const t = await getServerT(request);
  return { ...page, title: pageTitle(t, "audit:personalData.page.title") };
}

export default function PersonalDataExportPage() {
  const { t } = useTranslation();
  const e = useLoaderData<typeof loader>();
  const working = e.status === "pending" || e.status === "running";
  const again = (
    <RequestPersonalDataForm userId={e.own ? undefined : e.personId} label={t("audit:personalData.page.again")} />
  );
  return (
    <div className="max-w-2xl rounded bg-white p-6 shadow-sm">
      <h1 className="mb-2">{t("audit:personalData.page.title")}</h1>
      <p className="mb-4">
        {e.own ? t("audit:personalData.page.own") : t("audit:personalData.page.of", { name: e.personName })} ·{" "}
        {t("audit:personalData.page.requested", { at: formatDateTime(e.createdAt) })}
      </p>
      <section aria-live="polite">
        {working ? (
          <>
            <RefreshWhileWorking />
            <h2 className="mb-2">{t("audit:personalData.page.working")}</h2>
            <label htmlFor="export-progress" className="block">
              {t("audit:personalData.page.progress", { progress: e.progress })}
            </label>
            <progress id="export-progress" className="w-full max-w-md" value={e.progress} max={100} />
            <p className="mt-2">
              {t("audit:personalData.page.mail")} <Link to=".">{t("audit:personalData.page.refresh")}</Link>
            </p>
          </>
        ) : e.status === "failed" ? (
          <div role="alert">
            <h2 className="mb-2">{t("audit:personalData.page.failed")}</h2>
            {again}
          </div>
        ) : e.expired ? (
          <>
            <h2 className="mb-2">{t("audit:personalData.expired.title")}</h2>
            <p className="mb-2">{t("audit:personalData.expired.body")}</p>
            {again}
          </>
        ) : (
          <>
            <h2 className="mb-2">{t("audit:personalData.page.ready")}</h2>
            <p className="mb-2 flex flex-wrap gap-4">
              <a href={`/resources/personal-data-file/${e.id}/json`} download>
                {t("audit:personalData.json")}
              </a>
              <a href={`/resources/personal-data-file/${e.id}/xlsx`} download>
                {t("audit:personalData.xlsx")}
              </a>
            </p>
            <p>{t("audit:personalData.page.until", { at: formatDateTime(e.expiresAt) })}</p>
          </>
        )}
      </section>
    </div>
  );
}
