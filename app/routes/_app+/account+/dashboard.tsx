import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getAccountDashboard } from "~/features/account/account.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";

export const handle = { i18n: ["account"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "account.admin");
  const t = await getServerT(request);
  return {
    title: pageTitle(t, "account:dashboard.title"),
    accountName: ctx.account.name,
    ...(await getAccountDashboard(ctx)),
  };
}

export default function AccountDashboardPage() {
  const { t } = useTranslation();
  const d = useLoaderData<typeof loader>();
  const rows: [string, string][] = [
    [t("account:dashboard.status"), t(`account:dashboard.statuses.${d.licenceStatus}`)],
    [t("account:dashboard.clusters"), String(d.clusters)],
    [t("account:dashboard.teams"), t("account:dashboard.ofLicensed", { used: d.teams, licensed: d.licensedTeams })],
    [
      t("account:dashboard.employees"),
      t("account:dashboard.ofLicensed", { used: d.employees, licensed: d.licensedEmployees }),
    ],
    [t("account:dashboard.expiresAt"), d.expiresAt || t("account:dashboard.noExpiry")],
  ];
  return (
    <div className="max-w-2xl">
      <h1 className="mb-4">{t("account:dashboard.title")}</h1>
      <p className="mb-4">{d.accountName}</p>
      {d.trialDaysLeft !== null ? (
        <p className="mb-4 rounded bg-white p-4 font-medium shadow-sm" data-testid="trial-days">
          {t("account:dashboard.trialDaysLeft", { count: d.trialDaysLeft })}
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-2 rounded bg-white p-6 shadow-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
